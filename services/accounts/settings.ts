/**
 * Company settings (admin §3, §9): key/value rows, created with the catalogue's defaults
 * (services/settings/catalogue.ts) when a company is created so that every company has
 * every key.
 */
import { type Queryable, sql } from "../../lib/db/mod.ts";
import { DEFAULT_SETTINGS, OPEN_SETTINGS } from "../settings/catalogue.ts";

export { DEFAULT_SETTINGS };

export async function createDefaultSettings(
  tx: Queryable,
  companyId: number,
  overrides: Record<string, string> = {},
): Promise<void> {
  const entries = Object.entries({ ...DEFAULT_SETTINGS, ...overrides });
  const rows = sql.join(entries.map(([key, value]) => sql`(${companyId}, ${key}, ${value})`));
  await tx.run(sql`insert into settings (company_id, key, value) values ${rows}
    on conflict (company_id, key) do nothing`);
}

export interface SettingRow {
  key: string;
  value: string;
}

/**
 * The company's options, the catalogue's keys but the credentials: a row under any other key
 * (an old integration's credential imported from the original, say) never reaches an answer.
 */
export async function listSettings(db: Queryable, companyId: number): Promise<SettingRow[]> {
  return (await listSettingsOf(db, [companyId])).get(companyId) ?? [];
}

/** The options of several companies in one query, by company (open keys only). */
export async function listSettingsOf(
  db: Queryable,
  companyIds: readonly number[],
): Promise<Map<number, SettingRow[]>> {
  const byCompany = new Map<number, SettingRow[]>(companyIds.map((id) => [id, []]));
  if (companyIds.length === 0) return byCompany;
  const known = sql.join(OPEN_SETTINGS.map((key) => sql`${key}`));
  const rows = await db.query<SettingRow & { company_id: number }>(sql`
    select company_id, key, value from settings
    where company_id = any(${[...companyIds]}::int[]) and key in (${known})
    order by company_id, key`);
  for (const { company_id, key, value } of rows) byCompany.get(company_id)?.push({ key, value });
  return byCompany;
}
