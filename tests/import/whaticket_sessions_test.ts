/**
 * --keep-sessions: a connection's Baileys auth state, saved by Whaticket as one JSON text in
 * `Whatsapps.session`, opens through our own auth store (services/whatsapp/baileys) with the
 * same creds and signal keys, and the connection is marked to start without a new QR code.
 */
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { BufferJSON, initAuthCreds } from "baileys";
import { sql } from "../../lib/db/mod.ts";
import { createDiskMediaStore } from "../../lib/media/mod.ts";
import { secretBoxOf } from "../../services/accounts/secrets.ts";
import { importWhaticket } from "../../services/import_whaticket/mod.ts";
import { authRowsOf } from "../../services/import_whaticket/steps/sessions.ts";
import { openPostgresAuthState } from "../../services/whatsapp/baileys/auth_state.ts";
import { openTestDb } from "../helpers/db.ts";
import { openWhaticketSource, sourceServerUrl } from "../helpers/whaticket_source.ts";

Deno.test("[import] whaticket sessions: a state never paired, or not JSON, is not kept", () => {
  assert.equal(authRowsOf("{"), "session is not JSON: not kept");
  assert.equal(
    authRowsOf(JSON.stringify({ creds: initAuthCreds(), keys: {} }, BufferJSON.replacer)),
    "session was never paired with a phone: not kept",
  );
});

Deno.test({
  name: "[import] whaticket sessions: --keep-sessions resumes the connection with its keys",
  ignore: !sourceServerUrl,
  async fn() {
    const creds = {
      ...initAuthCreds(),
      me: { id: "5511988887777:3@s.whatsapp.net", name: "Loja" },
    };
    const preKey = { private: Buffer.from("a".repeat(32)), public: Buffer.from("b".repeat(32)) };
    const session = JSON.stringify({
      creds,
      keys: { preKeys: { "7": preKey }, sessions: { "5511999990001.0": { _sessions: {} } } },
    }, BufferJSON.replacer);
    const source = await openWhaticketSource();
    await source.run(`update "Whatsapps" set session = '${session.replaceAll("'", "''")}'`);
    const target = await openTestDb();
    const dataDir = await Deno.makeTempDir({ prefix: "balcao-import-sessions-" });
    try {
      const run = () =>
        importWhaticket({
          from: source.url,
          db: target.db,
          media: createDiskMediaStore(dataDir),
          secrets: secretBoxOf(target.db),
          now: new Date("2025-01-01T00:00:00Z"),
          keepSessions: true,
        });
      const report = await run();
      assert.equal(report.tables.find((t) => t.table === "Whatsapps.session")?.imported, 1);
      const connection = await target.db.one<
        { id: number; company_id: number; session_wanted: boolean; status: string }
      >(sql`select id, company_id, session_wanted, status from whatsapps`);
      assert.equal(connection.session_wanted, true);
      assert.equal(connection.status, "DISCONNECTED", "until the server starts it");

      const auth = await openPostgresAuthState(target.db, {
        companyId: connection.company_id,
        connectionId: connection.id,
      });
      assert.equal(auth.state.creds.me?.id, creds.me.id);
      assert.deepEqual(
        Buffer.from(auth.state.creds.noiseKey.private),
        Buffer.from(creds.noiseKey.private),
      );
      const keys = await auth.state.keys.get("pre-key", ["7"]);
      assert.deepEqual(Buffer.from(keys["7"]!.private), preKey.private);
      assert.deepEqual(Object.keys(await auth.state.keys.get("session", ["5511999990001.0"])), [
        "5511999990001.0",
      ]);

      const again = await run();
      assert.deepEqual(
        again.tables.filter((t) => t.imported > 0).map((t) => [t.table, t.imported]),
        [],
      );
    } finally {
      await target.close();
      await source.close();
      await Deno.remove(dataDir, { recursive: true });
    }
  },
});
