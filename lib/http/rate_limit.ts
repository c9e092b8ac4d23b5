/**
 * Two kinds of limit. `RateLimiter`: fixed-window attempt counters kept in memory, per
 * instance, for calls that are cheap to repeat (sign-up, reset e-mails). `FailureThrottle`:
 * failed guesses counted per key with a growing delay, for secrets worth guessing
 * (passwords). With several instances each allows its own share.
 */
import { AppError } from "./errors.ts";

export class RateLimiter {
  readonly #hits = new Map<string, { count: number; resetAt: number }>();

  constructor(readonly limit: number, readonly windowMs: number, readonly now = Date.now) {}

  /** Counts one attempt; throws 429 ERR_TOO_MANY_ATTEMPTS once the window is full. */
  hit(key: string): void {
    const now = this.now();
    if (this.#hits.size > 10_000) this.#sweep(now);
    let entry = this.#hits.get(key);
    if (!entry || entry.resetAt <= now) {
      entry = { count: 0, resetAt: now + this.windowMs };
      this.#hits.set(key, entry);
    }
    entry.count++;
    if (entry.count > this.limit) {
      const retryAfter = Math.ceil((entry.resetAt - now) / 1000);
      throw new AppError("ERR_TOO_MANY_ATTEMPTS", 429, { retryAfter });
    }
  }

  /** Forgets a key, e.g. an e-mail after a successful sign-in. */
  reset(key: string): void {
    this.#hits.delete(key);
  }

  #sweep(now: number): void {
    for (const [key, entry] of this.#hits) if (entry.resetAt <= now) this.#hits.delete(key);
  }
}

/**
 * How a key's failed guesses are throttled: after `free` failures in a row the key waits
 * `baseMs` before its next guess, and each further failure doubles the wait, up to `maxMs`.
 * A key whose last failure is older than `forgetAfterMs` starts again from nothing.
 */
export interface BackoffRule {
  free: number;
  baseMs: number;
  maxMs: number;
  forgetAfterMs: number;
}

export interface ThrottleKey {
  key: string;
  rule: BackoffRule;
}

/** The wait after a key's `failures`-th failure in a row. */
export function backoffMs(rule: BackoffRule, failures: number): number {
  if (failures < rule.free) return 0;
  return Math.min(rule.baseMs * 2 ** (failures - rule.free), rule.maxMs);
}

interface Failures {
  count: number;
  lastFailureAt: number;
  blockedUntil: number;
  forgetAfterMs: number;
}

/**
 * Failed guesses counted per key, each key with its growing delay (`BackoffRule`). Kept in
 * memory like `RateLimiter`: one instance per app, shared by every route that checks the
 * same secret. Times are passed in, so tests move a clock instead of sleeping.
 */
export class FailureThrottle {
  readonly #keys = new Map<string, Failures>();

  /**
   * 429 ERR_TOO_MANY_ATTEMPTS (with `retryAfter` in seconds) while any of the keys still
   * waits. Call before checking the guess, so a throttled guess is never even tried.
   */
  assertNotThrottled(keys: readonly ThrottleKey[], now: Date): void {
    const until = Math.max(0, ...keys.map(({ key }) => this.#keys.get(key)?.blockedUntil ?? 0));
    if (until <= now.getTime()) return;
    const retryAfter = Math.max(1, Math.ceil((until - now.getTime()) / 1000));
    throw new AppError("ERR_TOO_MANY_ATTEMPTS", 429, { retryAfter });
  }

  /** Counts one failed guess against every key and sets each key's wait. */
  recordFailure(keys: readonly ThrottleKey[], now: Date): void {
    const time = now.getTime();
    if (this.#keys.size > 10_000) this.#sweep(time);
    for (const { key, rule } of keys) {
      const known = this.#keys.get(key);
      const count = known && time - known.lastFailureAt <= rule.forgetAfterMs ? known.count + 1 : 1;
      this.#keys.set(key, {
        count,
        lastFailureAt: time,
        blockedUntil: time + backoffMs(rule, count),
        forgetAfterMs: rule.forgetAfterMs,
      });
    }
  }

  /**
   * Runs `work` unless a key still waits (429); when it throws the AppError `failureCode`
   * (a wrong guess), that counts as a failure against every key.
   */
  async attempt<T>(
    keys: readonly ThrottleKey[],
    failureCode: string,
    work: () => Promise<T>,
    now = new Date(),
  ): Promise<T> {
    this.assertNotThrottled(keys, now);
    try {
      return await work();
    } catch (err) {
      if (err instanceof AppError && err.code === failureCode) this.recordFailure(keys, now);
      throw err;
    }
  }

  /** Forgets keys' failures, e.g. an (account, address) pair after a right guess. */
  clear(keys: readonly string[]): void {
    for (const key of keys) this.#keys.delete(key);
  }

  #sweep(time: number): void {
    for (const [key, entry] of this.#keys) {
      if (time - entry.lastFailureAt > entry.forgetAfterMs) this.#keys.delete(key);
    }
  }
}

/**
 * The address as limits should count it. An IPv6 host usually holds a whole /64 and can
 * pick a new address from it for every guess, so IPv6 addresses count by their /64 prefix;
 * IPv4 (also when written as IPv4-mapped IPv6) counts as itself.
 */
export function addressBucket(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!address.includes(":")) return address;
  const [head = "", tail] = address.toLowerCase().split("%")[0]!.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = tail === undefined
    ? left
    : [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right];
  return `${groups.slice(0, 4).map((group) => group.replace(/^0+(?=.)/, "")).join(":")}::/64`;
}
