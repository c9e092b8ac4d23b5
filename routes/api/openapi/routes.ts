/**
 * `GET /api/openapi.json` (the OpenAPI 3.1 document of the whole `/api`, built once from the
 * docs registry.ts merges) and `GET /api/docs`, its interactive reference: Swagger UI, copied from npm
 * into static/build at build time (lib/islands/assets.ts), under a translated header.
 */
import { Hono } from "hono";
import { html } from "hono/html";
import type { AppEnv } from "../../../lib/http/env.ts";
import { openApiDocument, type RouteDocs } from "../../../lib/http/openapi.ts";
import { createT, languageFromRequest } from "../../../lib/i18n/mod.ts";
import { VERSION } from "../../../lib/version.ts";
import { SYSTEM } from "./phrases.ts";

/** Where the build puts Swagger UI's files (lib/islands/assets.ts). */
export const SWAGGER_UI_HREF = "/static/build/swagger-ui/";

export const openApiDocs: RouteDocs = {
  "GET /openapi.json": { tag: SYSTEM, summary: "This document (OpenAPI 3.1)", access: "public" },
  "GET /docs": {
    tag: SYSTEM,
    summary: "The interactive reference of this document",
    access: "public",
  },
};

/** `docs`: every `/api` route's doc (registry.ts); the document is built at the first request. */
export function openApiRoutes(docs: RouteDocs): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  let document: ReturnType<typeof openApiDocument> | undefined;

  routes.get("/openapi.json", (c) => {
    document ??= openApiDocument(docs, {
      title: "Balcão API",
      version: VERSION,
      description: 'The HTTP API of Balcão. Errors answer `{error: "ERR_…"}`; a user\'s ' +
        "calls sign in with the access token (or the session cookie), the messages API with " +
        "a connection's token.",
    });
    return c.json(document);
  });

  routes.get("/docs", (c) => {
    const lang = languageFromRequest(c.req.header("Cookie"), c.req.header("Accept-Language"));
    const t = createT(lang);
    return c.html(html`<!doctype html>
<html lang="${lang}">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>${t("apiDocs.title")} · Balcão</title>
    <link rel="icon" href="/static/favicon.svg" type="image/svg+xml">
    <link rel="stylesheet" href="${SWAGGER_UI_HREF}swagger-ui.css">
    <link rel="stylesheet" href="/static/api_docs.css">
  </head>
  <body>
    <header class="api-docs-header">
      <h1>${t("apiDocs.title")}</h1>
      <p>${t("apiDocs.intro")}</p>
      <nav>
        <a href="/messages-api">${t("apiDocs.guide")}</a>
        <a href="/api/openapi.json">${t("apiDocs.document")}</a>
      </nav>
    </header>
    <main id="reference"></main>
    <script src="${SWAGGER_UI_HREF}swagger-ui-bundle.js"></script>
    <script src="/static/api_docs.js"></script>
  </body>
</html>`);
  });

  return routes;
}
