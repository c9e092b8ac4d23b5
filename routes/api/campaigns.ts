/**
 * `/api/campaigns` and `/api/campaign-settings` (admin §7 "Campaigns", "Campaign settings"),
 * plus the report's `GET /api/campaigns/{id}/report`. Campaign admins only
 * (services/campaigns/access.ts).
 */
import { type Context, Hono } from "hono";
import { z } from "zod";
import { requireAuth } from "../../lib/http/auth.ts";
import type { AppEnv } from "../../lib/http/env.ts";
import { ListQuery, pageNumberField } from "../../lib/http/list_query.ts";
import { idParam, parseId } from "../../lib/http/params.ts";
import { readUploadForm, uploadBodyLimit } from "../../lib/http/upload.ts";
import { validateJson, validateQuery } from "../../lib/http/validate.ts";
import { MAX_MEDIA_BYTES } from "../../lib/media/store.ts";
import type { WebDeps } from "../deps.ts";
import {
  attachCampaignMedia,
  cancelCampaign,
  createCampaign,
  deleteCampaign,
  detachCampaignMedia,
  listCampaigns,
  restartCampaign,
  showCampaign,
  updateCampaign,
} from "../../services/campaigns/campaigns.ts";
import { campaignReport } from "../../services/campaigns/report.ts";
import { saveCampaignSettings, settingRows } from "../../services/campaigns/settings.ts";
import {
  LONGER_INTERVAL_OPTIONS,
  MESSAGE_INTERVAL_OPTIONS,
} from "../../services/campaigns/pacing.ts";
import { requireCampaigns } from "./guards.ts";
import type { RouteDocs } from "../../lib/http/openapi.ts";
import { ATTACH } from "./openapi/phrases.ts";

const blank = (value: unknown) => value === "" || value === undefined ? null : value;
/** An id, or nothing: "", null and the dialog's "Nenhuma" all mean none. */
const optionalId = z.preprocess(
  (value) => value === "Nenhuma" ? null : blank(value),
  z.union([
    z.null(),
    z.coerce.number().transform((n, ctx) => {
      const id = parseId(n);
      if (id === null) {
        ctx.addIssue({ code: "custom", message: "ERR_INVALID_ID" });
        return z.NEVER;
      }
      return id;
    }),
  ]),
);
const text = z.string().max(10_000).default("");

export const CampaignBody = z.object({
  name: z.string().trim().min(2).max(50),
  message1: text,
  message2: text,
  message3: text,
  message4: text,
  message5: text,
  confirmationMessage1: text,
  confirmationMessage2: text,
  confirmationMessage3: text,
  confirmationMessage4: text,
  confirmationMessage5: text,
  confirmation: z.boolean().default(false),
  scheduledAt: z.preprocess(
    blank,
    z.union([z.null(), z.iso.datetime({ offset: true }).transform((s) => new Date(s))]),
  ),
  whatsappId: optionalId,
  contactListId: optionalId,
  tagListId: optionalId,
  fileListId: optionalId,
});

const seconds = (options: readonly number[]) =>
  z.coerce.number().refine((n) => options.includes(n), "ERR_CAMPAIGN_INTERVAL_OPTION");
export const SettingsBody = z.object({
  settings: z.object({
    messageInterval: seconds(MESSAGE_INTERVAL_OPTIONS).optional(),
    longerIntervalAfter: seconds(LONGER_INTERVAL_OPTIONS).optional(),
    greaterInterval: seconds(LONGER_INTERVAL_OPTIONS).optional(),
    variables: z.array(z.object({
      key: z.string().trim().min(1).max(60).regex(/^[^{}\s]+$/),
      value: z.string().max(1000),
    })).max(100).optional(),
  }),
});
export const ReportQuery = z.object({ pageNumber: pageNumberField.transform((p) => p ?? 1) });

export function campaignRoutes(deps: WebDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.use("*", requireCampaigns(deps.db));
  const company = (c: Context<AppEnv>) => requireAuth(c).companyId;
  const campaignId = (c: Context<AppEnv>) => idParam(c, "id", "ERR_NO_CAMPAIGN_FOUND");

  routes.get("/", async (c) => {
    return c.json(await listCampaigns(deps.db, company(c), validateQuery(c, ListQuery)));
  });
  routes.get("/:id{[0-9]+}", async (c) => {
    return c.json(await showCampaign(deps.db, company(c), campaignId(c)));
  });
  routes.get("/:id{[0-9]+}/report", async (c) => {
    const { pageNumber } = validateQuery(c, ReportQuery);
    return c.json(await campaignReport(deps.db, company(c), campaignId(c), pageNumber));
  });
  routes.post("/", async (c) => {
    return c.json(await createCampaign(deps, company(c), await validateJson(c, CampaignBody)));
  });
  routes.put("/:id{[0-9]+}", async (c) => {
    const id = campaignId(c);
    return c.json(await updateCampaign(deps, company(c), id, await validateJson(c, CampaignBody)));
  });
  routes.delete("/:id{[0-9]+}", async (c) => {
    await deleteCampaign(deps, company(c), campaignId(c));
    return c.body(null, 204);
  });
  routes.post("/:id{[0-9]+}/cancel", async (c) => {
    return c.json(await cancelCampaign(deps, company(c), campaignId(c)));
  });
  routes.post("/:id{[0-9]+}/restart", async (c) => {
    return c.json(await restartCampaign(deps, company(c), campaignId(c)));
  });
  routes.post("/:id{[0-9]+}/media-upload", uploadBodyLimit(MAX_MEDIA_BYTES), async (c) => {
    const id = campaignId(c);
    const { file } = await readUploadForm(c);
    return c.json(await attachCampaignMedia(deps, company(c), id, file));
  });
  routes.delete("/:id{[0-9]+}/media-upload", async (c) => {
    return c.json(await detachCampaignMedia(deps, company(c), campaignId(c)));
  });
  return routes;
}

export function campaignSettingRoutes(deps: WebDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.use("*", requireCampaigns(deps.db));
  routes.get("/", async (c) => c.json(await settingRows(deps.db, requireAuth(c).companyId)));
  routes.post("/", async (c) => {
    const { settings } = await validateJson(c, SettingsBody);
    return c.json(await saveCampaignSettings(deps, requireAuth(c).companyId, settings));
  });
  return routes;
}

export const campaignDocs: RouteDocs = {
  "GET /": {
    summary: "List campaigns, a page at a time",
    description: "Plan flag useCampaigns.",
    query: ListQuery,
  },
  "GET /:id{[0-9]+}": { summary: "One campaign" },
  "GET /:id{[0-9]+}/report": {
    summary: "A campaign's deliveries, a page at a time",
    query: ReportQuery,
  },
  "POST /": { summary: "Create a campaign", body: CampaignBody },
  "PUT /:id{[0-9]+}": { summary: "Change a campaign", body: CampaignBody },
  "DELETE /:id{[0-9]+}": { summary: "Delete a campaign" },
  "POST /:id{[0-9]+}/cancel": { summary: "Cancel a campaign" },
  "POST /:id{[0-9]+}/restart": { summary: "Restart a cancelled campaign" },
  "POST /:id{[0-9]+}/media-upload": {
    summary: "Attach a file to a campaign",
    description: ATTACH,
    files: ["file"],
  },
  "DELETE /:id{[0-9]+}/media-upload": { summary: "Remove a campaign's file" },
};

export const campaignSettingDocs: RouteDocs = {
  "GET /": { summary: "The company's campaign settings" },
  "POST /": {
    summary: "Change the campaign settings",
    body: SettingsBody,
  },
};
