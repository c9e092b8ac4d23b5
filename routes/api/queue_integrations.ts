/**
 * `/api/queueIntegration` (admin §7 "Queue integrations"): the company's Typebot, Dialogflow,
 * n8n and webhook integrations, for admins with a plan that has `useIntegrations`; the
 * per-type rules of admin §5 are checked here, the secrets kept by the service
 * (services/integrations/integrations.ts).
 */
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../lib/http/env.ts";
import { ListQuery } from "../../lib/http/list_query.ts";
import { idField, idParam } from "../../lib/http/params.ts";
import { validateJson, validateQuery } from "../../lib/http/validate.ts";
import type { WebDeps } from "../deps.ts";
import {
  createIntegration,
  deleteIntegration,
  listIntegrations,
  rotateIntegrationSecret,
  showIntegration,
  testDialogflowSession,
  updateIntegration,
} from "../../services/integrations/integrations.ts";
import { DIALOGFLOW_LANGUAGES, INTEGRATION_TYPES } from "../../services/integrations/types.ts";
import { requireAdmin } from "./guards.ts";
import type { RouteDocs } from "../../lib/http/openapi.ts";
import { ADMIN } from "./openapi/phrases.ts";

const text = (max: number) => z.string().trim().max(max).default("");

/** An http(s) address, or blank (the per-type rule below says when it is needed). */
const urlField = text(2000).refine((value) => {
  if (!value) return true;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}, "ERR_INTEGRATION_URL_INVALID");

/**
 * Where a Dialogflow agent lives: blank or "global", or a Google Cloud region name
 * ("europe-west2"), which becomes part of a host name.
 */
const dialogflowLocation = z.string().trim().toLowerCase().max(40).default("")
  .transform((value) => value === "global" ? "" : value)
  .refine((value) => value === "" || /^[a-z]+-[a-z]+\d{1,2}$/.test(value), {
    message: "ERR_INTEGRATION_LOCATION_INVALID",
  });

/** Admin §3 fields and §9 defaults; admin §5: the name 2 to 50, the per-type required fields. */
export const IntegrationBody = z.object({
  type: z.enum(INTEGRATION_TYPES),
  name: z.string().trim().min(2).max(50),
  projectName: text(100),
  // Blank keeps the stored service account on update.
  jsonContent: z.string().trim().max(20_000).optional().transform((value) => value || undefined),
  language: z.enum(DIALOGFLOW_LANGUAGES).default("pt-BR"),
  dialogflowLocation,
  urlN8N: urlField,
  typebotSlug: text(200),
  typebotExpires: z.coerce.number().int().min(0).max(10080).default(1),
  typebotKeywordFinish: text(100),
  typebotKeywordRestart: text(100),
  typebotUnknownMessage: text(2000),
  typebotDelayMessage: z.coerce.number().int().min(0).max(60000).default(1000),
  typebotRestartMessage: text(2000),
}).superRefine((body, ctx) => {
  const required = (path: string) =>
    ctx.addIssue({ code: "custom", path: [path], message: "ERR_REQUIRED" });
  if (body.type !== "dialogflow" && !body.urlN8N) required("urlN8N");
  if (body.type === "typebot" && !body.typebotSlug) required("typebotSlug");
  if (body.type === "dialogflow" && !body.projectName) required("projectName");
});

export const TestSessionBody = z.object({
  id: idField().optional(),
  projectName: z.string().trim().min(1).max(100),
  jsonContent: z.string().trim().max(20_000).optional().transform((value) => value || undefined),
  language: z.enum(DIALOGFLOW_LANGUAGES).default("pt-BR"),
  dialogflowLocation,
});

export function queueIntegrationRoutes(deps: WebDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const integrationId = (c: Parameters<typeof idParam>[0]) =>
    idParam(c, "id", "ERR_NO_INTEGRATION_FOUND");

  routes.get("/", async (c) => {
    const who = requireAdmin(c);
    return c.json(await listIntegrations(deps.db, who, validateQuery(c, ListQuery)));
  });

  routes.get("/:id{[0-9]+}", async (c) => {
    const who = requireAdmin(c);
    return c.json(await showIntegration(deps, who, integrationId(c)));
  });

  routes.post("/", async (c) => {
    const who = requireAdmin(c);
    return c.json(await createIntegration(deps, who, await validateJson(c, IntegrationBody)));
  });

  routes.post("/testSession", async (c) => {
    const who = requireAdmin(c);
    return c.json(await testDialogflowSession(deps, who, await validateJson(c, TestSessionBody)));
  });

  routes.put("/:id{[0-9]+}", async (c) => {
    const who = requireAdmin(c);
    const id = integrationId(c);
    return c.json(await updateIntegration(deps, who, id, await validateJson(c, IntegrationBody)));
  });

  /** A new signing secret for webhook and n8n calls (the old one stops verifying). */
  routes.post("/:id{[0-9]+}/secret", async (c) => {
    const who = requireAdmin(c);
    return c.json(await rotateIntegrationSecret(deps, who, integrationId(c)));
  });

  routes.delete("/:id{[0-9]+}", async (c) => {
    const who = requireAdmin(c);
    await deleteIntegration(deps, who, integrationId(c));
    return c.json({ message: "Integration deleted" });
  });

  return routes;
}

export const queueIntegrationDocs: RouteDocs = {
  "GET /": {
    summary: "List queue integrations (webhook, n8n, Typebot, Dialogflow)",
    description: `${ADMIN} Plan flag useIntegrations.`,
    query: ListQuery,
  },
  "GET /:id{[0-9]+}": {
    summary: "One queue integration",
    description: `${ADMIN} Plan flag useIntegrations.`,
  },
  "POST /": {
    summary: "Create a queue integration",
    description: `${ADMIN} Plan flag useIntegrations.`,
    body: IntegrationBody,
  },
  "POST /testSession": {
    summary: "Check Dialogflow credentials with one detectIntent call",
    description: `${ADMIN} Plan flag useIntegrations.`,
    body: TestSessionBody,
  },
  "PUT /:id{[0-9]+}": {
    summary: "Change a queue integration",
    description: `${ADMIN} Plan flag useIntegrations.`,
    body: IntegrationBody,
  },
  "POST /:id{[0-9]+}/secret": {
    summary: "Rotate a webhook or n8n integration's signing secret",
    description: `${ADMIN} Plan flag useIntegrations.`,
  },
  "DELETE /:id{[0-9]+}": {
    summary: "Delete a queue integration (queues and connections pointing at it are unlinked)",
    description: `${ADMIN} Plan flag useIntegrations.`,
  },
};
