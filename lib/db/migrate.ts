/**
 * Forward-only migrations: `migrations/NNNN_name.sql`, applied in order, each in its own
 * transaction and recorded in `schema_migrations`. Every transaction first takes one
 * advisory lock, so when several instances start together exactly one applies each file
 * and the others wait, then see it recorded and move on.
 */
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "./sql.ts";
import type { Db } from "./types.ts";

/** Arbitrary but fixed: the advisory lock key that serialises migrations. */
const MIGRATION_LOCK_KEY = 7_212_001;

export interface Migration {
  id: number;
  name: string;
  text: string;
}

export const MIGRATIONS_DIR = fileURLToPath(new URL("../../migrations/", import.meta.url));

const FILE_PATTERN = /^(\d{4})_([a-z0-9_]+)\.sql$/;

/** Reads the migration files, refusing gaps, duplicates and badly named files. */
export async function readMigrations(dir = MIGRATIONS_DIR): Promise<Migration[]> {
  const migrations: Migration[] = [];
  for await (const entry of Deno.readDir(dir)) {
    if (!entry.isFile || !entry.name.endsWith(".sql")) continue;
    const match = FILE_PATTERN.exec(entry.name);
    if (!match) {
      throw new Error(
        `Migration file "${entry.name}" is misnamed: use NNNN_lowercase_name.sql, e.g. 0002_add_tags.sql.`,
      );
    }
    const text = await Deno.readTextFile(join(dir, entry.name));
    migrations.push({ id: Number(match[1]), name: match[2]!, text });
  }
  migrations.sort((a, b) => a.id - b.id);
  migrations.forEach((migration, index) => {
    if (migration.id !== index + 1) {
      throw new Error(
        `Migrations must be numbered 0001, 0002, … without gaps; found ${migration.id} at position ${
          index + 1
        }.`,
      );
    }
  });
  return migrations;
}

/** Applies what is pending; answers the ids this call applied. */
export async function migrate(db: Db, migrations?: Migration[]): Promise<number[]> {
  const files = migrations ?? await readMigrations();
  await db.transaction(async (tx) => {
    await tx.query(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
    await tx.script(`create table if not exists schema_migrations (
      id integer primary key,
      name text not null,
      applied_at timestamptz not null default now()
    )`);
  });

  const known = new Set(files.map((m) => m.id));
  const recorded = await db.query<{ id: number }>(sql`select id from schema_migrations`);
  const unknown = recorded.map((row) => row.id).filter((id) => !known.has(id));
  if (unknown.length > 0) {
    throw new Error(
      `The database has migrations this code does not know (${
        unknown.join(", ")
      }): it was used by a newer version of Balcão. Run that version, or restore a backup.`,
    );
  }

  const applied: number[] = [];
  for (const migration of files) {
    const didApply = await db.transaction(async (tx) => {
      await tx.query(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
      const done = await tx.maybeOne(
        sql`select 1 from schema_migrations where id = ${migration.id}`,
      );
      if (done) return false;
      try {
        await tx.script(migration.text);
      } catch (cause) {
        throw new Error(
          `Migration ${migration.id}_${migration.name} failed; nothing of it was kept.`,
          {
            cause,
          },
        );
      }
      await tx.query(
        sql`insert into schema_migrations (id, name) values (${migration.id}, ${migration.name})`,
      );
      return true;
    });
    if (didApply) applied.push(migration.id);
  }
  return applied;
}
