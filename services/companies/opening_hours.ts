/**
 * Weekly opening hours (core §3 "Opening hours", anchor "Business-hours JSON"): one entry
 * per weekday with `startTime` and `endTime` as HH:MM. The same shape serves the company
 * (scheduleType "company") and, later, queues. A day whose start equals its end is closed,
 * as in the spec's default Sunday 00:00-00:00.
 */
import { z } from "zod";

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

const WEEKDAY_EN = WEEKDAYS.map((day) => day.weekdayEn) as [WeekdayEn, ...WeekdayEn[]];
const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The spec's default week (admin §9): weekdays 08-18, Saturday 08-12, Sunday closed. */
export const DEFAULT_OPENING_HOURS: readonly OpeningHoursDay[] = WEEKDAYS.map((day) => ({
  ...day,
  startTime: day.weekdayEn === "sunday" ? "00:00" : "08:00",
  endTime: day.weekdayEn === "sunday" ? "00:00" : day.weekdayEn === "saturday" ? "12:00" : "18:00",
}));

/** Ordering only means something between two well-formed times (each has its own error). */
function bothValid(day: { startTime: string; endTime: string }): boolean {
  return HH_MM.test(day.startTime) && HH_MM.test(day.endTime);
}

const time = z.string("Required").regex(HH_MM, "Use HH:MM");

const Day = z.object({
  weekday: z.string().optional(),
  weekdayEn: z.enum(WEEKDAY_EN, "Unknown weekday"),
  startTime: time,
  endTime: time,
}).refine((day) => !bothValid(day) || day.startTime <= day.endTime, {
  message: "The end cannot come before the start",
  path: ["endTime"],
});

/**
 * A week as the API accepts it: each weekday at most once, in any order. The answer is in
 * week order with the Portuguese label taken from the weekday, not from the client.
 */
export const OpeningHours = z.array(Day).max(7, "At most one entry per weekday")
  .superRefine((days, ctx) => {
    const seen = new Set<string>();
    days.forEach((day, index) => {
      if (seen.has(day.weekdayEn)) {
        ctx.addIssue({ code: "custom", message: "Repeated weekday", path: [index, "weekdayEn"] });
      }
      seen.add(day.weekdayEn);
    });
  })
  .transform((days): OpeningHoursDay[] =>
    WEEKDAYS.flatMap(({ weekdayEn, weekday }) => {
      const day = days.find((candidate) => candidate.weekdayEn === weekdayEn);
      return day ? [{ weekday, weekdayEn, startTime: day.startTime, endTime: day.endTime }] : [];
    })
  );
