/**
 * Which billing system answers a company's "segunda via" option: the first one with full
 * credentials in its settings, IXC, then MK-Auth, then Asaas (admin §3 keys). The adapters
 * (ixc.ts, mkauth.ts, asaas.ts) share one interface and reach the systems only through
 * `outboundFetch`; the installation builds their clients once (systems.ts).
 */
import { type Queryable, sql } from "../../lib/db/mod.ts";
import type { TaxDocument } from "./document.ts";
import type { IspSystems } from "./systems.ts";
import type { BillingSystem, OpenBill } from "./types.ts";

export interface IspLookupDeps {
  db: Queryable;
  isp: IspSystems;
}

export type BillLookup =
  | { found: true; system: BillingSystem["name"]; bills: OpenBill[] }
  | { found: false; reason: "noSystem" | "noCustomer" };

const KEYS = ["ipixc", "tokenixc", "ipmkauth", "clientidmkauth", "clientsecretmkauth", "asaas"];

/** The company's configured billing system, or null when none has its credentials. */
export async function billingSystemOf(
  deps: IspLookupDeps,
  companyId: number,
): Promise<BillingSystem | null> {
  const rows = await deps.db.query<{ key: string; value: string }>(sql`
    select key, value from settings
    where company_id = ${companyId} and key = any(${KEYS}::text[]) and value <> ''`);
  const setting = new Map(rows.map((row) => [row.key, row.value.trim()]));
  const [ixcHost, ixcToken] = [setting.get("ipixc"), setting.get("tokenixc")];
  if (ixcHost && ixcToken) return deps.isp.ixc(ixcHost, ixcToken);
  const mk = ["ipmkauth", "clientidmkauth", "clientsecretmkauth"].map((key) => setting.get(key));
  if (mk.every(Boolean)) return deps.isp.mkauth(mk[0]!, mk[1]!, mk[2]!);
  const asaasKey = setting.get("asaas");
  if (asaasKey) return deps.isp.asaas(asaasKey);
  return null;
}

/** The customer's open bills; a system's failure is thrown for the caller to report. */
export async function lookUpOpenBills(
  deps: IspLookupDeps,
  companyId: number,
  document: TaxDocument,
): Promise<BillLookup> {
  const system = await billingSystemOf(deps, companyId);
  if (!system) return { found: false, reason: "noSystem" };
  const bills = await system.openBills(document);
  if (bills === null) return { found: false, reason: "noCustomer" };
  return { found: true, system: system.name, bills };
}
