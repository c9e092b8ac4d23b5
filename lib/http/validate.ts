/**
 * Validation at the edge: a zod schema turns a request's body or query into a
 * typed value, or the request ends with 400 `ERR_VALIDATION` and a message per field.
 */
import type { Context } from "hono";
import type { z } from "zod";
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

/** Validates any value, throwing the 400 answer when it does not fit. */
export function validate<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
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
