import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { sql } from "../../../lib/db/mod.ts";
import { openTestDb } from "../../../tests/helpers/db.ts";
import { createTestCompany } from "../../../tests/helpers/accounts.ts";
import { createConnection } from "../connections.ts";
import { openPostgresAuthState } from "./auth_state.ts";
import { nullHub } from "../../../lib/realtime/mod.ts";

Deno.test("[whatsapp] Baileys auth state in Postgres", async (t) => {
  const { db, close } = await openTestDb();
  try {
    const companyId = await createTestCompany(db);
    const { id } = await createConnection({ db, hub: nullHub() }, companyId, { name: "Phone" });
    const owner = { companyId, connectionId: id };

    await t.step("creds survive a restart, Buffers included", async () => {
      const first = await openPostgresAuthState(db, owner);
      first.state.creds.me = { id: "5511999990000:1@s.whatsapp.net", lid: "1234:1@lid" };
      await first.saveCreds();
      const again = await openPostgresAuthState(db, owner);
      assert.deepEqual(again.state.creds.me, first.state.creds.me);
      assert.ok(Buffer.isBuffer(again.state.creds.noiseKey.private));
      assert.deepEqual(again.state.creds.noiseKey, first.state.creds.noiseKey);
    });

    await t.step(
      "a LID mapping is reported as Baileys stores it, in either direction",
      async () => {
        const learned: [string, string][] = [];
        const { state } = await openPostgresAuthState(db, owner, {
          onLidMapping: (lid, number) => learned.push([lid, number]),
        });
        await state.keys.set({
          "lid-mapping": { "5511999990009": "555000111", "555000111_reverse": "5511999990009" },
        });
        await state.keys.set({ session: { "x.0": Buffer.from([1]) } });
        assert.deepEqual(learned, [["555000111", "5511999990009"], ["555000111", "5511999990009"]]);
        await state.keys.set({
          "lid-mapping": { "5511999990009": null, "555000111_reverse": null },
          session: { "x.0": null },
        });
        assert.equal(learned.length, 2, "a deletion teaches nothing");
      },
    );

    await t.step("every key type is stored, read back and deleted by null", async () => {
      const { state } = await openPostgresAuthState(db, owner);
      const keys = state.keys;
      await keys.set({
        "pre-key": { "1": { public: Buffer.from([1]), private: Buffer.from([2]) } },
        session: { "5511@s.whatsapp.net.0": Buffer.from([3, 4]) },
        "sender-key": { "group::me": Buffer.from([5]) },
        "sender-key-memory": { "group@g.us": { "x@s.whatsapp.net": true } },
        "app-state-sync-key": { "AAA=": { keyData: Buffer.from([6]) } },
        "app-state-sync-version": {
          regular: { version: 3, hash: Buffer.alloc(2), indexValueMap: {} },
        },
        "lid-mapping": { "5511999990001": "987654321", "987654321_reverse": "5511999990001" },
        "device-list": { "5511999990001": ["0", "2"] },
        tctoken: { "5511999990001@s.whatsapp.net": { token: Buffer.from([7]), timestamp: "1" } },
        "identity-key": { "5511999990001.0": Buffer.from([8]) },
      });
      const count = await db.one<{ n: number }>(sql`
        select count(*)::int as n from whatsapp_auth where whatsapp_id = ${id} and type <> 'creds'`);
      assert.equal(count.n, 11);
      const mapping = await keys.get("lid-mapping", ["5511999990001", "unknown"]);
      assert.deepEqual(mapping, { "5511999990001": "987654321" });
      const session = await keys.get("session", ["5511@s.whatsapp.net.0"]);
      assert.deepEqual([...session["5511@s.whatsapp.net.0"]!], [3, 4]);
      const appKey = await keys.get("app-state-sync-key", ["AAA="]);
      assert.deepEqual([...appKey["AAA="]!.keyData!], [6]);
      const devices = await keys.get("device-list", ["5511999990001"]);
      assert.deepEqual(devices["5511999990001"], ["0", "2"]);
      await keys.set({ "pre-key": { "1": null }, "lid-mapping": { "5511999990001": "111" } });
      assert.deepEqual(await keys.get("pre-key", ["1"]), {});
      assert.deepEqual(await keys.get("lid-mapping", ["5511999990001"]), {
        "5511999990001": "111",
      });
    });

    await t.step("one connection's keys are invisible to another's", async () => {
      const other = await createConnection({ db, hub: nullHub() }, companyId, {
        name: "Other phone",
      });
      const { state } = await openPostgresAuthState(db, { companyId, connectionId: other.id });
      assert.deepEqual(await state.keys.get("lid-mapping", ["5511999990001"]), {});
    });

    await t.step("clear forgets everything", async () => {
      const auth = await openPostgresAuthState(db, owner);
      await auth.clear();
      const left = await db.one<{ n: number }>(
        sql`select count(*)::int as n from whatsapp_auth where whatsapp_id = ${id}`,
      );
      assert.equal(left.n, 0);
    });
  } finally {
    await close();
  }
});
