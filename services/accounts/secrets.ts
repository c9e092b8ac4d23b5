/**
 * The installation's keys: each one from the environment when set, otherwise generated on
 * first start and kept in the database, so every instance on that database shares it and
 * restarts keep it. Never a fixed default.
 * - `jwt`: signs sessions (`JWT_SECRET`).
 * - `encryption`: seals the secrets companies give us (`ENCRYPTION_KEY`,
 *   lib/crypto/secret_box.ts). Set it in the environment to keep it out of the database
 *   and its backups; changing it makes the sealed secrets unreadable (they must be typed
 *   again).
 */
import { randomBytes } from "node:crypto";
import { createSecretBox, type SecretBox } from "../../lib/crypto/secret_box.ts";
import { type Db, sql } from "../../lib/db/mod.ts";

async function instanceSecret(db: Db, name: string): Promise<string> {
  const candidate = randomBytes(48).toString("base64url");
  // Two instances starting together: the first insert wins and both read the same value.
  await db.run(sql`insert into instance_secrets (name, value) values (${name}, ${candidate})
    on conflict (name) do nothing`);
  const row = await db.one<{ value: string }>(
    sql`select value from instance_secrets where name = ${name}`,
  );
  return row.value;
}

export async function loadJwtKey(db: Db, configured?: string): Promise<Uint8Array> {
  return new TextEncoder().encode(configured ?? await instanceSecret(db, "jwt"));
}

/** The box for companies' secrets; its key is read when first used. */
export function secretBoxOf(db: Db, configured?: string): SecretBox {
  return createSecretBox(async () =>
    new TextEncoder().encode(configured ?? await instanceSecret(db, "encryption"))
  );
}
