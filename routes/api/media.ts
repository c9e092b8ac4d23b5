/**
 * `GET /api/media/{companyId}/{area}/{file}`: uploaded media, served only to signed-in users
 * of that company (DESIGN §6), or to whoever holds a short-lived signed address of that very
 * file (`?expires=…&signature=…`, lib/media/signed_url.ts), for `<img>` and `<audio>` tags
 * that cannot send a header. Other companies get 404, as if the file did not exist. Each
 * part of the path must be a plain name, and the resolved file must lie inside the media
 * folder, so no request can reach anything else on disk.
 */
import { Hono } from "hono";
import { z } from "zod";
import { requireAuth } from "../../lib/http/auth.ts";
import type { AppEnv } from "../../lib/http/env.ts";
import { AppError } from "../../lib/http/errors.ts";
import type { WebDeps } from "../deps.ts";
import { fileTypeOf } from "../../lib/media/types.ts";
import type { RouteDocs } from "../../lib/http/openapi.ts";

export function mediaRoutes(deps: Pick<WebDeps, "media" | "mediaLinks">): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get(
    "/:companyId{[0-9]+}/:area{[a-z][a-z-]*}/:file{[A-Za-z0-9][A-Za-z0-9._-]*}",
    async (c) => {
      const { companyId, area, file } = c.req.param();
      const path = `${companyId}/${area}/${file}`;
      const signed = deps.mediaLinks.verify(path, c.req.query("expires"), c.req.query("signature"));
      // Without a valid signature, the caller's session decides, as for any API call.
      const ownCompany = signed || Number(companyId) === requireAuth(c).companyId;
      const type = fileTypeOf(file);
      if (!ownCompany || !type) throw new AppError("ERR_NOT_FOUND", 404);
      const stored = await deps.media.open(path);
      if (!stored) throw new AppError("ERR_NOT_FOUND", 404);
      // Pictures, sounds and videos show in the page; anything else downloads.
      const inline = type.kind !== "document";
      const name = file.slice(file.indexOf("_") + 1);
      return new Response(stored.body, {
        headers: {
          "Content-Type": type.mime,
          "Content-Length": String(stored.size),
          "Content-Disposition": `${inline ? "inline" : "attachment"}; filename="${name}"`,
          // Stored names never change (a new upload gets a new name), but only this user
          // may keep a copy; a signed address only until it expires.
          "Cache-Control": signed
            ? `private, max-age=${Number(c.req.query("expires")) - Math.floor(Date.now() / 1000)}`
            : "private, max-age=31536000, immutable",
        },
      });
    },
  );

  return routes;
}

/** The signed link's query of a media file (lib/media/signed_url.ts). */
const SignedLink = z.object({ expires: z.string().optional(), signature: z.string().optional() });

export const mediaDocs: RouteDocs = {
  "GET /:companyId{[0-9]+}/:area{[a-z][a-z-]*}/:file{[A-Za-z0-9][A-Za-z0-9._-]*}": {
    summary: "A stored file (the company's own, or through a signed link)",
    description: "Also takes the access token as `?token=`, for `<img>` and `<audio>`.",
    query: SignedLink,
  },
};
