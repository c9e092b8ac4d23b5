/**
 * Layer 2: linking by QR through the product's real sessions, provider and API. The simulated
 * phone scans the QR, the server sends pair-success with a signed device identity, closes the
 * stream with 515, and Baileys logs in with the new identity: CONNECTED, credentials in
 * Postgres. A restart of the product logs in again with them, without a QR.
 */
import assert from "node:assert/strict";
import { sql } from "../../lib/db/mod.ts";
import { BUSINESS, openSimulatorEnv } from "../helpers/wa_sim_env.ts";

Deno.test("[wa-sim] pair by QR, then a restart reconnects with the keys in Postgres", async (t) => {
  const env = await openSimulatorEnv();
  try {
    await t.step("the phone scans the QR: CONNECTED, credentials stored", async () => {
      await env.pair();
      const creds = await env.db.one<{ value: string }>(sql`
        select value from whatsapp_auth where whatsapp_id = ${env.connectionId} and type = 'creds'`);
      const me = JSON.parse(creds.value).me;
      assert.equal(me.id, `${BUSINESS}:1@s.whatsapp.net`, "linked as device 1 of the number");
      assert.equal(env.server.socketsOf(BUSINESS).length, 1);
      const account = env.server.directory.byPn(BUSINESS)!;
      assert.ok(account.companions.get(1)!.preKeys.size >= 800, "pre-keys uploaded at login");
    });

    await t.step("a restart logs in again with the stored keys, no new QR", async () => {
      const registrations = env.server.registrations;
      await env.restart();
      await env.waitStatus("CONNECTED");
      assert.equal(env.server.registrations, registrations, "no pairing attempt");
      assert.equal((await env.row()).qrcode, "");
      assert.equal(env.server.socketsOf(BUSINESS).length, 1, "the old socket is gone");
    });
  } finally {
    await env.close();
  }
});
