/**
 * The JSON API under `/api` (DESIGN §4): the middleware every call goes through, then each
 * area's router, mounted in the order of the one list of areas (areas.ts), and the OpenAPI
 * document of them all.
 */
import { type Context, Hono, type Next } from "hono";
import { bodyLimit } from "hono/body-limit";
import { authenticate } from "../../lib/http/auth.ts";
import { resolveClientIp } from "../../lib/http/client_ip.ts";
import { crossSiteGuard } from "../../lib/http/csrf.ts";
import type { AppEnv } from "../../lib/http/env.ts";
import { accountPrincipals } from "../../services/accounts/principals.ts";
import { trustedOriginsOf, type WebDeps } from "../deps.ts";
import { API_AREAS } from "./areas.ts";
import { API_DOCS } from "./openapi/registry.ts";
import { openApiRoutes } from "./openapi/routes.ts";

/** JSON bodies are small; uploads get their own, larger limit on their routes. */
const API_BODY_LIMIT_BYTES = 1024 * 1024;
/**
 * Multipart bodies (file uploads) skip the JSON limit, so that an upload route can allow
 * more with its own `bodyLimit`; this ceiling still holds for any route that forgets to.
 */
const MULTIPART_CEILING_BYTES = 64 * 1024 * 1024;

/** Media is what `<img>` and `<audio>` load, without headers: the one place for `?token=`. */
const QUERY_TOKEN_PATHS = ["/api/media/"];
/** What a past-due company's admin may still call: the session itself and paying. */
const PAST_DUE_PATHS = ["/api/auth", "/api/invoices", "/api/subscription", "/api/plans/list"];

/** Multipart bodies get the uploads' ceiling, anything else the JSON limit. */
function bodyLimits() {
  const json = bodyLimit({ maxSize: API_BODY_LIMIT_BYTES });
  const multipart = bodyLimit({ maxSize: MULTIPART_CEILING_BYTES });
  return (c: Context<AppEnv>, next: Next) =>
    (c.req.header("Content-Type") ?? "").startsWith("multipart/form-data")
      ? multipart(c, next)
      : json(c, next);
}

/** The whole API, to be mounted at `/api`. */
export function apiRoutes(deps: WebDeps): Hono<AppEnv> {
  const api = new Hono<AppEnv>();
  api.use(resolveClientIp(deps.trustProxy));
  api.use(bodyLimits());
  api.use(authenticate(accountPrincipals(deps.db), deps.jwtKey, {
    queryTokenPaths: QUERY_TOKEN_PATHS,
    limitedPaths: PAST_DUE_PATHS,
  }));
  // After authenticate: only a valid Bearer token exempts a call from the guard.
  api.use(crossSiteGuard(trustedOriginsOf(deps)));
  // Its paths (/openapi.json, /docs) are no area's: it may come first.
  api.route("/", openApiRoutes(API_DOCS));
  for (const area of API_AREAS) api.route(area.path, area.routes(deps));
  return api;
}
