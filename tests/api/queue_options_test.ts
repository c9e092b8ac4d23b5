import assert from "node:assert/strict";
import { join } from "node:path";
import { sql } from "../../lib/db/mod.ts";
import { twoCompanyCallers } from "../helpers/api_client.ts";
import { openRealtimeTestApp } from "../helpers/realtime_app.ts";
import { createTestQueue } from "../helpers/users.ts";
import { delay } from "../helpers/ws.ts";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

function upload(name: string): FormData {
  const data = new FormData();
  data.append("file", new File([PNG], name));
  return data;
}

type Option = { id: number; title: string; option: string; parentId: number | null };
const titles = (list: Option[]) => list.map((o) => o.title);

Deno.test("[api] /api/queue-options", async (t) => {
  const dataDir = await Deno.makeTempDir({ prefix: "balcao-queue-options-" });
  const env = await openRealtimeTestApp({ DATA_DIR: dataDir });
  const { app, db, jwtKey } = env;
  try {
    const { companyA, companyB, admin, agent, outsider } = await twoCompanyCallers(
      app,
      jwtKey,
      db,
    );
    const queue = await createTestQueue(db, companyA);
    const otherQueue = await createTestQueue(db, companyA);
    const foreignQueue = await createTestQueue(db, companyB);

    await t.step("create validates its fields", async () => {
      const required = { code: "ERR_REQUIRED" };
      const cases: Array<[unknown, string, unknown]> = [
        [{ title: "Um" }, "queueId", required],
        [{ queueId: queue.id }, "title", required],
        [{ queueId: queue.id, title: "  " }, "title", required],
        [{ queueId: queue.id, title: "x".repeat(101) }, "title", {
          code: "ERR_TOO_LONG",
          maximum: 100,
        }],
        [{ queueId: queue.id, title: "Um", parentId: -2 }, "parentId", {
          code: "ERR_TOO_SMALL",
          minimum: -1,
        }],
        [
          { queueId: queue.id, title: "Um", option: "1".repeat(21) },
          "option",
          { code: "ERR_TOO_LONG", maximum: 20 },
        ],
      ];
      for (const [body, field, error] of cases) {
        const res = await admin.json("POST", "/api/queue-options", body);
        assert.equal(res.status, 400, JSON.stringify(body));
        assert.deepEqual(res.body.fields[field], error, JSON.stringify(body));
      }
      const list = await admin.json("GET", "/api/queue-options");
      assert.equal(list.status, 400);
      assert.deepEqual(list.body.fields.queueId, required);
    });

    const ids: Record<string, number> = {};
    await t.step("a tree: top level by -1 or null, children numbered in order", async () => {
      for (
        const [key, body] of [
          ["sales", { queueId: queue.id, parentId: -1, title: "Vendas", message: "Escolha:" }],
          ["support", { queueId: queue.id, title: "Suporte" }],
          ["plans", { queueId: queue.id, parentId: "sales", title: "Planos" }],
          ["prices", { queueId: queue.id, parentId: "sales", title: "Preços", option: "9" }],
          ["deep", { queueId: queue.id, parentId: "plans", title: "Plano anual" }],
        ] as const
      ) {
        const parentId = typeof body.parentId === "string" ? ids[body.parentId] : body.parentId;
        const res = await admin.json("POST", "/api/queue-options", { ...body, parentId });
        assert.equal(res.status, 200, key);
        ids[key] = res.body.id;
      }
      const top = await agent.json("GET", `/api/queue-options?queueId=${queue.id}&parentId=-1`);
      assert.equal(top.status, 200);
      assert.deepEqual(top.body.map((o: Option) => [o.title, o.option, o.parentId]), [
        ["Vendas", "1", null],
        ["Suporte", "2", null],
      ]);
      assert.equal(top.body[0].message, "Escolha:");
      assert.equal(top.body[0].queueId, queue.id);
      const children = await agent.json(
        "GET",
        `/api/queue-options?queueId=${queue.id}&parentId=${ids.sales}`,
      );
      assert.deepEqual(children.body.map((o: Option) => [o.title, o.option]), [
        ["Planos", "1"],
        ["Preços", "9"],
      ]);
      const all = await agent.json("GET", `/api/queue-options?queueId=${queue.id}`);
      assert.equal(all.body.length, 5);
      const none = await agent.json("GET", `/api/queue-options?queueId=${otherQueue.id}`);
      assert.deepEqual(none.body, []);
    });

    await t.step("a parent must be of the same queue", async () => {
      const res = await admin.json("POST", "/api/queue-options", {
        queueId: otherQueue.id,
        parentId: ids.sales,
        title: "Fora",
      });
      assert.deepEqual(res, { status: 404, body: { error: "ERR_NO_QUEUE_OPTION_FOUND" } });
    });

    await t.step("show and update", async () => {
      const shown = await agent.json("GET", `/api/queue-options/${ids.plans}`);
      assert.equal(shown.body.title, "Planos");
      const res = await admin.json("PUT", `/api/queue-options/${ids.plans}`, {
        title: "Planos e pacotes",
        message: "Qual plano?",
      });
      assert.equal(res.status, 200);
      assert.equal(res.body.title, "Planos e pacotes");
      assert.equal(res.body.message, "Qual plano?");
      assert.equal(res.body.option, "1", "fields left out stay");
      const bad = await admin.json("PUT", `/api/queue-options/${ids.plans}`, { title: "" });
      assert.deepEqual(bad.body.fields.title, { code: "ERR_REQUIRED" });
    });

    await t.step("writes are for admins only", async () => {
      const body = { queueId: queue.id, title: "Agente" };
      assert.deepEqual(await agent.json("POST", "/api/queue-options", body), {
        status: 403,
        body: { error: "ERR_NO_PERMISSION" },
      });
      assert.equal(
        (await agent.json("PUT", `/api/queue-options/${ids.sales}`, { title: "X" })).status,
        403,
      );
      assert.equal((await agent.json("DELETE", `/api/queue-options/${ids.sales}`)).status, 403);
      const media = await agent.json(
        "POST",
        `/api/queue-options/${ids.sales}/media-upload`,
        upload("a.png"),
      );
      assert.equal(media.status, 403);
    });

    await t.step("media of an option", async () => {
      const res = await admin.json(
        "POST",
        `/api/queue-options/${ids.deep}/media-upload`,
        upload("anual.png"),
      );
      assert.equal(res.status, 200);
      assert.equal(res.body.mediaName, "anual.png");
      assert.match(res.body.mediaPath, new RegExp(`^/api/media/${companyA}/queues/`));
      const removed = await admin.json("DELETE", `/api/queue-options/${ids.prices}/media-upload`);
      assert.equal(removed.status, 200, "removing none is fine");
      assert.equal(removed.body.mediaPath, null);
    });

    await t.step("another company gets 404 and cannot attach to foreign queues", async () => {
      for (
        const [method, path, body] of [
          ["GET", `/api/queue-options/${ids.sales}`, undefined],
          ["PUT", `/api/queue-options/${ids.sales}`, { title: "Minha" }],
          ["DELETE", `/api/queue-options/${ids.sales}`, undefined],
          ["POST", `/api/queue-options/${ids.sales}/media-upload`, upload("x.png")],
          ["DELETE", `/api/queue-options/${ids.sales}/media-upload`, undefined],
        ] as const
      ) {
        const res = await outsider.json(method, path, body);
        assert.deepEqual(res, { status: 404, body: { error: "ERR_NO_QUEUE_OPTION_FOUND" } }, path);
      }
      const list = await outsider.json("GET", `/api/queue-options?queueId=${queue.id}`);
      assert.deepEqual(list, { status: 404, body: { error: "ERR_NO_QUEUE_FOUND" } });
      const create = await outsider.json("POST", "/api/queue-options", {
        queueId: queue.id,
        title: "Intruso",
      });
      assert.deepEqual(create, { status: 404, body: { error: "ERR_NO_QUEUE_FOUND" } });
      const intoForeign = await admin.json("POST", "/api/queue-options", {
        queueId: foreignQueue.id,
        title: "Intruso",
      });
      assert.equal(intoForeign.status, 404);
    });

    await t.step("deleting a node deletes its subtree and their media, and says so", async () => {
      const listener = await env.connect(agent.headers);
      const stranger = await env.connect(outsider.headers);
      const channel = `company-${companyA}-queueOption`;
      const folder = join(dataDir, "media", String(companyA), "queues");
      assert.equal([...Deno.readDirSync(folder)].length, 1);
      const created = await admin.json("POST", "/api/queue-options", {
        queueId: queue.id,
        parentId: ids.support,
        title: "Técnico",
      });
      const createEvent = (await listener.next(channel)).data as Record<string, unknown>;
      assert.equal(createEvent.action, "create");
      assert.equal((createEvent.queueOption as Option).id, created.body.id);

      assert.equal((await admin.request("DELETE", `/api/queue-options/${ids.sales}`)).status, 204);
      assert.deepEqual((await listener.next(channel)).data, {
        action: "delete",
        queueId: queue.id,
        queueOptionIds: [ids.sales, ids.plans, ids.prices, ids.deep].sort((a, b) => a! - b!),
      });
      const left = await agent.json("GET", `/api/queue-options?queueId=${queue.id}`);
      assert.deepEqual(titles(left.body), ["Suporte", "Técnico"]);
      assert.equal([...Deno.readDirSync(folder)].length, 0, "the subtree's media is gone");
      assert.equal((await admin.json("GET", `/api/queue-options/${ids.deep}`)).status, 404);
      assert.equal((await admin.json("DELETE", `/api/queue-options/${ids.sales}`)).status, 404);
      await delay(50);
      assert.equal(stranger.received.filter((m) => m.channel.endsWith("-queueOption")).length, 0);
      const rows = await db.one<{ n: number }>(
        sql`select count(*)::int as n from queue_options where company_id = ${companyA}`,
      );
      assert.equal(rows.n, 2);
    });
  } finally {
    await env.close();
    await Deno.remove(dataDir, { recursive: true });
  }
});
