import type { FailureThrottle } from "../../lib/http/rate_limit.ts";
import type { ServiceDeps } from "../deps.ts";

/** What the users services need: the database, and the hub to announce changes (optional in tests). */
export type UsersDeps = Pick<ServiceDeps, "db" | "hub"> & {
  /**
   * The app's count of password guesses (shared with sign-in): the current password asked by
   * an account change, and "e-mail taken" answers, are throttled with it.
   */
  guesses: FailureThrottle;
};

/** Who is calling from where, for the throttles. */
export interface CallerContext {
  /** The caller's address (`clientIp`). */
  address: string;
  /** For tests: the time the throttles count with. */
  now?: Date;
}
