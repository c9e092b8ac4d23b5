/**
 * Campaign settings (admin §3, §9): per-company rows `messageInterval`,
 * `longerIntervalAfter`, `greaterInterval` and `variables` (a list of {key, value}), each
 * value stored as JSON text, as the spec's client reads them. Missing keys take admin §9's
 * defaults.
 */
import { type Queryable, sql } from "../../lib/db/mod.ts";
import { channels, rooms } from "../../lib/realtime/channels.ts";
import type { ServiceDeps } from "../deps.ts";
import { DEFAULT_PACING, type Pacing } from "./pacing.ts";
import type { CampaignVariable } from "./render.ts";

export interface CampaignSettings extends Pacing {
  variables: CampaignVariable[];
}

export interface SettingRow {
  id: number;
  key: string;
  value: string;
}

export function settingRows(db: Queryable, companyId: number): Promise<SettingRow[]> {
  return db.query<SettingRow>(sql`
    select id, key, value from campaign_settings where company_id = ${companyId} order by key`);
}

function parsed(value: string | undefined): unknown {
  if (value === undefined) return undefined;
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}

export async function campaignSettingsOf(
  db: Queryable,
  companyId: number,
): Promise<CampaignSettings> {
  const byKey = new Map((await settingRows(db, companyId)).map((r) => [r.key, r.value]));
  const seconds = (key: keyof Pacing) => {
    const value = Number(parsed(byKey.get(key)));
    return Number.isFinite(value) && value >= 0 ? value : DEFAULT_PACING[key];
  };
  const variables = parsed(byKey.get("variables"));
  return {
    messageInterval: seconds("messageInterval"),
    longerIntervalAfter: seconds("longerIntervalAfter"),
    greaterInterval: seconds("greaterInterval"),
    variables: Array.isArray(variables)
      ? variables.filter((v): v is CampaignVariable =>
        typeof v?.key === "string" && typeof v?.value === "string"
      )
      : [],
  };
}

/** Stores the given keys (others are kept) and answers every row. */
export async function saveCampaignSettings(
  deps: Pick<ServiceDeps, "db" | "hub">,
  companyId: number,
  settings: Partial<CampaignSettings>,
): Promise<SettingRow[]> {
  // A repeated variable key keeps its first value (admin §5: a duplicate key is ignored).
  const variables = settings.variables?.filter((v, i, all) =>
    all.findIndex((o) => o.key === v.key) === i
  );
  const entries = Object.entries({ ...settings, ...(variables ? { variables } : {}) });
  await deps.db.transaction(async (tx) => {
    for (const [key, value] of entries) {
      await tx.run(sql`
        insert into campaign_settings (company_id, key, value)
        values (${companyId}, ${key}, ${JSON.stringify(value)})
        on conflict (company_id, key) do update set value = excluded.value, updated_at = now()`);
    }
  });
  const rows = await settingRows(deps.db, companyId);
  await deps.hub.publish(rooms.company(companyId), channels.campaignSettings(companyId), {
    action: "update",
    settings: rows,
  });
  return rows;
}
