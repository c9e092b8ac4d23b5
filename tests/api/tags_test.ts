import assert from "node:assert/strict";
import { sql } from "../../lib/db/mod.ts";
import { twoCompanyCallers } from "../helpers/api_client.ts";
import { openRealtimeTestApp } from "../helpers/realtime_app.ts";
import { delay } from "../helpers/ws.ts";

Deno.test("[api] /api/tags", async (t) => {
  const env = await openRealtimeTestApp();
  const { app, db, jwtKey } = env;
  try {
    const { companyA, admin, agent, outsider } = await twoCompanyCallers(
      app,
      jwtKey,
      db,
    );

    await t.step("create validates name, colour and kanban, answering codes", async () => {
      const cases: Array<[unknown, string, unknown]> = [
        [{}, "name", { code: "ERR_REQUIRED" }],
        [{ name: "   " }, "name", { code: "ERR_REQUIRED" }],
        [{ name: "ab" }, "name", { code: "ERR_TOO_SHORT", minimum: 3 }],
        [{ name: "x".repeat(51) }, "name", { code: "ERR_TOO_LONG", maximum: 50 }],
        [{ name: "Valid", color: "red" }, "color", { code: "ERR_INVALID_COLOR" }],
        [{ name: "Valid", color: "#12345" }, "color", { code: "ERR_INVALID_COLOR" }],
        [{ name: "Valid", kanban: 2 }, "kanban", { code: "ERR_INVALID_OPTION" }],
      ];
      for (const [body, field, error] of cases) {
        const res = await admin.json("POST", "/api/tags", body);
        assert.equal(res.status, 400, JSON.stringify(body));
        assert.equal(res.body.error, "ERR_VALIDATION");
        assert.deepEqual(res.body.fields[field], error, JSON.stringify(body));
      }
      const count = await db.one<{ n: number }>(sql`select count(*)::int as n from tags`);
      assert.equal(count.n, 0, "nothing was written");
    });

    let urgent = 0;
    await t.step("create answers the tag; colour defaults and is kept lowercase", async () => {
      const res = await admin.json("POST", "/api/tags", { name: " Urgente ", kanban: true });
      assert.equal(res.status, 200);
      assert.equal(res.body.name, "Urgente");
      assert.equal(res.body.color, "#2563eb");
      assert.equal(res.body.kanban, 1);
      assert.equal(res.body.userId, admin.user.id);
      assert.equal(res.body.ticketsCount, 0);
      urgent = res.body.id;
      const other = await admin.json("POST", "/api/tags", { name: "Vendas", color: "#ABC" });
      assert.equal(other.body.color, "#abc");
      assert.equal(other.body.kanban, 0);
    });

    await t.step("a name already used in the company, whatever its case, is 409", async () => {
      const res = await agent.json("POST", "/api/tags", { name: "URGENTE" });
      assert.equal(res.status, 409);
      assert.deepEqual(res.body, { error: "ERR_DUPLICATED_TAG" });
    });

    await t.step("only admins may make or unmake a kanban lane", async () => {
      const refused = await agent.json("POST", "/api/tags", { name: "Lane", kanban: 1 });
      assert.equal(refused.status, 403);
      assert.deepEqual(refused.body, { error: "ERR_TAG_KANBAN_ADMIN_ONLY" });
      assert.equal((await agent.json("PUT", `/api/tags/${urgent}`, { kanban: 0 })).status, 403);
      const unchanged = await agent.json("PUT", `/api/tags/${urgent}`, {
        name: "Urgentíssimo",
        kanban: 1,
      });
      assert.equal(unchanged.status, 200, "sending the current value is no change");
      assert.equal(unchanged.body.name, "Urgentíssimo");
      const plain = await agent.json("POST", "/api/tags", { name: "Suporte", kanban: 0 });
      assert.equal(plain.status, 200);
      const lane = await admin.json("PUT", `/api/tags/${plain.body.id}`, { kanban: 1 });
      assert.equal(lane.body.kanban, 1);
      assert.equal(lane.body.name, "Suporte", "fields left out stay as they were");
    });

    await t.step("list pages by 20 in name order and searches case-insensitively", async () => {
      for (let i = 1; i <= 22; i++) {
        const name = `Bulk ${String(i).padStart(2, "0")}`;
        assert.equal((await admin.json("POST", "/api/tags", { name })).status, 200);
      }
      await admin.json("POST", "/api/tags", { name: "100%_off" });
      const first = await agent.json("GET", "/api/tags?pageNumber=1");
      assert.equal(first.status, 200);
      assert.equal(first.body.tags.length, 20);
      assert.equal(first.body.hasMore, true);
      assert.equal(first.body.tags[0].name, "100%_off");
      assert.equal(first.body.tags[1].name, "Bulk 01");
      assert.equal(first.body.tags[0].ticketsCount, 0);
      const second = await agent.json("GET", "/api/tags?pageNumber=2");
      assert.equal(second.body.tags.length, 6);
      assert.equal(second.body.hasMore, false);
      const found = await agent.json("GET", "/api/tags?searchParam=BULK%202");
      assert.deepEqual(found.body.tags.map((tag: { name: string }) => tag.name), [
        "Bulk 20",
        "Bulk 21",
        "Bulk 22",
      ]);
      const literal = await agent.json("GET", `/api/tags?searchParam=${encodeURIComponent("%_")}`);
      assert.deepEqual(literal.body.tags.map((tag: { name: string }) => tag.name), ["100%_off"]);
      const bad = await agent.json("GET", "/api/tags?pageNumber=0");
      assert.equal(bad.status, 400);
      assert.deepEqual(bad.body.fields.pageNumber, { code: "ERR_TOO_SMALL", minimum: 1 });
    });

    await t.step("list and kanban answer every tag and the lanes", async () => {
      const all = await agent.json("GET", "/api/tags/list");
      assert.equal(all.status, 200);
      assert.equal(all.body.length, 26);
      const kanban = await agent.json("GET", "/api/tags/kanban");
      assert.deepEqual(kanban.body.lista.map((tag: { name: string }) => tag.name), [
        "Suporte",
        "Urgentíssimo",
      ]);
    });

    await t.step("show, rename into a taken name, delete", async () => {
      const shown = await agent.json("GET", `/api/tags/${urgent}`);
      assert.equal(shown.body.name, "Urgentíssimo");
      const taken = await agent.json("PUT", `/api/tags/${urgent}`, { name: "vendas" });
      assert.equal(taken.status, 409);
      assert.equal((await agent.json("PUT", `/api/tags/${urgent}`, { name: "x" })).status, 400);
      const deleted = await agent.request("DELETE", `/api/tags/${urgent}`);
      assert.equal(deleted.status, 204);
      const gone = await agent.json("GET", `/api/tags/${urgent}`);
      assert.equal(gone.status, 404);
      assert.deepEqual(gone.body, { error: "ERR_NO_TAG_FOUND" });
      assert.equal((await agent.json("DELETE", `/api/tags/${urgent}`)).status, 404);
      assert.equal((await agent.json("GET", "/api/tags/99999999999")).status, 404);
    });

    await t.step("another company sees none of them and gets 404 for every id", async () => {
      const ids = (await db.query<{ id: number }>(
        sql`select id from tags where company_id = ${companyA}`,
      )).map((row) => row.id);
      assert.ok(ids.length > 0);
      for (const id of ids) {
        assert.equal((await outsider.json("GET", `/api/tags/${id}`)).status, 404);
        assert.equal((await outsider.json("PUT", `/api/tags/${id}`, { name: "Mine" })).status, 404);
        assert.equal((await outsider.json("DELETE", `/api/tags/${id}`)).status, 404);
      }
      assert.deepEqual((await outsider.json("GET", "/api/tags")).body, {
        tags: [],
        hasMore: false,
      });
      assert.deepEqual((await outsider.json("GET", "/api/tags/list")).body, []);
      assert.deepEqual((await outsider.json("GET", "/api/tags/kanban")).body, { lista: [] });
      const own = await outsider.json("POST", "/api/tags", { name: "Vendas" });
      assert.equal(own.status, 200, "names are unique per company only");
      const still = await db.one<{ n: number }>(
        sql`select count(*)::int as n from tags where company_id = ${companyA} and name = 'Vendas'`,
      );
      assert.equal(still.n, 1);
    });

    await t.step("changes reach the company's sockets, and only them", async () => {
      const listener = await env.connect(agent.headers);
      const stranger = await env.connect(outsider.headers);
      const channel = `company-${companyA}-tag`;
      const created = await admin.json("POST", "/api/tags", { name: "Ao vivo" });
      const createEvent = (await listener.next(channel)).data as Record<string, unknown>;
      assert.equal(createEvent.action, "create");
      assert.equal((createEvent.record as { id: number }).id, created.body.id);
      await admin.json("PUT", `/api/tags/${created.body.id}`, { color: "#000" });
      const updateEvent = (await listener.next(channel)).data as Record<string, unknown>;
      assert.equal(updateEvent.action, "update");
      assert.equal((updateEvent.record as { color: string }).color, "#000");
      await admin.request("DELETE", `/api/tags/${created.body.id}`);
      assert.deepEqual((await listener.next(channel)).data, {
        action: "delete",
        id: created.body.id,
      });
      await delay(50);
      assert.equal(stranger.received.filter((m) => m.channel.endsWith("-tag")).length, 0);
    });
  } finally {
    await env.close();
  }
});
