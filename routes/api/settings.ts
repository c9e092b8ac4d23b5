/**
 * `/api/settings` (admin §7): the caller's company options. Everyone signed in reads them
 * (the screens adapt to them); only admins change one, and every open screen of the
 * company hears of it on `company-{id}-settings`. The ISP credentials are answered to
 * admins only, masked, and never published.
 */
import { Hono } from "hono";
import { z } from "zod";
import type { WebDeps } from "../deps.ts";
import { requireAuth } from "../../lib/http/auth.ts";
import type { AppEnv } from "../../lib/http/env.ts";
import { validateJson } from "../../lib/http/validate.ts";
import { settingsFor, updateSetting } from "../../services/settings/settings.ts";
import { SECRET_MAX_LENGTH } from "../../services/settings/catalogue.ts";
import { requireAdmin } from "./guards.ts";
import type { RouteDocs } from "../../lib/http/openapi.ts";
import { ADMIN } from "./openapi/phrases.ts";

// The service checks each key's own values; this only bounds the longest, a credential.
export const SettingBody = z.object({ value: z.string().max(SECRET_MAX_LENGTH) });

export function settingRoutes(deps: WebDeps): Hono<AppEnv> {
  const { db, hub } = deps;
  const routes = new Hono<AppEnv>();

  routes.get("/", async (c) => {
    const auth = requireAuth(c);
    return c.json(await settingsFor(db, auth));
  });

  routes.put("/:key", async (c) => {
    const auth = requireAdmin(c);
    const { value } = await validateJson(c, SettingBody);
    return c.json(await updateSetting({ db, hub }, auth.companyId, c.req.param("key"), value));
  });

  return routes;
}

export const settingDocs: RouteDocs = {
  "GET /": { summary: "The company's settings" },
  "PUT /:key": {
    summary: "Change one setting",
    description: ADMIN,
    body: SettingBody,
  },
};
