/**
 * The one error type the app throws on purpose. `code` is the catalogue's code
 * (spec core §8), answered as `{ error: code }`; the browser translates it.
 */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500 | 503;

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

export function notFound(code = "ERR_NOT_FOUND"): AppError {
  return new AppError(code, 404);
}

export function forbidden(code = "ERR_NO_PERMISSION"): AppError {
  return new AppError(code, 403);
}
