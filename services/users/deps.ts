import type { ServiceDeps } from "../deps.ts";

/** What the users services need: the database, and the hub to announce changes (optional in tests). */
export type UsersDeps = Pick<ServiceDeps, "db" | "hub">;
