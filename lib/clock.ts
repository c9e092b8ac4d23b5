/**
 * Where business time comes from (DESIGN §8a). Services and the job runner ask `clock.now()`
 * instead of `new Date()` or SQL `now()`, so a test can move time with a `FakeClock` instead
 * of sleeping. Timeouts and leases between live processes keep using real time.
 */
export interface Clock {
  now(): Date;
}

/** The wall clock. */
export const systemClock: Clock = { now: () => new Date() };

/**
 * A clock that stands still until a test moves it.
 *
 * @example
 * const clock = new FakeClock(new Date("2026-01-05T09:00:00Z"));
 * clock.advance(2 * 60 * 60_000); // two hours later
 */
export class FakeClock implements Clock {
  #ms: number;

  constructor(start: Date = new Date()) {
    this.#ms = start.getTime();
  }

  now(): Date {
    return new Date(this.#ms);
  }

  /** Moves time forward (a negative `ms` is refused: time does not run backwards). */
  advance(ms: number): Date {
    if (!(ms >= 0)) throw new RangeError(`A fake clock only moves forward (got ${ms} ms).`);
    this.#ms += ms;
    return this.now();
  }

  set(date: Date): void {
    this.#ms = date.getTime();
  }
}
