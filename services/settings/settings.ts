/**
 * Changing a company's options (admin §3, §9), as the catalogue (catalogue.ts) allows: each
 * key a company admin may change has a closed set of values; anything else is refused with a
 * code the browser translates. The ISP credentials are settings too, but secret: see
 * secrets.ts. A key the super user grants (`campaignsEnabled`, through the company form)
 * answers ERR_SETTING_NOT_EDITABLE here.
 */
import { type Queryable, sql } from "../../lib/db/mod.ts";
import { AppError } from "../../lib/http/errors.ts";
import { channels, rooms } from "../../lib/realtime/channels.ts";
import type { Hub } from "../../lib/realtime/mod.ts";
import { listSettings, type SettingRow } from "../accounts/settings.ts";
import { isAdmin } from "../accounts/permissions.ts";
import type { Principal } from "../../lib/http/auth.ts";
import { listSecretSettings, type MaskedSetting, updateSecretSetting } from "./secrets.ts";
import { EDITABLE_SETTINGS, isEditableSetting, isSecretSetting, isSetting } from "./catalogue.ts";

export interface SettingsDeps {
  db: Queryable;
  /** Absent in tests that need no realtime, and then nothing is published. */
  hub: Hub;
}

/**
 * What `GET /api/settings` answers: the company's options to everyone signed in, and to
 * admins the ISP credentials too, masked.
 */
export async function settingsFor(
  db: Queryable,
  who: Pick<Principal, "companyId" | "profile" | "super">,
): Promise<(SettingRow | MaskedSetting)[]> {
  const options = await listSettings(db, who.companyId);
  return isAdmin(who) ? [...options, ...await listSecretSettings(db, who.companyId)] : options;
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
): Promise<SettingRow | MaskedSetting> {
  // Never published: plain users listen on the settings channel.
  if (isSecretSetting(key)) return await updateSecretSetting(db, companyId, key, value);
  if (!isEditableSetting(key)) {
    if (isSetting(key)) throw new AppError("ERR_SETTING_NOT_EDITABLE", 403);
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
  await hub.publish(rooms.company(companyId), channels.settings(companyId), {
    action: "update",
    setting,
  });
  return setting;
}
