/**
 * Recognises Postgres' unique_violation (SQLSTATE 23505) from either driver: both PGlite's
 * and postgres.js' errors carry the SQLSTATE in `code`. Services turn it into a 409, which
 * is race-free where a "does it exist?" lookup before the write is not.
 */
export function isUniqueViolation(err: unknown): boolean {
  return typeof err === "object" && err !== null && (err as { code?: unknown }).code === "23505";
}
