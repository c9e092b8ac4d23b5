import assert from "node:assert/strict";
import { join } from "node:path";
import { onServer, openTestDb } from "../../tests/helpers/db.ts";
import { migrate, type Migration, readMigrations } from "./migrate.ts";
import { sql } from "./sql.ts";

const sample: Migration[] = [
  { id: 1, name: "first", text: "create table a (id int primary key); insert into a values (1);" },
  { id: 2, name: "second", text: "create table b (id int primary key);" },
];

Deno.test("migrate - applies each file once and records it", async () => {
  const { db, close } = await openTestDb({ migrated: false });
  try {
    assert.deepEqual(await migrate(db, sample), [1, 2]);
    assert.deepEqual(await migrate(db, sample), []);
    const recorded = await db.query<{ id: number; name: string }>(
      sql`select id, name from schema_migrations order by id`,
    );
    assert.deepEqual(recorded, [{ id: 1, name: "first" }, { id: 2, name: "second" }]);
  } finally {
    await close();
  }
});

Deno.test("migrate - a failing file keeps nothing of itself and stops the run", async () => {
  const { db, close } = await openTestDb({ migrated: false });
  try {
    const broken: Migration = {
      id: 3,
      name: "broken",
      text: "create table c (id int); select * from no_such_table;",
    };
    await assert.rejects(migrate(db, [...sample, broken]), /Migration 3_broken failed/);
    const tables = await db.query<{ name: string }>(
      sql`select table_name as name from information_schema.tables where table_name in ('a','b','c') order by 1`,
    );
    assert.deepEqual(tables.map((t) => t.name), ["a", "b"]);
    const { n } = await db.one<{ n: number }>(sql`select count(*) as n from schema_migrations`);
    assert.equal(n, 2);
  } finally {
    await close();
  }
});

Deno.test("migrate - refuses a database migrated by a newer version", async () => {
  const { db, close } = await openTestDb({ migrated: false });
  try {
    await migrate(db, sample);
    await assert.rejects(migrate(db, sample.slice(0, 1)), /newer version of Balcão/);
  } finally {
    await close();
  }
});

Deno.test("migrate - the project's migration files are well formed and apply", async () => {
  const files = await readMigrations();
  assert.ok(files.length >= 1);
  files.forEach((file, index) => assert.equal(file.id, index + 1));
  const { db, close } = await openTestDb({ migrated: false });
  try {
    assert.deepEqual(await migrate(db), files.map((f) => f.id));
  } finally {
    await close();
  }
});

Deno.test("migrate - misnamed files and gaps are refused with a clear message", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(join(dir, "0001_ok.sql"), "select 1;");
    await Deno.writeTextFile(join(dir, "0003_gap.sql"), "select 1;");
    await assert.rejects(readMigrations(dir), /without gaps/);
    await Deno.writeTextFile(join(dir, "2-Bad.sql"), "select 1;");
    await assert.rejects(readMigrations(dir), /misnamed/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test({
  name: "migrate - two instances starting at once apply each file exactly once",
  ignore: !onServer,
  async fn() {
    const testDb = await openTestDb({ migrated: false });
    try {
      const other = testDb.openAnother();
      // A slow first file widens the window in which both instances race.
      const slow: Migration[] = [
        { id: 1, name: "slow", text: "select pg_sleep(0.3); create table s (id int);" },
        ...sample.slice(1),
      ];
      const [a, b] = await Promise.all([migrate(testDb.db, slow), migrate(other, slow)]);
      assert.deepEqual([...a, ...b].sort(), [1, 2]);
      const { n } = await testDb.db.one<{ n: number }>(
        sql`select count(*) as n from schema_migrations`,
      );
      assert.equal(n, 2);
    } finally {
      await testDb.close();
    }
  },
});
