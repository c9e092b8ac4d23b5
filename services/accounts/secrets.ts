/**
 * The JWT signing key: `JWT_SECRET` when set, otherwise one generated on first start and
 * kept in the database, so every instance on that database shares it and restarts keep
 * sessions valid. Never a fixed default.
 */
import { randomBytes } from "node:crypto";
import { type Db, sql } from "../../lib/db/mod.ts";

export async function loadJwtKey(db: Db, configured?: string): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  const candidate = randomBytes(48).toString("base64url");
  // Two instances starting together: the first insert wins and both read the same value.
  await db.run(sql`insert into instance_secrets (name, value) values ('jwt', ${candidate})
    on conflict (name) do nothing`);
  const row = await db.one<{ value: string }>(
    sql`select value from instance_secrets where name = 'jwt'`,
  );
  return new TextEncoder().encode(row.value);
}
