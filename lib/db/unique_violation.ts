/**
 * Recognises Postgres' unique_violation (SQLSTATE 23505) from either driver: both PGlite's
 * and postgres.js' errors carry the SQLSTATE in `code`. Services turn it into a 409, which
 * is race-free where a "does it exist?" lookup before the write is not.
 */
import { AppError } from "../http/errors.ts";

export function isUniqueViolation(err: unknown): boolean {
  return typeof err === "object" && err !== null && (err as { code?: unknown }).code === "23505";
}

/** Runs a write; a unique violation becomes a 409 with `code` (e.g. ERR_DUPLICATED_TAG). */
export async function conflictOnDuplicate<T>(code: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError(code, 409);
    throw err;
  }
}
