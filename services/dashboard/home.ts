/** What `/` shows an admin: the dashboard once the company is ready, else its first steps. */
import type { Queryable } from "../../lib/db/mod.ts";
import { type CompanyOverview, companyOverview } from "../accounts/overview.ts";
import { isReady, type Readiness, readinessOf } from "./readiness.ts";

export type AdminHome =
  | { ready: true }
  | { ready: false; readiness: Readiness; overview: CompanyOverview };

export async function homeOf(db: Queryable, who: { companyId: number }): Promise<AdminHome> {
  const readiness = await readinessOf(db, who.companyId);
  if (isReady(readiness)) return { ready: true };
  return { ready: false, readiness, overview: await companyOverview(db, who.companyId) };
}
