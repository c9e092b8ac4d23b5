/**
 * Fixed-window attempt counters kept in memory, per instance: enough to stop password
 * guessing on one server; with several instances each allows its own share.
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
