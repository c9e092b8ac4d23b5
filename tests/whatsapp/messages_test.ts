/**
 * Layer 3: end-to-end encrypted messages both ways between a simulated customer (its own
 * Signal identity, addressed by LID with its phone number alongside) and the product's real
 * Baileys session: usync device lists, pre-key bundles, pkmsg then msg, the server's acks and
 * the customer's receipts moving the product's ticks through read.
 */
import assert from "node:assert/strict";
import { sql } from "../../lib/db/mod.ts";
import { BUSINESS, openSimulatorEnv } from "../helpers/wa_sim_env.ts";
import { waitFor } from "../helpers/ticket_env.ts";

Deno.test("[wa-sim] messages both ways, encrypted, with acks through read", async (t) => {
  const env = await openSimulatorEnv();
  const maria = env.server.customer("5511988880001", "Maria");
  const messageRow = (wid: string) =>
    env.db.maybeOne<{ body: string; ack: number; fromMe: boolean; ticketId: number }>(sql`
      select body, ack, from_me as "fromMe", ticket_id as "ticketId" from messages
      where company_id = ${env.companyId} and wid = ${wid}`);
  try {
    await env.pair();
    let ticketId = 0;

    await t.step("a customer's first message (pkmsg, by LID) opens a ticket", async () => {
      const id = await maria.send(BUSINESS, "Olá, vocês abrem hoje?");
      assert.equal(env.server.messaging.encTypes.get(id), "pkmsg");
      const row = await waitFor(() => messageRow(id), "the stored message");
      assert.equal(row.body, "Olá, vocês abrem hoje?");
      assert.equal(row.fromMe, false);
      ticketId = row.ticketId;
      const contact = await env.db.one<{ number: string; lid: string; name: string }>(sql`
        select c.number, c.lid, c.name from tickets t join contacts c on c.id = t.contact_id
        where t.id = ${ticketId}`);
      assert.deepEqual(contact, { number: maria.pn, lid: maria.lid, name: "Maria" });
    });

    await t.step("the agent's reply is decrypted by the customer's phone", async () => {
      await env.made(
        await env.asAdmin("POST", `/api/messages/${ticketId}`, { body: "Abrimos às 9h!" }),
      );
      await waitFor(
        () => Promise.resolve(maria.texts().includes("Abrimos às 9h!") || undefined),
        "the customer to receive the reply",
      );
    });

    await t.step("the customer's phone receipts move the ticks: delivered, then read", async () => {
      const reply = maria.received().at(-1)!;
      await waitFor(
        async () => ((await messageRow(reply.id))?.ack ?? 0) >= 3 || undefined,
        "ack 3",
      );
      maria.read(BUSINESS, reply.id);
      await waitFor(async () => (await messageRow(reply.id))?.ack === 4 || undefined, "ack 4");
    });

    await t.step("further messages use the established sessions (msg, not pkmsg)", async () => {
      const id = await maria.send(BUSINESS, "Obrigada!");
      assert.equal(env.server.messaging.encTypes.get(id), "msg", "the business answered");
      await waitFor(() => messageRow(id), "the second message");
      const tickets = await env.db.one<{ n: number }>(sql`
        select count(*)::int as n from tickets where company_id = ${env.companyId}`);
      assert.equal(tickets.n, 1, "the same ticket");
    });
  } finally {
    await env.close();
  }
});
