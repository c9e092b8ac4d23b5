/**
 * Layer 5: how a real session lives through what WhatsApp's server does to it. An unknown stream
 * error (Baileys' 500) and a 515 reconnect with the same credentials; a server gone for a while
 * is retried without end and the session comes back when it returns; a 440 conflict is shown
 * and left to the other holder; a phone that removes the device ends the session and its keys.
 * Two instances on one database open one socket for the number.
 */
import assert from "node:assert/strict";
import { sql } from "../../lib/db/mod.ts";
import { BUSINESS, openSimulatorEnv, type SimEnv } from "../helpers/wa_sim_env.ts";
import { waitFor } from "../helpers/ticket_env.ts";
import { SIM_STEP_MS } from "../helpers/wa_simulator.ts";

const authRows = async (env: SimEnv) =>
  (await env.db.one<{ n: number }>(sql`
    select count(*)::int as n from whatsapp_auth where whatsapp_id = ${env.connectionId}`)).n;

const meId = async (env: SimEnv) =>
  JSON.parse(
    (await env.db.one<{ value: string }>(sql`
      select value from whatsapp_auth where whatsapp_id = ${env.connectionId} and type = 'creds'`))
      .value,
  ).me.id;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

Deno.test("[wa-sim] stream errors and outages: the session survives what it should", async (t) => {
  const env = await openSimulatorEnv({ limits: { baseDelayMs: 100, maxDelayMs: 400 } });
  try {
    await env.pair();
    const me = await meId(env);
    const pairings = env.server.registrations;

    await t.step("an unknown stream error reconnects with the same credentials", async () => {
      env.server.streamError(BUSINESS, "unknown");
      await env.waitStatus("TIMEOUT");
      await env.waitStatus("CONNECTED");
      assert.equal(await meId(env), me);
      assert.equal(env.server.registrations, pairings, "no new QR");
    });

    await t.step("a 515 restart reconnects at once", async () => {
      env.server.streamError(BUSINESS, "restart");
      await waitFor(
        () => Promise.resolve(env.server.socketsOf(BUSINESS).length === 1 || undefined),
        "a new socket",
      );
      await env.waitStatus("CONNECTED");
      assert.equal(env.server.registrations, pairings);
    });

    await t.step("a server gone for a while is retried until it comes back", async () => {
      await env.server.unreachable();
      // Far more attempts than the six after which the session used to give up.
      await waitFor(
        async () =>
          (await env.db.one<{ retries: number }>(sql`
          select retries from whatsapps where id = ${env.connectionId}`)).retries >= 10 ||
          undefined,
        "ten reconnect attempts",
        SIM_STEP_MS,
      );
      const during = await env.row();
      assert.equal(during.status, "TIMEOUT");
      assert.equal(during.sessionWanted, true);
      env.server.reachable();
      await env.waitStatus("CONNECTED");
      assert.equal(await meId(env), me);
      assert.equal(env.server.registrations, pairings);
    });

    await t.step("a 440 conflict is shown and left to the other holder", async () => {
      env.server.streamError(BUSINESS, "conflict");
      await env.waitStatus("DISCONNECTED");
      await waitFor(
        async () => (await env.row()).sessionWanted === false || undefined,
        "the session to be left alone",
      );
      await sleep(800);
      assert.equal(env.server.socketsOf(BUSINESS).length, 0, "no fight over the session");
      assert.ok(await authRows(env) > 0, "the credentials are kept");
      const pushed = env.hub.sent.filter((s) => s.data?.reason === "replaced");
      assert.ok(pushed.length > 0, "admins are told why");
    });

    await t.step("the phone removes the device: DISCONNECTED and the keys are gone", async () => {
      await env.made(await env.asAdmin("POST", `/api/whatsappsession/${env.connectionId}`));
      await env.waitStatus("CONNECTED");
      env.server.streamError(BUSINESS, "deviceRemoved");
      await env.waitStatus("DISCONNECTED");
      await waitFor(async () => (await authRows(env)) === 0 || undefined, "the keys to go");
      assert.ok(env.hub.sent.some((s) => s.data?.reason === "loggedOut"));
    });
  } finally {
    await env.close();
  }
});

Deno.test("[wa-sim] two instances on one database: one socket per number", async () => {
  const env = await openSimulatorEnv({ leaseMs: 3_000 });
  const other = await env.another("instance-b");
  try {
    await env.pair();
    for (let round = 0; round < 5; round++) {
      await Promise.all([env.whatsapp.tick(), other.tick()]);
      await sleep(300);
      assert.equal(env.server.socketsOf(BUSINESS).length, 1, `round ${round}`);
    }
    assert.equal(env.server.conflicts, 0, "never two sockets fighting");
    assert.equal(other.localProvider(env.connectionId), undefined, "the other one waits");
  } finally {
    await other.close();
    await env.close();
  }
});
