/**
 * Reading a company's options where the server acts on them (the queue chatbot, ratings,
 * greetings, calls, group messages): every editable key with its stored value, or the
 * catalogue's default (what a company gets at creation) when the key was never stored.
 */
import { type Queryable, sql } from "../../lib/db/mod.ts";
import { EDITABLE_SETTINGS, type EditableSettingKey, SETTINGS } from "./catalogue.ts";

export type CompanyOptions = Record<EditableSettingKey, string>;

const KEYS = Object.keys(EDITABLE_SETTINGS) as EditableSettingKey[];

export async function companyOptions(db: Queryable, companyId: number): Promise<CompanyOptions> {
  const rows = await db.query<{ key: string; value: string }>(sql`
    select key, value from settings
    where company_id = ${companyId} and key = any(${KEYS}::text[])`);
  const stored = new Map(rows.map((row) => [row.key, row.value]));
  return Object.fromEntries(
    KEYS.map((key) => [key, stored.get(key) ?? SETTINGS[key].default]),
  ) as CompanyOptions;
}

/** One switch (`enabled`/`disabled`) of the company. */
export async function optionOn(
  db: Queryable,
  companyId: number,
  key: EditableSettingKey,
): Promise<boolean> {
  const row = await db.maybeOne<{ value: string }>(sql`
    select value from settings where company_id = ${companyId} and key = ${key}`);
  return (row?.value ?? SETTINGS[key].default) === "enabled";
}
