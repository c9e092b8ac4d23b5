/**
 * What the connection dialog may send (core §3, §5): the name 2 to 50 characters, as the
 * spec says; refusals are codes (lib/http/validate.ts). The API token is not accepted from the client:
 * the server generates it, and renews it on request.
 */
import { z } from "zod";
import { MAX_INTEGER_ID } from "../../lib/http/params.ts";
import { PROVIDERS } from "./provider.ts";

const WEEKDAYS = [
  ["Segunda-feira", "monday"],
  ["Terça-feira", "tuesday"],
  ["Quarta-feira", "wednesday"],
  ["Quinta-feira", "thursday"],
  ["Sexta-feira", "friday"],
  ["Sábado", "saturday"],
  ["Domingo", "sunday"],
] as const;

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "ERR_INVALID_TIME").or(z.literal(""));

const OpeningHours = z.object({
  weekday: z.string().max(30).default(""),
  weekdayEn: z.enum(WEEKDAYS.map(([, en]) => en) as [string, ...string[]]),
  startTime: time,
  endTime: time,
});

const text = (max = 4000) => z.string().max(max);
const minutes = z.coerce.number().int().min(0).max(525_600);
const optionalId = z.coerce.number().int().positive().max(MAX_INTEGER_ID).nullable();

const fields = {
  name: z.string().trim().min(1).min(2).max(50),
  isDefault: z.boolean(),
  provider: z.enum(PROVIDERS),
  greetingMessage: text(),
  complationMessage: text(),
  outOfHoursMessage: text(),
  ratingMessage: text(),
  expiresInactiveMessage: text(),
  expiresTicket: minutes,
  timeUseBotQueues: minutes,
  maxUseBotQueues: z.coerce.number().int().min(0).max(100),
  timeToTransfer: minutes,
  transferQueueId: optionalId,
  promptId: optionalId,
  integrationId: optionalId,
  queueIds: z.array(z.coerce.number().int().positive().max(MAX_INTEGER_ID)).max(200),
  schedules: z.array(OpeningHours).max(7),
  timeSendQueue: minutes,
  sendIdQueue: optionalId,
};

/** Omitted fields take the column defaults (provider beta, maxUseBotQueues 3…). */
export const CreateConnectionBody = z.object(fields).partial().extend({ name: fields.name });

export const UpdateConnectionBody = z.object({
  ...fields,
  /** Replaces the integrators' API token with a new random one. */
  renewToken: z.boolean(),
}).partial();

export type CreateConnectionInput = z.output<typeof CreateConnectionBody>;
export type UpdateConnectionInput = z.output<typeof UpdateConnectionBody>;

/** The week with no hours set, as the opening-hours form starts. */
export function emptyWeek(): z.output<typeof OpeningHours>[] {
  return WEEKDAYS.map(([weekday, weekdayEn]) => ({
    weekday,
    weekdayEn,
    startTime: "",
    endTime: "",
  }));
}

export const ListConnectionsQuery = z.object({
  // Accepted for compatibility and ignored: the company is the caller's, and credentials
  // are never part of the answer whatever `session` says.
  companyId: z.string().optional(),
  session: z.string().optional(),
});
