/**
 * Multipart uploads. main.ts holds multipart bodies to a wide ceiling instead of the API's
 * 1 MiB JSON limit; each upload route sets its own, tighter limit with `uploadBodyLimit`.
 */
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { AppError } from "./errors.ts";
import { REQUIRED } from "./field_errors.ts";
import { fieldRefusal, refuseNul } from "./validate.ts";

/** Room for the multipart boundaries, part headers and small fields around the file. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

/** Refuses (413 ERR_MEDIA_TOO_LARGE) a body that could not hold a file of `maxFileBytes`. */
export function uploadBodyLimit(maxFileBytes: number): MiddlewareHandler {
  return bodyLimit({
    maxSize: maxFileBytes + FORM_OVERHEAD_BYTES,
    onError: () => {
      throw new AppError("ERR_MEDIA_TOO_LARGE", 413);
    },
  });
}

export interface UploadForm {
  file: File;
  /** The other text fields of the form. */
  fields: Record<string, string>;
}

export type MultipartBody = Record<string, string | File | (string | File)[]>;

export function isMultipart(c: Context): boolean {
  return (c.req.header("Content-Type") ?? "").startsWith("multipart/form-data");
}

/**
 * A multipart body's fields (repeated keys as arrays). A body that cannot be read (no
 * boundary, truncated) is a 400 `ERR_BAD_REQUEST`, and text with NUL a 400 like in JSON.
 */
export async function readMultipart(c: Context): Promise<MultipartBody> {
  let body: MultipartBody;
  try {
    body = await c.req.parseBody({ all: true });
  } catch {
    throw new AppError("ERR_BAD_REQUEST", 400);
  }
  refuseNul(body);
  return body;
}

/** The multipart body's file in `fileField` (400 `ERR_REQUIRED` when missing). */
export async function readUploadForm(c: Context, fileField = "file"): Promise<UploadForm> {
  if (!isMultipart(c)) {
    throw fieldRefusal(fileField, REQUIRED);
  }
  const body = await readMultipart(c);
  const file = body[fileField];
  if (!(file instanceof File)) {
    throw fieldRefusal(fileField, REQUIRED);
  }
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(body)) {
    if (typeof value === "string") fields[key] = value;
  }
  return { file, fields };
}
