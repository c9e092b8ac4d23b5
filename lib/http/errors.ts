/**
 * The one error type the app throws on purpose. `code` is the catalogue's code
 * (spec core §8), answered as `{ error: code }`; the browser translates it.
 */
import { uniqueViolation } from "../db/errors.ts";

export type ErrorStatus =
  | 400
  | 401
  | 403
  | 404
  | 409
  | 413
  | 415
  | 422
  | 429
  | 500
  | 502
  | 503
  | 504;

export class AppError extends Error {
  readonly code: string;
  readonly status: ErrorStatus;
  /** Extra fields merged into the JSON answer, e.g. validation messages by field. */
  readonly details?: Record<string, unknown>;

  constructor(code: string, status: ErrorStatus = 400, details?: Record<string, unknown>) {
    super(code);
    this.name = "AppError";
    this.code = code;
    this.status = status;
    this.details = details;
  }
}

/**
 * Runs a write; a unique violation (the race in which two requests passed the same "does
 * it exist?" check) becomes a 409 with `code`, e.g. ERR_DUPLICATED_TAG.
 */
export async function conflictOnDuplicate<T>(code: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (uniqueViolation(err) !== null) throw new AppError(code, 409);
    throw err;
  }
}
