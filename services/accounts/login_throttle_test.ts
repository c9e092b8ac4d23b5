import assert from "node:assert/strict";
import { AppError } from "../../lib/http/errors.ts";
import { addressBucket, backoffMs, FailureThrottle } from "../../lib/http/rate_limit.ts";
import {
  type Guesser,
  PER_ACCOUNT,
  PER_ACCOUNT_AND_ADDRESS,
  PER_ADDRESS,
  throttledGuess,
} from "./login_throttle.ts";

const T0 = Date.parse("2026-03-02T10:00:00Z");
const at = (ms: number) => new Date(T0 + ms);

/** One guess at time `ms`: "ok", "wrong" or the 429's retryAfter. */
function guesser(throttle: FailureThrottle) {
  return async (who: Guesser, right: boolean, ms: number): Promise<string | number> => {
    try {
      return await throttledGuess(throttle, who, () => {
        if (!right) throw new AppError("ERR_INVALID_CREDENTIALS", 401);
        return Promise.resolve("ok");
      }, { wrongCode: "ERR_INVALID_CREDENTIALS", now: at(ms) });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      if (err.status === 429) return err.details!.retryAfter as number;
      return "wrong";
    }
  };
}

Deno.test("backoffMs: free failures, then a doubling wait up to the ceiling", () => {
  const rule = { free: 3, baseMs: 1_000, maxMs: 10_000, forgetAfterMs: 60_000 };
  const waits = [1, 2, 3, 4, 5, 6, 7].map((n) => backoffMs(rule, n));
  assert.deepEqual(waits, [0, 0, 1_000, 2_000, 4_000, 8_000, 10_000]);
  assert.ok(PER_ACCOUNT.free >= 10 * PER_ACCOUNT_AND_ADDRESS.free, "the ceiling is much higher");
});

Deno.test("login throttle: growing delay per (account, address), on explicit timestamps", async (t) => {
  const guess = guesser(new FailureThrottle());
  const attacker = { email: "ana@example.com", address: "198.51.100.1" };
  const owner = { email: "ana@example.com", address: "203.0.113.5" };

  await t.step("five wrong guesses, then 1 s, 2 s, 4 s…", async () => {
    for (let i = 0; i < PER_ACCOUNT_AND_ADDRESS.free; i++) {
      assert.equal(await guess(attacker, false, 0), "wrong");
    }
    assert.equal(await guess(attacker, true, 0), 1, "waits one second, right password or not");
    assert.equal(await guess(attacker, false, 1_000), "wrong", "after the wait, one more guess");
    assert.equal(await guess(attacker, false, 1_500), 2, "now two seconds");
    assert.equal(await guess(attacker, false, 3_000), "wrong");
    assert.equal(await guess(attacker, false, 3_000), 4);
  });

  await t.step("the owner at another address is not held back, meanwhile", async () => {
    assert.equal(await guess(owner, true, 3_000), "ok");
  });

  await t.step("a right guess after the wait clears the pair", async () => {
    assert.equal(await guess(attacker, true, 7_000), "ok");
    assert.equal(await guess(attacker, false, 7_000), "wrong");
    assert.equal(await guess(attacker, false, 7_000), "wrong", "counting starts again");
  });

  await t.step("an hour after the last failure the count is forgotten", async () => {
    const other = { email: "bia@example.com", address: "198.51.100.2" };
    for (let i = 0; i < PER_ACCOUNT_AND_ADDRESS.free; i++) await guess(other, false, 0);
    assert.equal(await guess(other, false, 0), 1);
    const later = PER_ACCOUNT_AND_ADDRESS.forgetAfterMs + 1;
    for (let i = 0; i < PER_ACCOUNT_AND_ADDRESS.free; i++) {
      assert.equal(await guess(other, false, later), "wrong");
    }
  });
});

Deno.test("login throttle: the per-address and per-account ceilings", async (t) => {
  const guess = guesser(new FailureThrottle());
  await t.step("one address guessing across accounts waits after its share", async () => {
    const address = "198.51.100.77";
    for (let i = 0; i < PER_ADDRESS.free; i++) {
      assert.equal(await guess({ email: `u${i}@example.com`, address }, false, 0), "wrong");
    }
    assert.equal(await guess({ email: "fresh@example.com", address }, true, 0), 1);
    assert.equal(
      await guess({ email: "fresh@example.com", address: "192.0.2.1" }, true, 0),
      "ok",
    );
  });

  await t.step("many addresses guessing one account reach its ceiling", async () => {
    const email = "target@example.com";
    for (let i = 0; i < PER_ACCOUNT.free; i++) {
      const address = `10.0.${Math.floor(i / 250)}.${i % 250}`;
      assert.equal(await guess({ email, address }, false, 0), "wrong");
    }
    assert.equal(await guess({ email, address: "10.9.9.9" }, true, 0), 1);
    assert.equal(await guess({ email, address: "10.9.9.9" }, true, 1_000), "ok");
  });
});

Deno.test("addressBucket: IPv6 counts by its /64, IPv4 as itself", () => {
  const cases: Array<[string, string]> = [
    ["203.0.113.7", "203.0.113.7"],
    ["::ffff:203.0.113.7", "203.0.113.7"],
    ["2001:db8:0:1::a", "2001:db8:0:1::/64"],
    ["2001:0DB8:0000:0001:ffff:1:2:3", "2001:db8:0:1::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    ["unknown", "unknown"],
  ];
  assert.deepEqual(cases.map(([address]) => addressBucket(address)), cases.map(([, b]) => b));
});

Deno.test("login throttle: a new address from the same IPv6 /64 is the same guesser", async () => {
  const guess = guesser(new FailureThrottle());
  const email = "ana@example.com";
  for (let i = 0; i < PER_ACCOUNT_AND_ADDRESS.free; i++) {
    assert.equal(await guess({ email, address: `2001:db8:1:2::${i + 1}` }, false, 0), "wrong");
  }
  assert.equal(await guess({ email, address: "2001:db8:1:2::ffff" }, true, 0), 1);
  assert.equal(await guess({ email, address: "2001:db8:1:3::1" }, true, 0), "ok");
});
