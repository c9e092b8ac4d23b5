/**
 * Weekly opening hours (core §3 "Opening hours", anchor "Business-hours JSON"): one entry
 * per weekday with `startTime` and `endTime` as HH:MM. The same shape serves the company
 * (scheduleType "company") and, later, queues. A day whose start equals its end is closed,
 * as in the spec's default Sunday 00:00-00:00. No dependencies: the browser uses it too.
 */

export const WEEKDAYS = [
  { weekdayEn: "monday", weekday: "Segunda-feira" },
  { weekdayEn: "tuesday", weekday: "Terça-feira" },
  { weekdayEn: "wednesday", weekday: "Quarta-feira" },
  { weekdayEn: "thursday", weekday: "Quinta-feira" },
  { weekdayEn: "friday", weekday: "Sexta-feira" },
  { weekdayEn: "saturday", weekday: "Sábado" },
  { weekdayEn: "sunday", weekday: "Domingo" },
] as const;

export type WeekdayEn = typeof WEEKDAYS[number]["weekdayEn"];

export interface OpeningHoursDay {
  /** Portuguese label, kept for clients of the original product. */
  weekday: string;
  weekdayEn: WeekdayEn;
  startTime: string;
  endTime: string;
}

/** The spec's default week (admin §9): weekdays 08-18, Saturday 08-12, Sunday closed. */
export const DEFAULT_OPENING_HOURS: readonly OpeningHoursDay[] = WEEKDAYS.map((day) => ({
  ...day,
  startTime: day.weekdayEn === "sunday" ? "00:00" : "08:00",
  endTime: day.weekdayEn === "sunday" ? "00:00" : day.weekdayEn === "saturday" ? "12:00" : "18:00",
}));
