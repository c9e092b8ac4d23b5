/**
 * Changing a company's options (admin §3, §9). Each key a company admin may change has a
 * closed set of values; anything else is refused with a code the browser translates.
 *
 * Left out on purpose:
 * - `campaignsEnabled` is the super user's to grant (it shows the campaign menus), through
 *   the company form; an admin writing it here gets ERR_SETTING_NOT_EDITABLE.
 * - The ISP billing keys of the original (ipixc, tokenixc, ipmkauth, clientidmkauth,
 *   clientsecretmkauth, asaas) fed integrations Balcão does not have, so they would be
 *   secrets with no effect: they are unknown keys here (ERR_NO_SETTING_FOUND).
 */
import { type Queryable, sql } from "../../lib/db/mod.ts";
import { AppError } from "../../lib/http/errors.ts";
import { channels, rooms } from "../../lib/realtime/channels.ts";
import type { Hub } from "../../lib/realtime/mod.ts";
import { DEFAULT_SETTINGS, type SettingRow } from "../accounts/settings.ts";
import { EDITABLE_SETTINGS, isEditableSetting } from "./setting_values.ts";

export interface SettingsDeps {
  db: Queryable;
  /** Absent in tests that need no realtime, and then nothing is published. */
  hub?: Hub;
}

/**
 * Stores one option of `companyId`, tells every open screen of the company on its settings
 * channel, and answers the stored row. Unknown keys are 404 ERR_NO_SETTING_FOUND; a known key
 * that only the super user sets is 403; a value outside the key's set is 400
 * ERR_INVALID_SETTING_VALUE with the allowed values.
 */
export async function updateSetting(
  { db, hub }: SettingsDeps,
  companyId: number,
  key: string,
  value: string,
): Promise<SettingRow> {
  if (!isEditableSetting(key)) {
    if (Object.hasOwn(DEFAULT_SETTINGS, key)) throw new AppError("ERR_SETTING_NOT_EDITABLE", 403);
    throw new AppError("ERR_NO_SETTING_FOUND", 404);
  }
  const allowed: readonly string[] = EDITABLE_SETTINGS[key];
  if (!allowed.includes(value)) {
    throw new AppError("ERR_INVALID_SETTING_VALUE", 400, { key, allowed: [...allowed] });
  }
  // An upsert: a company created before a key existed gets it on first change.
  const setting = await db.one<SettingRow>(sql`
    insert into settings (company_id, key, value) values (${companyId}, ${key}, ${value})
    on conflict (company_id, key) do update set value = excluded.value, updated_at = now()
    returning key, value`);
  await hub?.publish(rooms.company(companyId), channels.settings(companyId), {
    action: "update",
    setting,
  });
  return setting;
}
