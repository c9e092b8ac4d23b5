/**
 * The one id parser (DESIGN §4). Record ids are Postgres `integer`s: positive and at most
 * 2^31 - 1. A path id outside that range names no record, so it is "not found" (404); an
 * id in a body or query is checked by `idField` / `queryIdField` instead (400). Without
 * this, a number beyond the range would fail in the database as a 500.
 */
import type { Context } from "hono";
import { z } from "zod";
import { AppError } from "./errors.ts";

export const MAX_INTEGER_ID = 2_147_483_647;

/** The id `value` names (a number, or digits as text), or null when no record can have it. */
export function parseId(value: unknown): number | null {
  const id = typeof value === "number" ? value : typeof value === "string" &&
      /^\d{1,10}$/.test(value.trim())
    ? Number(value)
    : NaN;
  return Number.isInteger(id) && id >= 1 && id <= MAX_INTEGER_ID ? id : null;
}

/** The numeric id in `c.req.param(name)`, or a 404 with `notFoundCode`. */
export function idParam(c: Context, name = "id", notFoundCode = "ERR_NOT_FOUND"): number {
  const id = parseId(c.req.param(name));
  if (id === null) throw new AppError(notFoundCode, 404);
  return id;
}

/** A missing id is required; any other value that is not an id is `code`. */
function idError(code: string, requiredCode: string) {
  return (issue: { input?: unknown }) =>
    issue.input === undefined || issue.input === null ? requiredCode : code;
}

/**
 * A record id in a JSON body: a whole number from 1 to 2^31 - 1. Anything else names no
 * record one could choose: 400 with the field code `code` (ERR_INVALID_OPTION), or
 * `requiredCode` when it is missing (ERR_REQUIRED, or a screen's own wording).
 */
export function idField(code = "ERR_INVALID_OPTION", requiredCode = "ERR_REQUIRED") {
  return z.number({ error: idError(code, requiredCode) }).refine((id) => parseId(id) === id, code);
}

/** A record id in a query string or multipart form, where it arrives as text. */
export function queryIdField(code = "ERR_INVALID_OPTION", requiredCode = "ERR_REQUIRED") {
  return z.coerce.number({ error: idError(code, requiredCode) }).refine(
    (id) => parseId(id) === id,
    code,
  );
}
