import assert from "node:assert/strict";
import { join } from "node:path";
import { sql } from "../../lib/db/mod.ts";
import { DEFAULT_OPENING_HOURS } from "../../services/companies/weekdays.ts";
import { twoCompanyCallers } from "../helpers/api_client.ts";
import { openRealtimeTestApp } from "../helpers/realtime_app.ts";
import { delay } from "../helpers/ws.ts";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

function upload(name: string): FormData {
  const data = new FormData();
  data.append("file", new File([PNG], name));
  return data;
}

Deno.test("[api] /api/queue", async (t) => {
  const dataDir = await Deno.makeTempDir({ prefix: "balcao-queues-" });
  const env = await openRealtimeTestApp({ DATA_DIR: dataDir });
  const { app, db, jwtKey } = env;
  try {
    const { companyA, admin, agent, outsider } = await twoCompanyCallers(
      app,
      jwtKey,
      db,
    );

    await t.step("create validates with the spec's messages and writes nothing", async () => {
      const cases: Array<[unknown, string, string]> = [
        [{ color: "#fff" }, "name", "Required"],
        [{ name: "  ", color: "#fff" }, "name", "Required"],
        [{ name: "a", color: "#fff" }, "name", "Too Short!"],
        [{ name: "x".repeat(51), color: "#fff" }, "name", "Too Long!"],
        [{ name: "Vendas" }, "color", "Required"],
        [{ name: "Vendas", color: "#f" }, "color", "Too Short!"],
        [{ name: "Vendas", color: "#0123456789" }, "color", "Too Long!"],
        [{ name: "Vendas", color: "blue" }, "color", "Cor inválida"],
        [{ name: "Vendas", color: "#fff", orderQueue: -1 }, "orderQueue", "Número inválido"],
        [{ name: "Vendas", color: "#fff", promptId: 3 }, "promptId", "ERR_PROMPT_NOT_FOUND"],
        [
          { name: "Vendas", color: "#fff", schedules: [{ weekdayEn: "monday", startTime: "8h" }] },
          "schedules.0.startTime",
          "Use HH:MM",
        ],
      ];
      for (const [body, field, message] of cases) {
        const res = await admin.json("POST", "/api/queue", body);
        assert.equal(res.status, 400, JSON.stringify(body));
        assert.equal(res.body.error, "ERR_VALIDATION");
        assert.equal(res.body.fields[field], message, JSON.stringify(body));
      }
      const count = await db.one<{ n: number }>(sql`select count(*)::int as n from queues`);
      assert.equal(count.n, 0);
    });

    let sales = 0;
    await t.step("create answers the queue with the default week", async () => {
      const res = await admin.json("POST", "/api/queue", {
        name: " Vendas ",
        color: "#B80000",
        greetingMessage: "Olá! Vendas aqui.",
        orderQueue: "",
        integrationId: "",
      });
      assert.equal(res.status, 200);
      assert.equal(res.body.name, "Vendas");
      assert.equal(res.body.color, "#b80000");
      assert.equal(res.body.greetingMessage, "Olá! Vendas aqui.");
      assert.equal(res.body.outOfHoursMessage, "");
      assert.equal(res.body.orderQueue, null);
      assert.equal(res.body.integrationId, null);
      assert.equal(res.body.promptId, null);
      assert.equal(res.body.mediaPath, null);
      assert.deepEqual(res.body.schedules, DEFAULT_OPENING_HOURS);
      sales = res.body.id;
    });

    await t.step("name and colour are unique per company whatever their case", async () => {
      const colour = await admin.json("POST", "/api/queue", { name: "Suporte", color: "#B80000" });
      assert.equal(colour.status, 409);
      assert.deepEqual(colour.body, { error: "ERR_QUEUE_COLOR_ALREADY_EXISTS" });
      const name = await admin.json("POST", "/api/queue", { name: "VENDAS", color: "#123" });
      assert.equal(name.status, 409);
      assert.deepEqual(name.body, { error: "ERR_QUEUE_NAME_ALREADY_EXISTS" });
      const elsewhere = await outsider.json("POST", "/api/queue", {
        name: "Vendas",
        color: "#b80000",
      });
      assert.equal(elsewhere.status, 200, "another company may use both");
    });

    await t.step("writes are for admins only; reads for every user of the company", async () => {
      const body = { name: "Financeiro", color: "#004dcf" };
      assert.deepEqual(await agent.json("POST", "/api/queue", body), {
        status: 403,
        body: { error: "ERR_NO_PERMISSION" },
      });
      assert.equal((await agent.json("PUT", `/api/queue/${sales}`, body)).status, 403);
      assert.equal((await agent.json("DELETE", `/api/queue/${sales}`)).status, 403);
      assert.equal(
        (await agent.json("POST", `/api/queue/${sales}/media-upload`, upload("a.png"))).status,
        403,
      );
      assert.equal((await agent.json("DELETE", `/api/queue/${sales}/media-upload`)).status, 403);
      const shown = await agent.json("GET", `/api/queue/${sales}`);
      assert.equal(shown.status, 200);
      assert.equal(shown.body.name, "Vendas");
    });

    await t.step("update changes what is sent; a taken colour is 409", async () => {
      const week = DEFAULT_OPENING_HOURS.map((day) =>
        day.weekdayEn === "saturday" ? { ...day, startTime: "09:00", endTime: "13:00" } : day
      );
      const res = await admin.json("PUT", `/api/queue/${sales}`, {
        outOfHoursMessage: "Voltamos às 8h.",
        orderQueue: 2,
        schedules: week,
      });
      assert.equal(res.status, 200);
      assert.equal(res.body.name, "Vendas", "fields left out stay");
      assert.equal(res.body.outOfHoursMessage, "Voltamos às 8h.");
      assert.equal(res.body.orderQueue, 2);
      assert.deepEqual(res.body.schedules[5], {
        weekday: "Sábado",
        weekdayEn: "saturday",
        startTime: "09:00",
        endTime: "13:00",
      });
      const other = await admin.json("POST", "/api/queue", { name: "Suporte", color: "#00ff00" });
      assert.equal(other.status, 200);
      const taken = await admin.json("PUT", `/api/queue/${other.body.id}`, { color: "#B80000" });
      assert.deepEqual(taken, { status: 409, body: { error: "ERR_QUEUE_COLOR_ALREADY_EXISTS" } });
      const same = await admin.json("PUT", `/api/queue/${sales}`, { color: "#b80000" });
      assert.equal(same.status, 200, "its own colour is not taken");
      const bad = await admin.json("PUT", `/api/queue/${sales}`, { name: "x" });
      assert.equal(bad.body.fields.name, "Too Short!");
    });

    await t.step("the list is in menu order, then by name", async () => {
      await admin.json("POST", "/api/queue", { name: "Atendimento", color: "#0000ff" });
      await admin.json("PUT", `/api/queue/${sales}`, { orderQueue: 1 });
      const list = await agent.json("GET", "/api/queue");
      assert.equal(list.status, 200);
      assert.deepEqual(list.body.map((q: { name: string }) => q.name), [
        "Vendas",
        "Atendimento",
        "Suporte",
      ]);
    });

    await t.step("the plan's queue limit holds", async () => {
      await db.run(sql`
        update plans set queues = 3
        where id = (select plan_id from companies where id = ${companyA})`);
      const res = await admin.json("POST", "/api/queue", { name: "Quarta", color: "#abcdef" });
      assert.deepEqual(res, { status: 403, body: { error: "ERR_QUEUE_LIMIT_REACHED", limit: 3 } });
      await db.run(sql`
        update plans set queues = 10
        where id = (select plan_id from companies where id = ${companyA})`);
    });

    await t.step("media: upload replaces, delete removes, files follow", async () => {
      const folder = join(dataDir, "media", String(companyA), "queues");
      const first = await admin.json(
        "POST",
        `/api/queue/${sales}/media-upload`,
        upload("menu.png"),
      );
      assert.equal(first.status, 200);
      assert.equal(first.body.mediaName, "menu.png");
      assert.match(first.body.mediaPath, new RegExp(`^/api/media/${companyA}/queues/`));
      const second = await admin.json(
        "POST",
        `/api/queue/${sales}/media-upload`,
        upload("tabela de preços.png"),
      );
      assert.equal(second.body.mediaName, "tabela_de_preços.png");
      assert.equal([...Deno.readDirSync(folder)].length, 1, "the previous file is gone");
      const served = await agent.request("GET", second.body.mediaPath);
      assert.equal(served.status, 200);
      await served.body?.cancel();
      const missing = await admin.json("POST", `/api/queue/${sales}/media-upload`, new FormData());
      assert.equal(missing.status, 400);
      const removed = await admin.json("DELETE", `/api/queue/${sales}/media-upload`);
      assert.equal(removed.status, 200);
      assert.equal(removed.body.mediaPath, null);
      assert.equal(removed.body.mediaName, null);
      assert.equal([...Deno.readDirSync(folder)].length, 0);
    });

    await t.step("another company gets 404 for every id and sees none", async () => {
      for (
        const [method, path, body] of [
          ["GET", `/api/queue/${sales}`, undefined],
          ["PUT", `/api/queue/${sales}`, { name: "Minha" }],
          ["DELETE", `/api/queue/${sales}`, undefined],
          ["DELETE", `/api/queue/${sales}/media-upload`, undefined],
          ["POST", `/api/queue/${sales}/media-upload`, upload("x.png")],
        ] as const
      ) {
        const res = await outsider.json(method, path, body);
        assert.deepEqual(res, { status: 404, body: { error: "ERR_NO_QUEUE_FOUND" } }, path);
      }
      const list = await outsider.json("GET", "/api/queue");
      assert.deepEqual(list.body.map((q: { name: string }) => q.name), ["Vendas"]);
      assert.notEqual(list.body[0].id, sales);
      assert.equal((await admin.json("GET", "/api/queue/99999999999")).status, 404);
    });

    await t.step("delete removes the queue with its options and users' links", async () => {
      const doomed = await admin.json("POST", "/api/queue", { name: "Temporária", color: "#111" });
      const id = doomed.body.id;
      await db.run(
        sql`insert into user_queues (user_id, queue_id) values (${agent.user.id}, ${id})`,
      );
      const option = await admin.json("POST", "/api/queue-options", { queueId: id, title: "Um" });
      assert.equal(option.status, 200);
      assert.equal((await admin.request("DELETE", `/api/queue/${id}`)).status, 204);
      assert.equal((await admin.json("GET", `/api/queue/${id}`)).status, 404);
      assert.equal((await admin.json("DELETE", `/api/queue/${id}`)).status, 404);
      const left = await db.one<{ n: number }>(sql`
        select (select count(*) from user_queues where queue_id = ${id})
             + (select count(*) from queue_options where queue_id = ${id}) as n`);
      assert.equal(Number(left.n), 0);
    });

    await t.step("changes reach the company's sockets, and only them", async () => {
      const listener = await env.connect(agent.headers);
      const stranger = await env.connect(outsider.headers);
      const channel = `company-${companyA}-queue`;
      const created = await admin.json("POST", "/api/queue", { name: "Ao vivo", color: "#222" });
      const createEvent = (await listener.next(channel)).data as Record<string, unknown>;
      assert.equal(createEvent.action, "create");
      assert.equal((createEvent.queue as { id: number }).id, created.body.id);
      await admin.json("PUT", `/api/queue/${created.body.id}`, { color: "#333" });
      const updateEvent = (await listener.next(channel)).data as Record<string, unknown>;
      assert.equal(updateEvent.action, "update");
      assert.equal((updateEvent.queue as { color: string }).color, "#333");
      await admin.request("DELETE", `/api/queue/${created.body.id}`);
      assert.deepEqual((await listener.next(channel)).data, {
        action: "delete",
        queueId: created.body.id,
      });
      await delay(50);
      assert.equal(stranger.received.filter((m) => m.channel.endsWith("-queue")).length, 0);
    });
  } finally {
    await env.close();
    await Deno.remove(dataDir, { recursive: true });
  }
});
