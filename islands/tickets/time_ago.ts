/**
 * The time-ago label of a ticket card (core §9): how long since the ticket last moved, as
 * minutes, hours or days, and the spec's colours: green at 3 to 10 minutes, orange at 30 to
 * 59, red from an hour on (while counted in hours); days after 24 h stay neutral.
 */
export const AGE_REFRESH_MS = 30_000;

export type AgeTone = "neutral" | "green" | "orange" | "red";

export interface TicketAge {
  /** i18n key under `tickets.age` and the count it takes. */
  unit: "now" | "minutes" | "hours" | "days";
  count: number;
  tone: AgeTone;
}

const MINUTE = 60_000;

export function ticketAge(updatedAt: string, now: number): TicketAge {
  const at = Date.parse(updatedAt);
  const minutes = Number.isNaN(at) ? 0 : Math.max(0, Math.floor((now - at) / MINUTE));
  if (minutes < 1) return { unit: "now", count: 0, tone: "neutral" };
  if (minutes < 60) {
    const tone = minutes >= 3 && minutes <= 10 ? "green" : minutes >= 30 ? "orange" : "neutral";
    return { unit: "minutes", count: minutes, tone };
  }
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return { unit: "hours", count: hours, tone: "red" };
  return { unit: "days", count: Math.floor(hours / 24), tone: "neutral" };
}
