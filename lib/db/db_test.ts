import assert from "node:assert/strict";
import { openTestDb } from "../../tests/helpers/db.ts";
import { sql } from "./sql.ts";

Deno.test("db - queries, transactions and notifications behave the same on both databases", async (t) => {
  const { db, close } = await openTestDb();
  try {
    await db.script(`create table notes (id serial primary key, body text not null, tags int[])`);

    await t.step("values travel as parameters, arrays and json included", async () => {
      const hostile = "x'); drop table notes; --";
      const row = await db.one<{ id: number; body: string }>(
        sql`insert into notes (body, tags) values (${hostile}, ${[1, 2]}) returning id, body`,
      );
      assert.equal(row.body, hostile);
      const found = await db.query<{ id: number }>(
        sql`select id from notes where 2 = any(tags) and ${{ k: 1 }}::jsonb ->> 'k' = '1'`,
      );
      assert.deepEqual(found.map((r) => r.id), [row.id]);
    });

    await t.step("counts come back as numbers, timestamps as dates", async () => {
      const row = await db.one<{ n: number; at: Date }>(
        sql`select count(*) as n, now() as at from notes`,
      );
      assert.equal(row.n, 1);
      assert.ok(row.at instanceof Date);
    });

    await t.step("run reports the rows changed; maybeOne answers undefined", async () => {
      const result = await db.run(sql`update notes set body = 'y'`);
      assert.equal(result.rowCount, 1);
      assert.equal(await db.maybeOne(sql`select 1 from notes where false`), undefined);
      await assert.rejects(() => db.one(sql`select 1 from notes where false`), /Expected a row/);
    });

    await t.step("a transaction that throws keeps nothing", async () => {
      await assert.rejects(
        db.transaction(async (tx) => {
          await tx.run(sql`insert into notes (body) values ('kept?')`);
          throw new Error("abort");
        }),
        /abort/,
      );
      const { n } = await db.one<{ n: number }>(sql`select count(*) as n from notes`);
      assert.equal(n, 1);
    });

    await t.step("a transaction that resolves commits and returns its value", async () => {
      const id = await db.transaction(async (tx) => {
        const row = await tx.one<{ id: number }>(
          sql`insert into notes (body) values ('kept') returning id`,
        );
        return row.id;
      });
      assert.ok(await db.maybeOne(sql`select 1 from notes where id = ${id}`));
    });

    await t.step("LISTEN/NOTIFY delivers payloads until unsubscribed", async () => {
      const received: string[] = [];
      const unsubscribe = await db.listen("db_test", (payload) => received.push(payload));
      await db.notify("db_test", "first");
      await waitFor(() => received.length === 1);
      await unsubscribe();
      await db.notify("db_test", "second");
      await new Promise((resolve) => setTimeout(resolve, 100));
      assert.deepEqual(received, ["first"]);
    });
  } finally {
    await close();
  }
});

async function waitFor(condition: () => boolean, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("Timed out waiting for a condition.");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
