/**
 * The ISP credentials of a company (admin §3: ipixc, tokenixc, ipmkauth, clientidmkauth,
 * clientsecretmkauth, asaas). They are stored as settings rows but never travel back in full:
 * admins see a mask with the last characters of long values (enough to tell which key is in
 * place), everyone else nothing. They are not on the company's settings channel either,
 * since plain users listen there.
 */
import { type Queryable, sql } from "../../lib/db/mod.ts";
import { AppError } from "../../lib/http/errors.ts";
import { SECRET_MAX_LENGTH, SECRET_SETTINGS, type SecretSettingKey } from "./catalogue.ts";

/** How a stored credential is shown: set or not, and its mask. */
export interface MaskedSetting {
  key: SecretSettingKey;
  /** "" when not set; otherwise bullets, with the last four characters of a long value. */
  value: string;
  masked: true;
}

const BULLETS = "••••••••";
/** Below this length the last four characters would give too much of the value away. */
const SHOW_TAIL_FROM = 12;

/** The mask of a stored value: its length is not told, a short value shows nothing of it. */
export function maskSecret(value: string): string {
  if (value === "") return "";
  return value.length >= SHOW_TAIL_FROM ? BULLETS + value.slice(-4) : BULLETS;
}

/** Every credential key of the company, masked, in the spec's order (unset ones empty). */
export async function listSecretSettings(
  db: Queryable,
  companyId: number,
): Promise<MaskedSetting[]> {
  const keys = sql.join(SECRET_SETTINGS.map((key) => sql`${key}`));
  const rows = await db.query<{ key: string; value: string }>(sql`
    select key, value from settings where company_id = ${companyId} and key in (${keys})`);
  const stored = new Map(rows.map((row) => [row.key, row.value]));
  return SECRET_SETTINGS.map((key) => ({
    key,
    value: maskSecret(stored.get(key) ?? ""),
    masked: true,
  }));
}

/**
 * Stores (or with an empty value, removes) one credential and answers its mask. Surrounding
 * spaces are dropped (a pasted token often carries them); control characters are refused.
 */
export async function updateSecretSetting(
  db: Queryable,
  companyId: number,
  key: SecretSettingKey,
  raw: string,
): Promise<MaskedSetting> {
  const value = raw.trim();
  // deno-lint-ignore no-control-regex -- a credential with control characters is a paste error
  if (value.length > SECRET_MAX_LENGTH || /[\u0000-\u001f\u007f]/.test(value)) {
    throw new AppError("ERR_INVALID_SETTING_VALUE", 400, { key });
  }
  if (value === "") {
    await db.run(sql`delete from settings where company_id = ${companyId} and key = ${key}`);
  } else {
    await db.run(sql`
      insert into settings (company_id, key, value) values (${companyId}, ${key}, ${value})
      on conflict (company_id, key) do update set value = excluded.value, updated_at = now()`);
  }
  return { key, value: maskSecret(value), masked: true };
}
