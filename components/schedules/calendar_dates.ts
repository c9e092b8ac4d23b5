/**
 * The calendar's dates, in the browser's time zone: which days a view shows, and the
 * window of schedules it needs. Weeks start on Sunday in Brazil and the US, on Monday in
 * Spanish-speaking countries. Names of months and weekdays come from `Intl` in the page's
 * language, so pt-BR, en and es need no word lists.
 */
import type { CalendarView } from "./types.ts";

export function startOfDay(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate());
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
}

export function sameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() &&
    a.getDate() === b.getDate();
}

export function weekStartsOn(lang: string): 0 | 1 {
  return lang.startsWith("es") ? 1 : 0;
}

function startOfWeek(date: Date, lang: string): Date {
  const shift = (date.getDay() - weekStartsOn(lang) + 7) % 7;
  return addDays(startOfDay(date), -shift);
}

/** The days a view shows around `anchor`: six weeks, one week, or the day. */
export function daysOf(view: CalendarView, anchor: Date, lang: string): Date[] {
  const first = view === "month"
    ? startOfWeek(new Date(anchor.getFullYear(), anchor.getMonth(), 1), lang)
    : view === "week"
    ? startOfWeek(anchor, lang)
    : startOfDay(anchor);
  const count = view === "month" ? 42 : view === "week" ? 7 : 1;
  return Array.from({ length: count }, (_, i) => addDays(first, i));
}

/** The next or previous page of a view. */
export function shift(view: CalendarView, anchor: Date, step: 1 | -1): Date {
  if (view === "month") return new Date(anchor.getFullYear(), anchor.getMonth() + step, 1);
  return addDays(anchor, step * (view === "week" ? 7 : 1));
}

/** `[from, to)` of the schedules a view needs. */
export function windowOf(view: CalendarView, anchor: Date, lang: string): [Date, Date] {
  const days = daysOf(view, anchor, lang);
  return [days[0]!, addDays(days.at(-1)!, 1)];
}

export function weekdayNames(lang: string, width: "short" | "long" = "short"): string[] {
  const format = new Intl.DateTimeFormat(lang, { weekday: width });
  // 2023-01-01 was a Sunday.
  const sunday = new Date(2023, 0, 1);
  const start = weekStartsOn(lang);
  return Array.from({ length: 7 }, (_, i) => format.format(addDays(sunday, start + i)));
}

export function titleOf(view: CalendarView, anchor: Date, lang: string): string {
  if (view === "month") {
    return new Intl.DateTimeFormat(lang, { month: "long", year: "numeric" }).format(anchor);
  }
  if (view === "day") {
    return new Intl.DateTimeFormat(lang, { dateStyle: "full" }).format(anchor);
  }
  const days = daysOf("week", anchor, lang);
  const format = new Intl.DateTimeFormat(lang, { day: "numeric", month: "short" });
  return `${format.format(days[0]!)} – ${format.format(days[6]!)} ${days[6]!.getFullYear()}`;
}

export function timeOf(date: Date, lang: string): string {
  return new Intl.DateTimeFormat(lang, { hour: "2-digit", minute: "2-digit" }).format(date);
}

/** `YYYY-MM-DDTHH:MM` in local time, what `<input type="datetime-local">` holds. */
export function localInputValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${
    pad(date.getHours())
  }:${pad(date.getMinutes())}`;
}

/** When a new schedule for `day` goes by default: one hour from now today, else 09:00. */
export function defaultSendAt(day: Date | null, now: Date): Date {
  if (!day || sameDay(day, now)) {
    return new Date(Math.ceil((now.getTime() + 3_600_000) / 60_000) * 60_000);
  }
  return new Date(day.getFullYear(), day.getMonth(), day.getDate(), 9, 0);
}
