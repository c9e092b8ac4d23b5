/**
 * The one place where a thrown error becomes a response. Known `AppError`s answer
 * `{error: CODE}` with their status; anything else is logged with the request id and
 * answered as a bare 500 so no internal detail leaks.
 */
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { AppError } from "./errors.ts";
import type { AppEnv } from "./env.ts";

export function handleError(err: Error, c: Context<AppEnv>): Response {
  if (err instanceof AppError) {
    // A 429 says when to come back, in the header clients and proxies read.
    const retryAfter = err.details?.retryAfter;
    if (err.status === 429 && typeof retryAfter === "number") {
      c.header("Retry-After", String(retryAfter));
    }
    return c.json({ error: err.code, ...err.details }, err.status);
  }
  if (err instanceof HTTPException) {
    // Hono's own middleware (body limit, bad cookies) throws these.
    const code = err.status === 413 ? "ERR_PAYLOAD_TOO_LARGE" : "ERR_BAD_REQUEST";
    return c.json({ error: code }, err.status);
  }
  const requestId = c.get("requestId") ?? "-";
  console.error(`[${requestId}] ${c.req.method} ${c.req.path} failed:`, err);
  return c.json({ error: "ERR_INTERNAL", requestId }, 500);
}

export function handleNotFoundApi(c: Context): Response {
  return c.json({ error: "ERR_NOT_FOUND" }, 404);
}
