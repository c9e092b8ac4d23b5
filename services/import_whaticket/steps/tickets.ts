/**
 * Tickets and what hangs on them: tags, notes, tracking rows (one per attendance cycle) and
 * ratings. Our rule of one ticket in progress per contact and connection is kept: a second
 * one found in the source is imported closed, and reported.
 */
import { sql } from "../../../lib/db/mod.ts";
import type { Decision, TableStep } from "../engine.ts";
import {
  bool,
  count,
  instant,
  MISSING_COMPANY,
  ref,
  STAMP_COLUMNS,
  stamps,
  stripMarkers,
  text,
} from "../values.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const STATUSES = new Set(["pending", "open", "closed"]);

export const tickets: TableStep = {
  table: "Tickets",
  select: `select * from "Tickets"`,
  keyType: "int",
  target: {
    name: "tickets",
    serial: true,
    columns: {
      company_id: "integer",
      uuid: "uuid",
      contact_id: "integer",
      whatsapp_id: "integer",
      user_id: "integer",
      queue_id: "integer",
      status: "text",
      is_group: "boolean",
      chatbot: "boolean",
      last_message: "text",
      unread_messages: "integer",
      queue_option_id: "integer",
      ...STAMP_COLUMNS,
    },
  },
  async decide(rows, ctx) {
    const [companyIds, contactIds, whatsappIds, userIds, queueIds, optionIds] = [
      await ctx.ids("Companies"),
      await ctx.ids("Contacts"),
      await ctx.ids("Whatsapps"),
      await ctx.ids("Users"),
      await ctx.ids("Queues"),
      await ctx.ids("QueueOptions"),
    ];
    const place = (contactId: number, whatsappId: number | null) => `${contactId}:${whatsappId}`;
    const batchContacts = rows.map((row) => ref(contactIds, row.contactId) ?? 0);
    // Conversations in progress already here (an earlier run, or Balcão's own since).
    const inProgress = new Set(
      (await ctx.target.query<{ contact_id: number; whatsapp_id: number }>(sql`
        select contact_id, whatsapp_id from tickets
        where contact_id = any(${batchContacts}::int[]) and status <> 'closed'
          and whatsapp_id is not null`))
        .map((row) => place(row.contact_id, row.whatsapp_id)),
    );
    return rows.map((row, i): Decision => {
      const sourceId = String(row.id);
      const companyId = ref(companyIds, row.companyId);
      if (!companyId) return { sourceId, skip: MISSING_COMPANY };
      const contactId = batchContacts[i]!;
      if (!contactId) return { sourceId, skip: "its contact is missing (orphan row)" };
      const whatsappId = ref(whatsappIds, row.whatsappId);
      let status = STATUSES.has(String(row.status)) ? String(row.status) : "closed";
      let repaired: string | undefined;
      if (status !== "closed" && whatsappId !== null) {
        if (inProgress.has(place(contactId, whatsappId))) {
          status = "closed";
          repaired = "a second ticket in progress for the same contact and connection: closed";
        } else {
          inProgress.add(place(contactId, whatsappId));
        }
      }
      const uuid = text(row.uuid);
      return {
        sourceId,
        insert: {
          company_id: companyId,
          uuid: UUID.test(uuid) ? uuid : crypto.randomUUID(),
          contact_id: contactId,
          whatsapp_id: whatsappId,
          user_id: ref(userIds, row.userId),
          queue_id: ref(queueIds, row.queueId),
          status,
          is_group: bool(row.isGroup),
          chatbot: bool(row.chatbot),
          last_message: stripMarkers(text(row.lastMessage)),
          unread_messages: count(row.unreadMessages),
          queue_option_id: ref(optionIds, row.queueOptionId),
          ...stamps(row, ctx.now),
        },
        repaired,
      };
    });
  },
};

/** Whaticket's TicketTags has no key: duplicates read as one (and our key keeps them one). */
export const ticketTags: TableStep = {
  table: "TicketTags",
  select: `select tt."ticketId" || ':' || tt."tagId" as id, tt.*, t."companyId"
    from "TicketTags" tt left join "Tickets" t on t.id = tt."ticketId"`,
  keyType: "text",
  target: {
    name: "ticket_tags",
    serial: false,
    columns: { ticket_id: "integer", tag_id: "integer", company_id: "integer" },
  },
  async decide(rows, ctx) {
    const [companyIds, ticketIds, tagIds] = [
      await ctx.ids("Companies"),
      await ctx.ids("Tickets"),
      await ctx.ids("Tags"),
    ];
    return rows.map((row): Decision => {
      const sourceId = String(row.id);
      const ticketId = ref(ticketIds, row.ticketId);
      const tagId = ref(tagIds, row.tagId);
      const companyId = ref(companyIds, row.companyId);
      if (!ticketId || !tagId || !companyId) {
        return { sourceId, skip: "its ticket or tag is missing" };
      }
      return { sourceId, insert: { ticket_id: ticketId, tag_id: tagId, company_id: companyId } };
    });
  },
};

