/**
 * The web app: the middleware every response goes through, the JSON API under `/api`, the
 * realtime socket and the pages, in the order they must be tried.
 */
import { Hono } from "hono";
import { requestId } from "hono/request-id";
import { assertOriginAllowed } from "../lib/http/csrf.ts";
import type { AppEnv } from "../lib/http/env.ts";
import { handleError, handleNotFoundApi } from "../lib/http/error_handler.ts";
import { corsPolicy, noStore, securityHeaders } from "../lib/http/security.ts";
import { staticFiles } from "../lib/http/static.ts";
import { apiRoutes } from "./api/mod.ts";
import { trustedOriginsOf, type WebDeps } from "./deps.ts";
import { pageRoutes } from "./pages/mod.ts";

export function webApp(deps: WebDeps): Hono<AppEnv> {
  // Not strict: `/api/users/` is `/api/users`, as the spec's clients call it (DESIGN §4).
  const app = new Hono<AppEnv>({ strict: false });
  app.use(requestId());
  app.use(securityHeaders({ hsts: deps.secureCookies }));
  app.onError(handleError);
  app.use("/static/*", staticFiles());
  // App-level (not inside `api`), so that errors and the unknown-path 404 get them too.
  app.use("/api/*", noStore());
  if (deps.corsOrigins.length > 0) app.use("/api/*", corsPolicy(deps.corsOrigins));

  app.route("/api", apiRoutes(deps));
  // Registered after every API route: an unknown API path answers JSON, never a page.
  app.all("/api/*", handleNotFoundApi);

  const { hub } = deps;
  if (hub) {
    const trustedOrigins = trustedOriginsOf(deps);
    app.get("/ws", (c) => {
      // Any page may open a socket to us with the user's cookies: only ours may.
      assertOriginAllowed(c.req.raw, trustedOrigins);
      return hub.upgrade(c.req.raw);
    });
  }

  // Pages last: their catch-all answers the HTML 404.
  app.route("/", pageRoutes(deps));
  return app;
}
