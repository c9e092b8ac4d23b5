/**
 * `/api/settings` (admin §7): the caller's company options. Everyone signed in reads them
 * (the screens adapt to them); only admins change one, and every open screen of the
 * company hears of it on `company-{id}-settings`.
 */
import { Hono } from "hono";
import { z } from "zod";
import type { ServiceDeps } from "../../services/deps.ts";
import { requireAuth } from "../../lib/http/auth.ts";
import type { AppEnv } from "../../lib/http/env.ts";
import { validateJson } from "../../lib/http/validate.ts";
import { requireAdmin } from "../../services/accounts/permissions.ts";
import { listSettings } from "../../services/accounts/settings.ts";
import { updateSetting } from "../../services/settings/settings.ts";

const SettingBody = z.object({ value: z.string().max(200) });

export function settingRoutes(deps: ServiceDeps): Hono<AppEnv> {
  const { db, hub } = deps;
  const routes = new Hono<AppEnv>();

  routes.get("/", async (c) => {
    const auth = requireAuth(c);
    return c.json(await listSettings(db, auth.companyId));
  });

  routes.put("/:key", async (c) => {
    const auth = requireAdmin(c);
    const { value } = await validateJson(c, SettingBody);
    return c.json(await updateSetting({ db, hub }, auth.companyId, c.req.param("key"), value));
  });

  return routes;
}
