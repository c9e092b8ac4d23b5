/**
 * Layer 4: what customers send while Balcão is down waits in the server's offline queue and
 * comes in on the next login (`offline="1"`, then the offline count). Baileys hands those to
 * the product as `append` upserts; they are stored once, in order, and the bots answer them as
 * they would a live message. A stanza stays queued until the device acknowledges it, so a
 * second restart brings nothing twice.
 */
import assert from "node:assert/strict";
import { sql } from "../../lib/db/mod.ts";
import { BUSINESS, openSimulatorEnv } from "../helpers/wa_sim_env.ts";
import { waitFor } from "../helpers/ticket_env.ts";
import { SIM_STEP_MS } from "../helpers/wa_simulator.ts";

Deno.test("[wa-sim] messages sent while Balcão is down arrive after start, in order, once", async (t) => {
  const env = await openSimulatorEnv();
  const ana = env.server.customer("5511977770001", "Ana");
  const companion = () => env.server.directory.byPn(BUSINESS)!.companions.get(1)!;
  const stored = () =>
    env.db.query<{ wid: string; body: string }>(sql`
      select wid, body from messages
      where company_id = ${env.companyId} and not from_me order by id`);
  try {
    await env.pair();
    await env.db.run(sql`update whatsapps set greeting_message = 'Bem-vindo à Loja!'
                         where id = ${env.connectionId}`);
    const ids: string[] = [];

    await t.step("while the product is down the server holds the messages", async () => {
      await env.stop();
      await waitFor(
        () => Promise.resolve(env.server.socketsOf(BUSINESS).length === 0 || undefined),
        "the socket to close",
      );
      for (let i = 1; i <= 5; i++) ids.push(await ana.send(BUSINESS, `mensagem ${i}`));
      assert.equal(companion().pending.length, 5);
      assert.deepEqual(await stored(), []);
    });

    await t.step("after start they are stored in order, once, and the bot answers", async () => {
      await env.start();
      await env.waitStatus("CONNECTED");
      const rows = await waitFor(
        async () => {
          const rows = await stored();
          return rows.length >= 5 ? rows : undefined;
        },
        "the offline messages",
        SIM_STEP_MS,
      );
      assert.deepEqual(rows.map((r) => r.wid), ids, "in the order they were sent");
      assert.deepEqual(rows.map((r) => r.body), ids.map((_, i) => `mensagem ${i + 1}`));
      await waitFor(
        () => Promise.resolve(ana.texts().includes("Bem-vindo à Loja!") || undefined),
        "the greeting",
      );
      await waitFor(
        () => Promise.resolve(companion().pending.length === 0 || undefined),
        "the device to acknowledge the queue",
      );
    });

    await t.step(
      "a message that waited over a day is stored but not answered by bots",
      async () => {
        await env.stop();
        const bia = env.server.customer("5511977770002", "Bia");
        const old = await bia.send(BUSINESS, {
          text: "alguém aí?",
          sentAt: new Date(Date.now() - 2 * 24 * 60 * 60_000),
        });
        await env.start();
        await env.waitStatus("CONNECTED");
        await waitFor(async () => (await stored()).find((r) => r.wid === old), "the old message");
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        assert.deepEqual(bia.texts(), [], "no greeting for a message two days old");
      },
    );

    await t.step("another restart brings nothing twice", async () => {
      await env.restart();
      await env.waitStatus("CONNECTED");
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      assert.equal((await stored()).length, 6);
      assert.equal(ana.texts().filter((text) => text === "Bem-vindo à Loja!").length, 1);
      const tickets = await env.db.one<{ n: number }>(sql`
        select count(*)::int as n from tickets where company_id = ${env.companyId}`);
      assert.equal(tickets.n, 2);
    });
  } finally {
    await env.close();
  }
});
