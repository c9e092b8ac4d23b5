/**
 * Path parameters that name a record. Routes declare them as `:id{[0-9]+}`, so anything
 * else never reaches the handler; this also refuses numbers beyond Postgres' integer range,
 * which would otherwise fail in the database as a 500 instead of "not found".
 */
import type { Context } from "hono";
import { AppError } from "./errors.ts";

const MAX_INTEGER_ID = 2_147_483_647;

/** The numeric id in `c.req.param(name)`, or a 404 with `notFoundCode`. */
export function idParam(c: Context, name: string, notFoundCode = "ERR_NOT_FOUND"): number {
  const id = Number(c.req.param(name));
  if (!Number.isSafeInteger(id) || id < 1 || id > MAX_INTEGER_ID) {
    throw new AppError(notFoundCode, 404);
  }
  return id;
}
