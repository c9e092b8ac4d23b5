/**
 * A fixed-window call limit counted in the database, so that every instance counts the same
 * calls (`RateLimiter` in rate_limit.ts counts per instance). One statement counts the call and
 * restarts an ended window, so two instances counting at once never lose a hit.
 */
import { type Queryable, sql } from "../db/mod.ts";
import { AppError } from "./errors.ts";

export interface SharedRateLimit {
  /** Counts one call for `key`; 429 ERR_TOO_MANY_ATTEMPTS (with `retryAfter`) past the limit. */
  hit(key: string): Promise<void>;
}

export function sharedRateLimit(
  db: Queryable,
  { limit, windowMs, now }: { limit: number; windowMs: number; now: () => Date },
): SharedRateLimit {
  return {
    async hit(key) {
      const at = now();
      const fresh = new Date(at.getTime() + windowMs).toISOString();
      // SET reads the row as it was: both columns test the old window's end.
      const row = await db.one<{ hits: number; reset_at: string | Date }>(sql`
        insert into rate_limit_windows as w (key, hits, reset_at) values (${key}, 1, ${fresh})
        on conflict (key) do update set
          hits = case when w.reset_at > ${at.toISOString()} then w.hits + 1 else 1 end,
          reset_at = case when w.reset_at > ${at.toISOString()} then w.reset_at
                          else excluded.reset_at end
        returning hits, reset_at`);
      if (row.hits <= limit) return;
      const left = new Date(row.reset_at).getTime() - at.getTime();
      throw new AppError("ERR_TOO_MANY_ATTEMPTS", 429, { retryAfter: Math.ceil(left / 1000) });
    },
  };
}
