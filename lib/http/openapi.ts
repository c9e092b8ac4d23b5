/**
 * An OpenAPI 3.1 document built from the zod schemas that validate requests: each route's
 * query and body schemas are turned into JSON Schema (zod's own `z.toJSONSchema`, the input
 * side, so what a client sends) and its path parameters are read from the Hono path itself
 * (`/tags/:id{[0-9]+}` becomes `/tags/{id}` with an integer pattern). Routes are keyed as
 * the app registers them (`"GET /api/tags/:id{[0-9]+}"`), so a test can hold the document
 * against `app.routes` and fail on any route left out.
 */
import { z } from "zod";

/** Who may call a route: anyone, a user's access token (the default), or a connection token. */
export type RouteAccess = "public" | "user" | "connection";

export interface RouteDoc {
  summary: string;
  /** More than the summary: rules a caller needs (roles, plan flags, side effects). */
  description?: string;
  /** @default "user" */
  access?: RouteAccess;
  query?: z.ZodType;
  /** A JSON body; with `files`, the same fields may come as a multipart form instead. */
  body?: z.ZodType;
  /** Multipart file fields (`medias` may repeat). */
  files?: readonly string[];
  /** The group it is listed in; the first path segment after `/api` when absent. */
  tag?: string;
}

/** `"METHOD /path"` as a Hono router registers it → what it does. */
export type RouteDocs = Readonly<Record<string, RouteDoc>>;

/** Joins mount paths as Hono does: one slash between parts, none at the end ("/" alone). */
function joinPaths(...parts: string[]): string {
  const path = parts.join("/").replace(/\/{2,}/g, "/");
  return path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path;
}

/**
 * The docs of routers mounted under `prefix`, each at its own path, keyed as the app
 * registers their routes (`"GET /:id"` of a router at `/users` under `/api` is
 * `"GET /api/users/:id"`), in the routers' order.
 */
export function mountDocs(
  prefix: string,
  routers: readonly { path: string; docs: RouteDocs }[],
): RouteDocs {
  const merged: Record<string, RouteDoc> = {};
  for (const { path, docs } of routers) {
    for (const [route, doc] of Object.entries(docs)) {
      const [method, routePath = ""] = route.split(" ");
      merged[`${method} ${joinPaths(prefix, path, routePath)}`] = doc;
    }
  }
  return merged;
}

export interface DocumentInfo {
  title: string;
  version: string;
  description: string;
}

type JsonSchema = Record<string, unknown>;

/** The input side of a schema; what JSON Schema cannot say (a transform's output) is left open. */
function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io: "input",
    unrepresentable: "any",
  }) as JsonSchema;
  return rest;
}

interface PathParam {
  name: string;
  pattern?: string;
}

/** `/api/media/:companyId{[0-9]+}/:file` → `/api/media/{companyId}/{file}` and its params. */
export function openApiPath(honoPath: string): { path: string; params: PathParam[] } {
  const params: PathParam[] = [];
  const path = honoPath.replace(
    /:([A-Za-z_][A-Za-z0-9_]*)(?:\{([^}]*)\})?/g,
    (_all, name: string, pattern?: string) => {
      params.push(pattern ? { name, pattern: `^${pattern}$` } : { name });
      return `{${name}}`;
    },
  );
  return { path, params };
}

function operationOf(method: string, honoPath: string, doc: RouteDoc) {
  const { path, params } = openApiPath(honoPath);
  const parameters: JsonSchema[] = params.map(({ name, pattern }) => ({
    name,
    in: "path",
    required: true,
    schema: pattern ? { type: "string", pattern } : { type: "string" },
  }));
  if (doc.query) {
    const query = jsonSchemaOf(doc.query);
    const required = new Set((query.required as string[] | undefined) ?? []);
    for (const [name, schema] of Object.entries((query.properties ?? {}) as JsonSchema)) {
      parameters.push({ name, in: "query", required: required.has(name), schema });
    }
  }
  const content: JsonSchema = {};
  const body = doc.body ? jsonSchemaOf(doc.body) : undefined;
  if (body) content["application/json"] = { schema: body };
  if (doc.files) {
    const files = Object.fromEntries(doc.files.map((name) => [name, {
      type: "array",
      items: { type: "string", contentMediaType: "application/octet-stream" },
    }]));
    content["multipart/form-data"] = {
      schema: {
        type: "object",
        properties: { ...(body?.properties as JsonSchema | undefined), ...files },
        ...(body?.required ? { required: body.required } : {}),
      },
    };
  }
  const access = doc.access ?? "user";
  return {
    path,
    operation: {
      tags: [doc.tag ?? path.split("/")[2] ?? "api"],
      summary: doc.summary,
      ...(doc.description ? { description: doc.description } : {}),
      operationId: `${method.toLowerCase()}${
        path.replace(/[^A-Za-z0-9]+(.)?/g, (_, c = "") => c.toUpperCase())
      }`,
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(Object.keys(content).length > 0 ? { requestBody: { required: true, content } } : {}),
      security: access === "public"
        ? []
        : [{ [access === "user" ? "userToken" : "connectionToken"]: [] }],
      responses: {
        "2XX": { description: "Success" },
        "4XX": {
          description: 'Refused: `{error: "ERR_…"}`, with `fields` for a validation error',
          content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
        },
      },
    },
  };
}

/** The whole document, paths in the order the routes are listed. */
export function openApiDocument(docs: RouteDocs, info: DocumentInfo) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [route, doc] of Object.entries(docs)) {
    const [method = "", honoPath = ""] = route.split(" ");
    const { path, operation } = operationOf(method, honoPath, doc);
    (paths[path] ??= {})[method.toLowerCase()] = operation;
  }
  return {
    openapi: "3.1.0",
    info,
    paths,
    components: {
      securitySchemes: {
        userToken: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "JWT",
          description: "A user's access token (POST /api/auth/login), or the session cookie",
        },
        connectionToken: {
          type: "http",
          scheme: "bearer",
          description: "A WhatsApp connection's API token (the connection dialog, admins)",
        },
      },
      schemas: {
        Error: {
          type: "object",
          required: ["error"],
          properties: {
            error: { type: "string", examples: ["ERR_VALIDATION"] },
            fields: {
              type: "object",
              additionalProperties: {
                type: "object",
                required: ["code"],
                properties: { code: { type: "string" } },
              },
            },
          },
        },
      },
    },
  };
}