export const ticketNotes: TableStep = {
  table: "TicketNotes",
  select:
    `select n.*, t."companyId" from "TicketNotes" n left join "Tickets" t on t.id = n."ticketId"`,
  keyType: "int",
  target: {
    name: "ticket_notes",
    serial: true,
    columns: {
      company_id: "integer",
      ticket_id: "integer",
      contact_id: "integer",
      user_id: "integer",
      note: "text",
      ...STAMP_COLUMNS,
    },
  },
  async decide(rows, ctx) {
    const [companyIds, ticketIds, contactIds, userIds] = [
      await ctx.ids("Companies"),
      await ctx.ids("Tickets"),
      await ctx.ids("Contacts"),
      await ctx.ids("Users"),
    ];
    return rows.map((row): Decision => {
      const sourceId = String(row.id);
      const ticketId = ref(ticketIds, row.ticketId);
      const contactId = ref(contactIds, row.contactId);
      const companyId = ref(companyIds, row.companyId);
      if (!ticketId || !contactId || !companyId) {
        return { sourceId, skip: "its ticket or contact is missing (orphan row)" };
      }
      const note = text(row.note).trim();
      if (note.length < 2) return { sourceId, skip: "note shorter than 2 characters" };
      return {
        sourceId,
        insert: {
          company_id: companyId,
          ticket_id: ticketId,
          contact_id: contactId,
          user_id: ref(userIds, row.userId),
          note,
          ...stamps(row, ctx.now),
        },
      };
    });
  },
};

/**
 * Tracking rows: our one-cycle-in-progress rule is kept by finishing, at its last update,
 * every unfinished row but the ticket's newest, and every unfinished row of a closed ticket.
 */
export const ticketTracking: TableStep = {
  table: "TicketTraking",
  select: `select tr.*, t.status as "ticketStatus", exists (
      select 1 from "TicketTraking" later
      where later."ticketId" = tr."ticketId" and later."finishedAt" is null and later.id > tr.id)
      as superseded
    from "TicketTraking" tr left join "Tickets" t on t.id = tr."ticketId"`,
  keyType: "int",
  target: {
    name: "ticket_tracking",
    serial: true,
    columns: {
      company_id: "integer",
      ticket_id: "integer",
      whatsapp_id: "integer",
      user_id: "integer",
      created_at: "timestamptz",
      queued_at: "timestamptz",
      accepted_at: "timestamptz",
      finished_at: "timestamptz",
      rating_asked_at: "timestamptz",
      rated_at: "timestamptz",
    },
  },
  async decide(rows, ctx) {
    const [companyIds, ticketIds, whatsappIds, userIds] = [
      await ctx.ids("Companies"),
      await ctx.ids("Tickets"),
      await ctx.ids("Whatsapps"),
      await ctx.ids("Users"),
    ];
    const ticketsHere = rows.map((row) => ref(ticketIds, row.ticketId) ?? 0);
    const state = await ctx.target.query<{ id: number; status: string; busy: boolean }>(sql`
      select t.id, t.status, exists (
        select 1 from ticket_tracking tr where tr.ticket_id = t.id and tr.finished_at is null) as busy
      from tickets t where t.id = any(${ticketsHere}::int[])`);
    const closed = new Set(state.filter((t) => t.status === "closed").map((t) => t.id));
    const busy = new Set(state.filter((t) => t.busy).map((t) => t.id));
    return rows.map((row, i): Decision => {
      const sourceId = String(row.id);
      const ticketId = ticketsHere[i]!;
      const companyId = ref(companyIds, row.companyId);
      if (!ticketId || !companyId) return { sourceId, skip: "its ticket is missing (orphan row)" };
      const createdAt = instant(row.createdAt) ?? ctx.now.toISOString();
      let finishedAt = instant(row.finishedAt);
      let repaired: string | undefined;
      if (!finishedAt) {
        if (row.superseded || closed.has(ticketId) || busy.has(ticketId)) {
          finishedAt = instant(row.updatedAt) ?? createdAt;
          repaired = "unfinished cycle of a closed ticket, or not its newest: finished";
        } else {
          busy.add(ticketId);
        }
      }
      return {
        sourceId,
        insert: {
          company_id: companyId,
          ticket_id: ticketId,
          whatsapp_id: ref(whatsappIds, row.whatsappId),
          user_id: ref(userIds, row.userId),
          created_at: createdAt,
          queued_at: instant(row.queuedAt),
          accepted_at: instant(row.startedAt),
          finished_at: finishedAt,
          rating_asked_at: instant(row.ratingAt),
          rated_at: bool(row.rated) ? instant(row.finishedAt) ?? instant(row.ratingAt) : null,
        },
        repaired,
      };
    });
  },
};

/** Whaticket clamps ratings to 1–5 though it asks for 1–3; ours are 1–3. */
export const userRatings: TableStep = {
  table: "UserRatings",
  select: `select * from "UserRatings"`,
  keyType: "int",
  target: {
    name: "ticket_ratings",
    serial: true,
    columns: {
      company_id: "integer",
      ticket_id: "integer",
      user_id: "integer",
      rate: "smallint",
      created_at: "timestamptz",
    },
  },
  async decide(rows, ctx) {
    const [companyIds, ticketIds, userIds] = [
      await ctx.ids("Companies"),
      await ctx.ids("Tickets"),
      await ctx.ids("Users"),
    ];
    return rows.map((row): Decision => {
      const sourceId = String(row.id);
      const ticketId = ref(ticketIds, row.ticketId);
      const companyId = ref(companyIds, row.companyId);
      if (!ticketId || !companyId) return { sourceId, skip: "its ticket is missing (orphan row)" };
      const rate = Math.round(Number(row.rate));
      if (!Number.isFinite(rate) || rate < 1) return { sourceId, skip: "no valid rate" };
      return {
        sourceId,
        insert: {
          company_id: companyId,
          ticket_id: ticketId,
          user_id: ref(userIds, row.userId),
          rate: Math.min(3, rate),
          created_at: instant(row.createdAt) ?? ctx.now.toISOString(),
        },
        repaired: rate > 3
          ? "rate above 3 (the original allowed up to 5): counted as 3"
          : undefined,
      };
    });
  },
};
