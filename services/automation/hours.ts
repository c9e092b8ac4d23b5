/**
 * Opening hours as the chatbot reads them (admin §2 Schedules tab, the queue's "Horários de
 * Atendimento" tab): is a week of hours open at a moment, and has it opened since another.
 *
 * Decisions: times are the server's local time (as the message variables' {{hora}}); an
 * empty week means no hours were set, so always open; a listed day is open from its start
 * to its end, and a day that is missing or whose end is not after its start is closed (the
 * spec's default Sunday 00:00-00:00). The original counted a day without times as open.
 */
import type { OpeningHoursDay } from "../companies/weekdays.ts";
import { WEEKDAYS } from "../companies/weekdays.ts";

function minutesOf(time: string): number | null {
  const match = /^(\d{2}):(\d{2})$/.exec(time ?? "");
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** JavaScript's getDay() (0 Sunday) to the week's English day name. */
function weekdayOf(date: Date): string {
  return WEEKDAYS[(date.getDay() + 6) % 7]!.weekdayEn;
}

/** The open interval of the day `date` falls in, as two Dates, or null when closed all day. */
function openingOf(week: readonly OpeningHoursDay[], date: Date): [Date, Date] | null {
  const day = week.find((entry) => entry.weekdayEn === weekdayOf(date));
  const start = day && minutesOf(day.startTime);
  const end = day && minutesOf(day.endTime);
  if (start === null || start === undefined || end === null || end === undefined) return null;
  if (end <= start) return null;
  const midnight = new Date(date.getFullYear(), date.getMonth(), date.getDate());
  const at = (minutes: number) =>
    new Date(midnight.getFullYear(), midnight.getMonth(), midnight.getDate(), 0, minutes);
  return [at(start), at(end)];
}

export function isOpen(week: readonly OpeningHoursDay[], now: Date): boolean {
  if (week.length === 0) return true;
  const opening = openingOf(week, now);
  return opening !== null && opening[0] <= now && now < opening[1];
}

/**
 * Whether the hours opened at some moment after `since` and up to `now`: if not, `now` is in
 * the same closed stretch as `since`, and a notice given then still stands.
 */
export function openedBetween(
  week: readonly OpeningHoursDay[],
  since: Date,
  now: Date,
): boolean {
  if (week.length === 0) return true;
  // Every day from since's to now's; nine are enough: within them each weekday comes once
  // after since's day, so if none opened, the week has no open day at all.
  const first = new Date(since.getFullYear(), since.getMonth(), since.getDate());
  for (let day = first, n = 0; day <= now && n < 9; n++) {
    const opening = openingOf(week, day);
    if (opening && opening[1] > since && opening[0] <= now) return true;
    day = new Date(day.getFullYear(), day.getMonth(), day.getDate() + 1);
  }
  return false;
}
