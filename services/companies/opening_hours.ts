/**
 * Checking weekly opening hours as the API receives them (the shape is in weekdays.ts):
 * times as HH:MM, the end not before the start, each weekday at most once.
 */
import { z } from "zod";
import { type OpeningHoursDay, type WeekdayEn, WEEKDAYS } from "./weekdays.ts";

export { DEFAULT_OPENING_HOURS, type OpeningHoursDay, WEEKDAYS } from "./weekdays.ts";

const WEEKDAY_EN = WEEKDAYS.map((day) => day.weekdayEn) as [WeekdayEn, ...WeekdayEn[]];
const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Ordering only means something between two well-formed times (each has its own error). */
function bothValid(day: { startTime: string; endTime: string }): boolean {
  return HH_MM.test(day.startTime) && HH_MM.test(day.endTime);
}

const time = z.string().regex(HH_MM, "ERR_INVALID_TIME");

const Day = z.object({
  weekday: z.string().optional(),
  weekdayEn: z.enum(WEEKDAY_EN),
  startTime: time,
  endTime: time,
}).refine((day) => !bothValid(day) || day.startTime <= day.endTime, {
  message: "ERR_END_BEFORE_START",
  path: ["endTime"],
});

/**
 * A week as the API accepts it: each weekday at most once, in any order. The answer is in
 * week order with the Portuguese label taken from the weekday, not from the client.
 */
export const OpeningHours = z.array(Day).max(7)
  .superRefine((days, ctx) => {
    const seen = new Set<string>();
    days.forEach((day, index) => {
      if (seen.has(day.weekdayEn)) {
        ctx.addIssue({
          code: "custom",
          message: "ERR_REPEATED_WEEKDAY",
          path: [index, "weekdayEn"],
        });
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
