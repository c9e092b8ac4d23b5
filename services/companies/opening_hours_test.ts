import assert from "node:assert/strict";
import { DEFAULT_OPENING_HOURS, OpeningHours } from "./opening_hours.ts";

Deno.test("OpeningHours accepts a week in any order and answers it in week order", () => {
  const week = OpeningHours.parse([
    { weekdayEn: "sunday", weekday: "whatever", startTime: "00:00", endTime: "00:00" },
    { weekdayEn: "monday", startTime: "08:00", endTime: "18:30" },
  ]);
  assert.deepEqual(week, [
    { weekday: "Segunda-feira", weekdayEn: "monday", startTime: "08:00", endTime: "18:30" },
    { weekday: "Domingo", weekdayEn: "sunday", startTime: "00:00", endTime: "00:00" },
  ]);
  assert.deepEqual(OpeningHours.parse([...DEFAULT_OPENING_HOURS]), DEFAULT_OPENING_HOURS);
});

Deno.test("OpeningHours refuses bad times, an end before the start and repeated days", () => {
  const issues = (value: unknown) => {
    const result = OpeningHours.safeParse(value);
    assert.equal(result.success, false);
    return result.error!.issues.map((issue) => issue.path.join("."));
  };
  assert.deepEqual(issues([{ weekdayEn: "monday", startTime: "8:00", endTime: "24:00" }]), [
    "0.startTime",
    "0.endTime",
  ]);
  assert.deepEqual(issues([{ weekdayEn: "monday", startTime: "18:00", endTime: "08:00" }]), [
    "0.endTime",
  ]);
  assert.deepEqual(issues([{ weekdayEn: "funday", startTime: "08:00", endTime: "09:00" }]), [
    "0.weekdayEn",
  ]);
  const monday = { weekdayEn: "monday", startTime: "08:00", endTime: "09:00" };
  assert.deepEqual(issues([monday, monday]), ["1.weekdayEn"]);
  assert.deepEqual(issues("monday"), [""]);
});

Deno.test("the default week is the spec's: weekdays 08-18, Saturday 08-12, Sunday closed", () => {
  assert.equal(DEFAULT_OPENING_HOURS.length, 7);
  assert.deepEqual(
    DEFAULT_OPENING_HOURS.map((d) => `${d.weekdayEn} ${d.startTime}-${d.endTime}`),
    [
      "monday 08:00-18:00",
      "tuesday 08:00-18:00",
      "wednesday 08:00-18:00",
      "thursday 08:00-18:00",
      "friday 08:00-18:00",
      "saturday 08:00-12:00",
      "sunday 00:00-00:00",
    ],
  );
});
