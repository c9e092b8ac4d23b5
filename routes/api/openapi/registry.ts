/**
 * Every `/api` route with what it does and the very schemas its handler validates with
 * (lib/http/openapi.ts turns them into the OpenAPI document). Each route file carries its own
 * routes' docs, keyed as its router registers them; this merges them under the paths the
 * areas are mounted at (routes/api/areas.ts), so tests/api/openapi_test.ts fails when a
 * route is added without its doc, or a doc outlives its route.
 */
import { mountDocs, type RouteDocs } from "../../../lib/http/openapi.ts";
import { API_AREAS } from "../areas.ts";
import { openApiDocs } from "./routes.ts";

export const API_DOCS: RouteDocs = mountDocs("/api", [
  ...API_AREAS,
  { path: "/", docs: openApiDocs },
]);
