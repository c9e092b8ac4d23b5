/**
 * Validation at the edge: a zod schema turns a request's body or query into a
 * typed value, or the request ends with 400 `ERR_VALIDATION` and a message per field.
 * Text with a NUL character is refused here for every route at once (400
 * `ERR_INVALID_TEXT`): Postgres cannot store it, and no person types it.
 */
import type { Context } from "hono";
import { z } from "zod";
import { parseDay, parseInstant } from "../dates.ts";
import { AppError } from "./errors.ts";

/** Field path ("address.city", "" for the whole value) to its first message. */
export type FieldMessages = Record<string, string>;

export function fieldMessages(error: z.ZodError): FieldMessages {
  const fields: FieldMessages = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join(".");
    fields[path] ??= issue.message;
  }
  return fields;
}

/** How deep `refuseNul` looks; request values nest a few levels at most. */
const MAX_DEPTH = 20;

/** The path of the first text in `value` (keys included) holding a NUL, else null. */
function nulPath(value: unknown, path: string, depth: number): string | null {
  if (typeof value === "string") return value.includes("\u0000") ? path : null;
  if (typeof value !== "object" || value === null || depth > MAX_DEPTH) return null;
  for (const [key, item] of Object.entries(value)) {
    const itemPath = path ? `${path}.${key}` : key;
    if (key.includes("\u0000")) return itemPath;
    const found = nulPath(item, itemPath, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/** Throws 400 `ERR_INVALID_TEXT` when any text in `value` holds a NUL character. */
export function refuseNul(value: unknown): void {
  const path = nulPath(value, "", 0);
  if (path !== null) {
    throw new AppError("ERR_INVALID_TEXT", 400, { fields: { [path]: "Caractere inválido" } });
  }
}

/** Validates any value, throwing the 400 answer when it does not fit. */
export function validate<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  refuseNul(value);
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new AppError("ERR_VALIDATION", 400, { fields: fieldMessages(result.error) });
  }
  return result.data;
}

/** Reads and validates a JSON body; a body that is not JSON is a validation error too. */
export async function validateJson<S extends z.ZodType>(
  c: Context,
  schema: S,
): Promise<z.output<S>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new AppError("ERR_INVALID_JSON", 400);
  }
  return validate(schema, body);
}

/** The parsed JSON body; one that is not JSON is refused with 400 ERR_INVALID_JSON. */
export async function readJson(c: Context, { emptyAs }: { emptyAs?: unknown } = {}) {
  let text: string;
  try {
    text = await c.req.text();
  } catch {
    throw new AppError("ERR_INVALID_JSON", 400);
  }
  // A call that takes no arguments may come without any body at all.
  if (emptyAs !== undefined && text.trim() === "") return emptyAs;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new AppError("ERR_INVALID_JSON", 400);
  }
}

/** Validates the query string (single values; repeated keys keep the last). */
export function validateQuery<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  return validate(schema, c.req.query());
}

/**
 * A calendar day `YYYY-MM-DD` that exists (lib/dates.ts); `2026-02-30` is a 400 with
 * `message`, never a database error.
 */
export function dayField(message = "Data inválida") {
  return z.string({ error: message }).refine((text) => parseDay(text) === text, message);
}

/** A moment as an ISO date-time with its offset (lib/dates.ts), answered as a `Date`. */
export function instantField(message = "Data inválida") {
  return z.string({ error: message }).transform((text, ctx) => {
    const date = parseInstant(text);
    if (date) return date;
    ctx.issues.push({ code: "custom", message, input: text });
    return z.NEVER;
  });
}
