/**
 * `/api/sandbox/{whatsappId}/…` (DESIGN §7): play a customer on a sandbox connection.
 * Admin only. `inbound` takes JSON `{number, name, body, quotedId?, location?, vcard?}` or
 * multipart with the same fields and one file in `medias`. The simulator page also reads
 * `customers` (who has been played) and `conversation?number=` (both directions). `call`
 * with `{number, name, isVideo}` rings the connection as that customer.
 */
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../lib/http/env.ts";
import { idParam } from "../../lib/http/params.ts";
import { isMultipart, readMultipart } from "../../lib/http/upload.ts";
import { fieldRefusal, validate, validateJson, validateQuery } from "../../lib/http/validate.ts";
import type { MediaKind } from "../../services/whatsapp/provider.ts";
import {
  pairSandbox,
  sandboxCall,
  sandboxConversation,
  sandboxCustomers,
  sandboxInbound,
  sandboxOutbound,
} from "../../services/whatsapp/sandbox/service.ts";
import type { WebDeps } from "../deps.ts";
import { REQUIRED } from "../../lib/http/field_errors.ts";
import { requireAdmin } from "./guards.ts";
import type { RouteDocs } from "../../lib/http/openapi.ts";
import { ADMIN } from "./openapi/phrases.ts";

const number = z.string().trim().regex(/^\d{8,20}$/, "ERR_INVALID_NUMBER");
/** The customer whose side of the conversation is read. */
export const NumberQuery = z.object({ number });

export const InboundBody = z.object({
  number,
  name: z.string().trim().max(100).default(""),
  body: z.string().max(4096).default(""),
  quotedId: z.string().max(200).optional(),
  location: z.object({
    latitude: z.number().min(-90).max(90),
    longitude: z.number().min(-180).max(180),
    name: z.string().max(200).optional(),
    address: z.string().max(500).optional(),
  }).optional(),
  vcard: z.string().max(10_000).optional(),
});

export const CallBody = z.object({
  number,
  name: z.string().trim().max(100).default(""),
  isVideo: z.boolean().default(false),
});

function mediaKindOf(mimetype: string): MediaKind {
  const major = mimetype.split("/")[0];
  return major === "image" || major === "audio" || major === "video" ? major : "document";
}

export function sandboxRoutes(deps: WebDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.post("/sandbox/:id/pair", async (c) => {
    const auth = requireAdmin(c);
    const id = idParam(c, "id", "ERR_NO_WAPP_FOUND");
    await pairSandbox(deps, auth.companyId, id);
    return c.json({ message: "Paired." });
  });

  routes.post("/sandbox/:id/inbound", async (c) => {
    const auth = requireAdmin(c);
    const id = idParam(c, "id", "ERR_NO_WAPP_FOUND");
    let message;
    if (isMultipart(c)) {
      const form = await readMultipart(c);
      const fields = validate(InboundBody, {
        number: form.number,
        name: form.name,
        body: form.body,
        quotedId: form.quotedId,
      });
      const file = form.medias;
      if (!(file instanceof File)) {
        throw fieldRefusal("medias", REQUIRED);
      }
      const mimetype = file.type || "application/octet-stream";
      message = {
        ...fields,
        media: {
          kind: mediaKindOf(mimetype),
          mimetype,
          // Spaces become underscores in stored media names (core §9).
          fileName: file.name.replaceAll(" ", "_"),
          data: new Uint8Array(await file.arrayBuffer()),
        },
      };
    } else {
      message = await validateJson(c, InboundBody);
    }
    return c.json(await sandboxInbound(deps, auth.companyId, id, message), 201);
  });

  routes.post("/sandbox/:id/call", async (c) => {
    const auth = requireAdmin(c);
    const id = idParam(c, "id", "ERR_NO_WAPP_FOUND");
    const body = await validateJson(c, CallBody);
    return c.json(await sandboxCall(deps, auth.companyId, id, body), 201);
  });

  routes.get("/sandbox/:id/outbound", async (c) => {
    const auth = requireAdmin(c);
    const id = idParam(c, "id", "ERR_NO_WAPP_FOUND");
    const query = validateQuery(c, NumberQuery);
    return c.json({ messages: await sandboxOutbound(deps, auth.companyId, id, query.number) });
  });

  routes.get("/sandbox/:id/conversation", async (c) => {
    const auth = requireAdmin(c);
    const id = idParam(c, "id", "ERR_NO_WAPP_FOUND");
    const query = validateQuery(c, NumberQuery);
    return c.json({
      messages: await sandboxConversation(deps, auth.companyId, id, query.number),
    });
  });

  routes.get("/sandbox/:id/customers", async (c) => {
    const auth = requireAdmin(c);
    const id = idParam(c, "id", "ERR_NO_WAPP_FOUND");
    return c.json({ customers: await sandboxCustomers(deps, auth.companyId, id) });
  });

  return routes;
}

export const sandboxDocs: RouteDocs = {
  "POST /sandbox/:id/pair": {
    summary: "Pair a sandbox connection (no phone needed)",
    description: ADMIN,
  },
  "POST /sandbox/:id/inbound": {
    summary: "A simulated customer writes to a sandbox connection",
    description: `${ADMIN} JSON, or multipart with one file in \`medias\`.`,
    body: InboundBody,
    files: ["medias"],
  },
  "POST /sandbox/:id/call": {
    summary: "A simulated customer calls a sandbox connection",
    description: ADMIN,
    body: CallBody,
  },
  "GET /sandbox/:id/outbound": {
    summary: "What a sandbox connection sent to a customer",
    description: ADMIN,
    query: NumberQuery,
  },
  "GET /sandbox/:id/conversation": {
    summary: "A sandbox customer's whole conversation",
    description: ADMIN,
    query: NumberQuery,
  },
  "GET /sandbox/:id/customers": {
    summary: "The sandbox's simulated customers",
    description: ADMIN,
  },
};
