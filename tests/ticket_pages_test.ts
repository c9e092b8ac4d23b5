/**
 * /tickets/{uuid} gives the island the ticket only when the viewer may open it: another
 * queue's agent, another company's admin and a malformed address get the screen without it
 * (the island then shows "Acesso não permitido", tests/browser/tickets_test.ts), and nothing
 * of the ticket is in the page.
 */
import assert from "node:assert/strict";
import { openTicketEnv } from "./helpers/ticket_env.ts";

Deno.test("[pages] /tickets/{uuid} opens only tickets the viewer may see", async () => {
  const env = await openTicketEnv();
  try {
    const ticket = await env.customerWrites("5511955550101", "Fernanda Reis", "Olá");
    const moved = await env.asAdmin("PUT", `/api/tickets/${ticket.id}`, {
      queueId: env.queues.support,
      userId: null,
    });
    assert.equal(moved.status, 200);
    const page = async (caller: typeof env.asAdmin, path: string) => {
      const res = await caller("GET", path);
      assert.equal(res.status, 200, path);
      return await res.text();
    };
    const opened = await page(env.asOutsider, `/tickets/${ticket.uuid}`);
    assert.ok(opened.includes("Fernanda Reis"), "the Suporte agent gets the ticket");
    assert.ok(opened.includes("Olá"), "with its last message");
    for (
      const [caller, path] of [
        [env.asAgent, `/tickets/${ticket.uuid}`],
        [env.asOtherAdmin, `/tickets/${ticket.uuid}`],
        [env.asAgent, "/tickets/not-a-uuid"],
      ] as const
    ) {
      const html = await page(caller, path);
      assert.ok(!html.includes("Fernanda Reis"), `nothing of the ticket for ${path}`);
      assert.ok(!html.includes("5511955550101"), `nor its number for ${path}`);
    }
    // "Start a ticket" from /contacts: the dialog opens on the company's own contact only.
    const started = await page(env.asAgent, `/tickets?contactId=${ticket.contactId}`);
    assert.ok(started.includes("Fernanda Reis"));
    const foreign = await page(env.asOtherAdmin, `/tickets?contactId=${ticket.contactId}`);
    assert.ok(!foreign.includes("Fernanda Reis"));
    assert.ok(!(await page(env.asAgent, "/tickets?contactId=99999999999")).includes("Fernanda"));
  } finally {
    await env.close();
  }
});
