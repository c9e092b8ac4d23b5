/**
 * Validation at the edge: a zod schema turns a request's body or query into a
 * typed value, or the request ends with 400 `ERR_VALIDATION` and a code per field:
 * `{error: "ERR_VALIDATION", fields: {name: {code: "ERR_TOO_SHORT", minimum: 2}}}`.
 * Text with a NUL character is refused here for every route at once (400
 * `ERR_INVALID_TEXT`, the field's code too): Postgres cannot store it, and no person types it.
 */
import type { Context } from "hono";
import { z } from "zod";
import { parseDay, parseInstant } from "../dates.ts";
import { AppError } from "./errors.ts";
import type { FieldError, FieldErrors } from "./field_errors.ts";

/**
 * One zod issue as a field error (see field_errors.ts), so schemas state rules, not
 * sentences. A message the schema gives that is itself a code ("ERR_QUEUE_REQUIRED") is the
 * code; any other message is ignored.
 */
export function issueError(issue: z.core.$ZodIssue): FieldError {
  if (issue.message.startsWith("ERR_")) return { ...limitsOf(issue), code: issue.message };
  const missing = issue.input === undefined || issue.input === null;
  switch (issue.code) {
    case "invalid_type":
      if (missing) return { code: "ERR_REQUIRED" };
      if (issue.expected === "number" || issue.expected === "int") {
        return { code: "ERR_INVALID_NUMBER" };
      }
      return { code: issue.expected === "date" ? "ERR_INVALID_DATE" : "ERR_INVALID" };
    case "too_small":
      // `.trim().min(1)` is how a schema says "required".
      if (issue.origin === "string" && Number(issue.minimum) === 1) return { code: "ERR_REQUIRED" };
      return { ...limitsOf(issue), code: sizeCode(issue.origin, "small") };
    case "too_big":
      return { ...limitsOf(issue), code: sizeCode(issue.origin, "big") };
    case "invalid_format":
      if (issue.format === "email") return { code: "ERR_INVALID_EMAIL" };
      return { code: /date|time/.test(issue.format) ? "ERR_INVALID_DATE" : "ERR_INVALID" };
    case "invalid_value":
      return { code: "ERR_INVALID_OPTION" };
    case "not_multiple_of":
      return { code: "ERR_INVALID_NUMBER" };
    case "invalid_union":
      return { code: missing ? "ERR_REQUIRED" : "ERR_INVALID" };
    default:
      return { code: "ERR_INVALID" };
  }
}

/** Texts and lists are long or short; numbers and dates small or large. */
function sizeCode(origin: string, side: "small" | "big"): string {
  if (origin === "string") return side === "small" ? "ERR_TOO_SHORT" : "ERR_TOO_LONG";
  if (origin === "array" || origin === "set" || origin === "file") {
    return side === "small" ? "ERR_TOO_FEW" : "ERR_TOO_MANY";
  }
  return side === "small" ? "ERR_TOO_SMALL" : "ERR_TOO_LARGE";
}

/** The limits a sentence names: zod's bounds, or those a custom check gives in `params`. */
function limitsOf(issue: z.core.$ZodIssue): Omit<FieldError, "code"> {
  if (issue.code === "custom") {
    const { code: _code, ...limits } = (issue.params ?? {}) as Partial<FieldError>;
    return limits;
  }
  const limits: Omit<FieldError, "code"> = {};
  if (issue.code === "too_small") limits.minimum = Number(issue.minimum);
  if (issue.code === "too_big") limits.maximum = Number(issue.maximum);
  if ((issue.code === "too_small" || issue.code === "too_big") && issue.inclusive === false) {
    limits.exclusive = true;
  }
  return limits;
}

/** Field path ("address.city", "" for the whole value) to its first error. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join(".");
    fields[path] ??= issueError(issue);
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
    throw new AppError("ERR_INVALID_TEXT", 400, {
      fields: { [path]: { code: "ERR_INVALID_TEXT" } } satisfies FieldErrors,
    });
  }
}

/** The 400 answer for one field a route checks by hand (a missing file, too many files). */
export function fieldRefusal(path: string, error: FieldError): AppError {
  return new AppError("ERR_VALIDATION", 400, { fields: { [path]: error } satisfies FieldErrors });
}

/** Validates any value, throwing the 400 answer when it does not fit. */
export function validate<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  refuseNul(value);
  // The input travels on each issue only to tell a missing value from a wrong one.
  const result = schema.safeParse(value, { reportInput: true });
  if (!result.success) {
    throw new AppError("ERR_VALIDATION", 400, { fields: fieldErrors(result.error) });
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
 * `code` (ERR_INVALID_DATE), never a database error. A missing day is ERR_REQUIRED.
 */
export function dayField(code = "ERR_INVALID_DATE") {
  return z.string({ error: (issue) => issue.input === undefined ? "ERR_REQUIRED" : code })
    .refine((text) => parseDay(text) === text, code);
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
