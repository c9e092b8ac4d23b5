/**
 * `/api/prompt` (admin §7 "Prompts"): the company's AI prompts, for admins with a plan that
 * has `useOpenAi`. The keys go in and never come out (services/prompts/prompts.ts).
 */
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../lib/http/env.ts";
import { ListQuery } from "../../lib/http/list_query.ts";
import { idField, idParam } from "../../lib/http/params.ts";
import { validateJson, validateQuery } from "../../lib/http/validate.ts";
import { PROMPT_VOICES, TEXT_ONLY } from "../../lib/ai/voices.ts";
import { AZURE_REGION_NAME } from "../../lib/ai/azure_speech.ts";
import type { WebDeps } from "../deps.ts";
import {
  createPrompt,
  deletePrompt,
  listPrompts,
  showPrompt,
  updatePrompt,
} from "../../services/prompts/prompts.ts";
import { requireAdmin } from "./guards.ts";
import type { RouteDocs } from "../../lib/http/openapi.ts";
import { ADMIN } from "./openapi/phrases.ts";

/** A secret field: blank means "keep the stored one" on update. */
const secretField = z.string().trim().max(500).optional().transform((value) => value || undefined);

/** Admin §3 fields and §9 defaults; the queue is required ("Informe o setor", admin §5). */
export const PromptBody = z.object({
  name: z.string().trim().min(1).max(100),
  prompt: z.string().trim().min(1).max(20_000),
  apiKey: secretField,
  voice: z.enum(PROMPT_VOICES).default(TEXT_ONLY),
  voiceKey: secretField,
  // Azure's region name ("brazilsouth"); "Brazil South" as the portal shows it is taken too.
  voiceRegion: z.string().max(50).default("")
    .transform((region) => region.toLowerCase().replace(/\s+/g, ""))
    .refine((region) => region === "" || AZURE_REGION_NAME.test(region), {
      message: "ERR_PROMPT_VOICE_REGION_INVALID",
    }),
  maxTokens: z.coerce.number().int().min(10).max(4096).default(100),
  temperature: z.coerce.number().min(0).max(2).default(1),
  maxMessages: z.coerce.number().int().min(1).max(50).default(10),
  queueId: idField("ERR_INVALID_OPTION", "ERR_PROMPT_QUEUE_REQUIRED"),
});

export function promptRoutes(deps: WebDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const promptId = (c: Parameters<typeof idParam>[0]) => idParam(c, "id", "ERR_NO_PROMPT_FOUND");

  routes.get("/", async (c) => {
    const who = requireAdmin(c);
    return c.json(await listPrompts(deps.db, who, validateQuery(c, ListQuery)));
  });

  routes.get("/:id{[0-9]+}", async (c) => {
    const who = requireAdmin(c);
    return c.json(await showPrompt(deps.db, who, promptId(c)));
  });

  routes.post("/", async (c) => {
    const who = requireAdmin(c);
    return c.json(await createPrompt(deps, who, await validateJson(c, PromptBody)));
  });

  routes.put("/:id{[0-9]+}", async (c) => {
    const who = requireAdmin(c);
    const id = promptId(c);
    return c.json(await updatePrompt(deps, who, id, await validateJson(c, PromptBody)));
  });

  routes.delete("/:id{[0-9]+}", async (c) => {
    const who = requireAdmin(c);
    await deletePrompt(deps, who, promptId(c));
    return c.json({ message: "Prompt deleted" });
  });

  return routes;
}

export const promptDocs: RouteDocs = {
  "GET /": { summary: "List AI prompts, a page at a time", query: ListQuery },
  "GET /:id{[0-9]+}": { summary: "One AI prompt" },
  "POST /": {
    summary: "Create an AI prompt",
    description: ADMIN,
    body: PromptBody,
  },
  "PUT /:id{[0-9]+}": {
    summary: "Change an AI prompt",
    description: ADMIN,
    body: PromptBody,
  },
  "DELETE /:id{[0-9]+}": { summary: "Delete an AI prompt", description: ADMIN },
};
