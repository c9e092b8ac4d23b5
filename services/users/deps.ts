import type { Db } from "../../lib/db/mod.ts";
import type { Hub } from "../../lib/realtime/mod.ts";

/** What the users services need: the database, and the hub to announce changes (optional in tests). */
export interface UsersDeps {
  db: Db;
  hub?: Hub;
}
