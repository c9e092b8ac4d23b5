/**
 * Recognising Postgres constraint errors on both drivers. Services check for a duplicate
 * before writing so the usual case answers a clear error; these catch the race in which two
 * requests pass that check together and the database refuses the second.
 */

/** The name of the unique constraint (or index) a failed statement violated, else null. */
export function uniqueViolation(err: unknown): string | null {
  return constraintOf(err, "23505");
}

/** The name of the foreign key a failed statement violated, else null. */
export function foreignKeyViolation(err: unknown): string | null {
  return constraintOf(err, "23503");
}

function constraintOf(err: unknown, sqlState: string): string | null {
  if (typeof err !== "object" || err === null) return null;
  const fields = err as Record<string, unknown>;
  if (fields.code !== sqlState) return null;
  // PGlite names it `constraint`, postgres.js `constraint_name`.
  const name = fields.constraint ?? fields.constraint_name;
  return typeof name === "string" ? name : "";
}
