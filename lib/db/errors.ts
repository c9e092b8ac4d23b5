/**
 * Recognising database errors that callers answer on purpose, the same on both drivers:
 * PGlite reports the constraint as `constraint`, postgres.js as `constraint_name`.
 */

const UNIQUE_VIOLATION = "23505";

/** The name of the unique constraint (or index) `err` violated, or null for any other error. */
export function violatedUniqueConstraint(err: unknown): string | null {
  if (typeof err !== "object" || err === null) return null;
  const { code, constraint, constraint_name } = err as Record<string, unknown>;
  if (code !== UNIQUE_VIOLATION) return null;
  const name = constraint ?? constraint_name;
  return typeof name === "string" ? name : "";
}
