import assert from "node:assert/strict";
import {
  DEFAULT_PACING,
  LONGER_INTERVAL_OPTIONS,
  MESSAGE_INTERVAL_OPTIONS,
  planOffsets,
} from "./pacing.ts";

const none = () => 0;
const seconds = (offsets: number[]) => offsets.map((ms) => ms / 1000);

Deno.test("pacing: each message interval option spaces the messages by it", () => {
  for (const interval of MESSAGE_INTERVAL_OPTIONS) {
    const plan = planOffsets(4, {
      messageInterval: interval,
      longerIntervalAfter: 0,
      greaterInterval: 0,
    }, none);
    assert.deepEqual(seconds(plan), [0, interval, 2 * interval, 3 * interval], String(interval));
  }
});

Deno.test("pacing: the longer pause comes after every N messages, for each option", () => {
  for (const every of LONGER_INTERVAL_OPTIONS.filter((n) => n > 0 && n <= 20)) {
    const pacing = { messageInterval: 5, longerIntervalAfter: every, greaterInterval: 60 };
    const plan = seconds(planOffsets(every * 2 + 1, pacing, none));
    const gaps = plan.slice(1).map((at, i) => at - plan[i]!);
    gaps.forEach((gap, i) => {
      const index = i + 1;
      assert.equal(gap, index % every === 0 ? 60 : 5, `every ${every}, gap before ${index}`);
    });
  }
});

Deno.test("pacing: the defaults are 20 s with 60 s after every 20 messages", () => {
  const plan = seconds(planOffsets(22, DEFAULT_PACING, none));
  assert.equal(plan[19], 19 * 20);
  assert.equal(plan[20], 19 * 20 + 60);
  assert.equal(plan[21], 19 * 20 + 60 + 20);
});

Deno.test("pacing: a longer pause shorter than the interval never shortens a gap", () => {
  const plan = seconds(
    planOffsets(3, { messageInterval: 20, longerIntervalAfter: 1, greaterInterval: 5 }, none),
  );
  assert.deepEqual(plan, [0, 20, 40]);
});

Deno.test("pacing: jitter stays small, does not accumulate and never swaps two messages", () => {
  const pacing = { messageInterval: 5, longerIntervalAfter: 0, greaterInterval: 0 };
  const plan = planOffsets(1000, pacing, () => 0.999);
  plan.forEach((at, i) => {
    assert.ok(at >= i * 5000 && at < i * 5000 + 1000, `shipment ${i}: ${at}`);
    if (i > 0) assert.ok(at > plan[i - 1]!);
  });
  assert.deepEqual(planOffsets(3, { ...pacing, messageInterval: 0 }, () => 0.999), [0, 0, 0]);
});
