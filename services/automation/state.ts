/**
 * What the conversation automation reads about a ticket: its bot state (migration
 * conversation_flow) and its connection's automation fields (core §3), in one query.
 */
import { type Queryable, sql } from "../../lib/db/mod.ts";
import type { OpeningHoursDay } from "../companies/weekdays.ts";
import type { ServiceDeps } from "../deps.ts";
import type { Connection } from "../whatsapp/connection_rows.ts";

/** What the conversation automation uses of the services. */
export type FlowDeps =
  & Pick<ServiceDeps, "db" | "hub" | "media" | "clock" | "isp">
  & Partial<Pick<ServiceDeps, "mediaLinks" | "log" | "outbound">>;

/** The connection's fields the automation acts on (core §3); minutes, 0 meaning off. */
export type FlowConnection = Pick<
  Connection,
  | "id"
  | "greetingMessage"
  | "complationMessage"
  | "outOfHoursMessage"
  | "ratingMessage"
  | "expiresInactiveMessage"
  | "expiresTicket"
  | "timeUseBotQueues"
  | "maxUseBotQueues"
  | "timeToTransfer"
  | "transferQueueId"
>;

export interface FlowTicket {
  id: number;
  companyId: number;
  status: "pending" | "open" | "closed";
  contactId: number;
  queueId: number | null;
  userId: number | null;
  isGroup: boolean;
  chatbot: boolean;
  queueOptionId: number | null;
  botRounds: number;
  botSpokeAt: Date | null;
  outOfHoursAt: Date | null;
  ratingAskedAt: Date | null;
  ratingRetries: number;
  contact: { name: string };
  /** The ticket's queue's opening hours (scheduleType "queue"), when it has a queue. */
  queueSchedules: OpeningHoursDay[] | null;
  companySchedules: OpeningHoursDay[];
  connection: FlowConnection | null;
}

const date = (value: unknown) =>
  value === null || value === undefined ? null : new Date(value as string);

export async function loadFlowTicket(
  db: Queryable,
  companyId: number,
  ticketId: number,
): Promise<FlowTicket | undefined> {
  // deno-lint-ignore no-explicit-any
  const row = await db.maybeOne<Record<string, any>>(sql`
    select t.id, t.company_id, t.status, t.contact_id, t.queue_id, t.user_id, t.is_group,
           t.chatbot, t.queue_option_id, t.bot_rounds, t.bot_spoke_at, t.out_of_hours_at,
           t.rating_asked_at, t.rating_retries, c.name as contact_name,
           q.schedules as queue_schedules, co.schedules as company_schedules,
           w.id as w_id, w.greeting_message, w.complation_message, w.out_of_hours_message,
           w.rating_message, w.expires_inactive_message, w.expires_ticket,
           w.time_use_bot_queues, w.max_use_bot_queues, w.time_to_transfer,
           w.transfer_queue_id
    from tickets t
    join contacts c on c.id = t.contact_id
    join companies co on co.id = t.company_id
    left join queues q on q.id = t.queue_id
    left join whatsapps w on w.id = t.whatsapp_id
    where t.company_id = ${companyId} and t.id = ${ticketId}`);
  if (!row) return undefined;
  return {
    id: row.id,
    companyId: row.company_id,
    status: row.status,
    contactId: row.contact_id,
    queueId: row.queue_id,
    userId: row.user_id,
    isGroup: row.is_group,
    chatbot: row.chatbot,
    queueOptionId: row.queue_option_id,
    botRounds: row.bot_rounds,
    botSpokeAt: date(row.bot_spoke_at),
    outOfHoursAt: date(row.out_of_hours_at),
    ratingAskedAt: date(row.rating_asked_at),
    ratingRetries: row.rating_retries,
    contact: { name: row.contact_name },
    queueSchedules: row.queue_id === null ? null : row.queue_schedules ?? [],
    companySchedules: row.company_schedules ?? [],
    connection: row.w_id === null ? null : {
      id: row.w_id,
      greetingMessage: row.greeting_message,
      complationMessage: row.complation_message,
      outOfHoursMessage: row.out_of_hours_message,
      ratingMessage: row.rating_message,
      expiresInactiveMessage: row.expires_inactive_message,
      expiresTicket: row.expires_ticket,
      timeUseBotQueues: row.time_use_bot_queues,
      maxUseBotQueues: row.max_use_bot_queues,
      timeToTransfer: row.time_to_transfer,
      transferQueueId: row.transfer_queue_id,
    },
  };
}

/** Who the system's messages go to, as sendSystemMessage takes it. */
export function recipientOf(ticket: FlowTicket) {
  return {
    id: ticket.id,
    contactId: ticket.contactId,
    contact: ticket.contact,
    whatsappId: ticket.connection?.id ?? null,
    isGroup: ticket.isGroup,
  };
}
