/**
 * The kanban board against the real app: a ticket opened in the viewer's queue appears on
 * the board live, in "Em aberto"; one in a queue the viewer does not work in does not; a
 * closed one leaves.
 */
import "../helpers/dom.ts";
import assert from "node:assert/strict";
import { cleanup, render, screen, within } from "@testing-library/preact";
import KanbanBoard from "../../islands/KanbanBoard.tsx";
import { sql } from "../../lib/db/mod.ts";
import { initClientI18n } from "../../lib/i18n/client.ts";
import { i18nClientData } from "../../lib/i18n/mod.ts";
import { createTestCompany, createTestUser } from "../helpers/accounts.ts";
import { callerFor } from "../helpers/api_client.ts";
import { actAs } from "../helpers/island_backend.ts";
import { openRealtimeTestApp } from "../helpers/realtime_app.ts";
import { until } from "../helpers/until.ts";
import { createTestConnection } from "../helpers/users.ts";

Deno.test("KanbanBoard: new tickets of the viewer's queues appear live", async () => {
  initClientI18n(i18nClientData("pt-BR", ["kanban"]));
  const env = await openRealtimeTestApp();
  const { db } = env;
  const companyId = await createTestCompany(db);
  const admin = await callerFor(env.app, env.jwtKey, await createTestUser(db, companyId));
  const agentUser = await createTestUser(db, companyId, { profile: "user" });
  const agent = await callerFor(env.app, env.jwtKey, agentUser);
  const queue = async (name: string, color: string) =>
    (await db.one<{ id: number }>(sql`insert into queues (company_id, name, color)
      values (${companyId}, ${name}, ${color}) returning id`)).id;
  const vendas = await queue("Vendas", "#0000aa");
  const financeiro = await queue("Financeiro", "#00aa00");
  await db.run(
    sql`insert into user_queues (user_id, queue_id) values (${agentUser.id}, ${vendas})`,
  );
  const contact = async (name: string, number: string) =>
    (await db.one<{ id: number }>(sql`insert into contacts (company_id, name, number)
      values (${companyId}, ${name}, ${number}) returning id`)).id;
  const whatsappId = await createTestConnection(db, companyId);
  const backend = actAs(env, agent);
  try {
    render(<KanbanBoard companyId={companyId} lanes={[]} tickets={[]} queueIds={[vendas]} />);
    await backend.ready;
    const lane = () => within(document.querySelector<HTMLElement>('[data-lane="0"]')!);

    const elsewhere = await admin.json("POST", "/api/tickets", {
      contactId: await contact("Cliente Financeiro", "5511900000002"),
      queueId: financeiro,
      whatsappId,
    });
    const made = await admin.json("POST", "/api/tickets", {
      contactId: await contact("Cliente Vendas", "5511900000001"),
      queueId: vendas,
      whatsappId,
    });
    assert.equal(elsewhere.status, 201);
    assert.equal(made.status, 201);
    await until(() => lane().getByText("Cliente Vendas"));
    assert.equal(
      screen.queryByText("Cliente Financeiro"),
      null,
      "another queue's ticket stays off",
    );
    assert.equal(document.querySelectorAll("[data-kanban-card]").length, 1);

    await admin.request("PUT", `/api/tickets/${made.body.id}`, { status: "closed" });
    await until(() => screen.queryByText("Cliente Vendas") === null);
  } finally {
    cleanup();
    backend.stop();
    await env.close();
  }
});
