/**
 * Queue integrations (webhook, n8n, Typebot, Dialogflow): Dialogflow's service account is
 * sealed again for its new row, and each integration gets a signing secret of its own, as one
 * made here does (Whaticket signed nothing; a receiver learns it on the integration page).
 */
import { sql } from "../../../lib/db/mod.ts";
import { parseServiceAccount } from "../../integrations/dialogflow.ts";
import { sealPurpose } from "../../integrations/integrations.ts";
import { newWebhookSecret } from "../../integrations/webhook.ts";
import type { ImportContext } from "../context.ts";
import { type Decision, newIds, type TableStep } from "../engine.ts";
import { clamp, MISSING_COMPANY, ref, STAMP_COLUMNS, stamps, text } from "../values.ts";
import { linkQueuesAndConnections } from "./links.ts";

const TYPES = new Set(["dialogflow", "n8n", "webhook", "typebot"]);

/** The service account's e-mail (the screens' hint), or null when the JSON is not one. */
function accountEmail(json: string): string | null {
  try {
    return parseServiceAccount(json).clientEmail;
  } catch {
    return null;
  }
}

export const queueIntegrations: TableStep = {
  table: "QueueIntegrations",
  select: `select * from "QueueIntegrations"`,
  keyType: "int",
  target: {
    name: "queue_integrations",
    serial: true,
    columns: {
      company_id: "integer",
      type: "text",
      name: "text",
      project_name: "text",
      json_content_sealed: "text",
      json_content_hint: "text",
      language: "text",
      url_n8n: "text",
      typebot_slug: "text",
      typebot_expires: "integer",
      typebot_keyword_finish: "text",
      typebot_keyword_restart: "text",
      typebot_unknown_message: "text",
      typebot_delay_message: "integer",
      typebot_restart_message: "text",
      hmac_secret_sealed: "text",
      ...STAMP_COLUMNS,
    },
  },
  async decide(rows, ctx) {
    const companyIds = await ctx.ids("Companies");
    // Names are unique per company here: one made by hand before the import is left alone.
    const taken = new Set(
      (await ctx.target.query<{ key: string }>(sql`
        select company_id || ':' || lower(name) as key from queue_integrations`))
        .map((row) => row.key),
    );
    const reasons = rows.map((row) => {
      const companyId = ref(companyIds, row.companyId);
      const type = text(row.type).trim().toLowerCase();
      const name = text(row.name).trim();
      if (!companyId) return MISSING_COMPANY;
      if (!TYPES.has(type)) return "unknown integration type";
      if (!name) return "no name";
      if (taken.has(`${companyId}:${name.toLowerCase()}`)) {
        return "an integration of that name exists";
      }
      if (type === "dialogflow" && !accountEmail(text(row.jsonContent))) {
        return "Dialogflow credentials are not a service account";
      }
      taken.add(`${companyId}:${name.toLowerCase()}`);
      return null;
    });
    // Each secret is sealed for its row's id, so the ids are taken before the batch.
    const ids = await newIds(ctx.target, "queue_integrations", reasons.filter((r) => !r).length);
    const out: Decision[] = [];
    for (const [index, row] of rows.entries()) {
      const sourceId = String(row.id);
      const reason = reasons[index];
      if (reason) {
        out.push({ sourceId, skip: reason });
        continue;
      }
      const id = ids.shift()!;
      const type = text(row.type).trim().toLowerCase();
      const name = text(row.name).trim();
      const json = text(row.jsonContent);
      const dialogflow = type === "dialogflow";
      out.push({
        sourceId,
        insert: {
          id,
          company_id: ref(companyIds, row.companyId),
          type,
          name,
          project_name: dialogflow ? text(row.projectName).trim() : name,
          json_content_sealed: dialogflow
            ? await ctx.secrets.seal(json, sealPurpose(id, "jsonContent"))
            : null,
          json_content_hint: dialogflow ? accountEmail(json) : "",
          language: dialogflow ? text(row.language).trim() || "pt-BR" : "pt-BR",
          url_n8n: text(row.urlN8N).trim(),
          typebot_slug: text(row.typebotSlug).trim(),
          typebot_expires: Math.round(clamp(row.typebotExpires, 0, 10080, 1)),
          typebot_keyword_finish: text(row.typebotKeywordFinish),
          typebot_keyword_restart: text(row.typebotKeywordRestart),
          typebot_unknown_message: text(row.typebotUnknownMessage),
          typebot_delay_message: Math.round(clamp(row.typebotDelayMessage, 0, 60000, 1000)),
          typebot_restart_message: text(row.typebotRestartMessage),
          hmac_secret_sealed: await ctx.secrets.seal(
            newWebhookSecret(),
            sealPurpose(id, "hmacSecret"),
          ),
          ...stamps(row, ctx.now),
        },
      });
    }
    return out;
  },
};

/** Queues and connections that handed their customers to an integration keep doing so. */
export function integrationLinks(ctx: ImportContext): Promise<void> {
  return linkQueuesAndConnections(
    ctx,
    { table: "QueueIntegrations", column: "integrationId" },
    "integration_id",
  );
}
