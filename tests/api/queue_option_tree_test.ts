import assert from "node:assert/strict";
import { join } from "node:path";
import { sql } from "../../lib/db/mod.ts";
import { twoCompanyCallers } from "../helpers/api_client.ts";
import { openRealtimeTestApp } from "../helpers/realtime_app.ts";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

interface Row {
  id: number;
  parentId: number | null;
  title: string;
  message: string;
  option: string;
  forwardQueueId: number | null;
  mediaPath: string | null;
  mediaName: string | null;
}

/** The stored tree as nested titles with their answers: "1 Vendas > 2 Planos > 1 Básico". */
function outline(rows: Row[]): string[] {
  const lines: string[] = [];
  const walk = (parentId: number | null, prefix: string) => {
    for (const row of rows.filter((r) => r.parentId === parentId)) {
      const line = `${prefix}${row.option} ${row.title}`;
      lines.push(line);
      walk(row.id, `${line} > `);
    }
  };
  walk(null, "");
  return lines;
}

const THREE_LEVELS = [
  {
    title: "Vendas",
    message: "Escolha um produto",
    children: [
      { title: "Planos", children: [{ title: "Básico" }, { title: "Completo", option: "9" }] },
      { title: "Acessórios" },
    ],
  },
  { title: "Suporte", message: "Qual o problema?" },
];

Deno.test("[api] a queue saved with its whole options tree", async (t) => {
  const dataDir = await Deno.makeTempDir({ prefix: "balcao-option-tree-" });
  const env = await openRealtimeTestApp({ DATA_DIR: dataDir });
  const { app, db, jwtKey } = env;
  try {
    const { companyA, admin, agent, outsider } = await twoCompanyCallers(app, jwtKey, db);
    const optionsOf = async (queueId: number) =>
      (await admin.json<Row[]>("GET", `/api/queue-options?queueId=${queueId}`)).body;
    const count = async () =>
      (await db.one<{ n: number }>(sql`
        select count(*)::int as n from queue_options where company_id = ${companyA}`)).n;

    let queueId = 0;
    await t.step("create writes the queue and a three-level tree in one call", async () => {
      const res = await admin.json("POST", "/api/queue", {
        name: "Comercial",
        color: "#336699",
        options: THREE_LEVELS,
      });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      queueId = res.body.id;
      const rows = await optionsOf(queueId);
      assert.deepEqual(outline(rows), [
        "1 Vendas",
        "1 Vendas > 1 Planos",
        "1 Vendas > 1 Planos > 1 Básico",
        "1 Vendas > 1 Planos > 9 Completo",
        "1 Vendas > 2 Acessórios",
        "2 Suporte",
      ]);
      assert.equal(rows.find((r) => r.title === "Vendas")?.message, "Escolha um produto");
    });

    await t.step("update keeps ids, moves, renames, adds and deletes together", async () => {
      const rows = await optionsOf(queueId);
      const id = (title: string) => rows.find((r) => r.title === title)!.id;
      const res = await admin.json("PUT", `/api/queue/${queueId}`, {
        name: "Comercial",
        options: [
          {
            id: id("Vendas"),
            title: "Vendas",
            children: [{ id: id("Planos"), title: "Planos e preços", children: [] }],
          },
          // Básico moves under Suporte; Completo and Acessórios are left out, so they go.
          {
            id: id("Suporte"),
            title: "Suporte",
            children: [{ id: id("Básico"), title: "Básico" }],
          },
          {
            title: "Financeiro",
            children: [{ title: "Boletos", children: [{ title: "2ª via" }] }],
          },
        ],
      });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      const after = await optionsOf(queueId);
      assert.deepEqual(outline(after), [
        "1 Vendas",
        "1 Vendas > 1 Planos e preços",
        "2 Suporte",
        "2 Suporte > 1 Básico",
        "3 Financeiro",
        "3 Financeiro > 1 Boletos",
        "3 Financeiro > 1 Boletos > 1 2ª via",
      ]);
      // The kept nodes are the same rows: a ticket standing on one keeps its place.
      for (const title of ["Vendas", "Suporte", "Básico"]) {
        assert.equal(after.find((r) => r.title === title)!.id, id(title), title);
      }
      assert.equal(after.find((r) => r.title === "Planos e preços")!.id, id("Planos"));
      // Vendas was sent without a message: it is now empty, as the dialog showed it.
      assert.equal(after.find((r) => r.title === "Vendas")!.message, "");
    });

    await t.step("a save without `options` leaves the tree alone", async () => {
      const before = outline(await optionsOf(queueId));
      const res = await admin.json("PUT", `/api/queue/${queueId}`, { greetingMessage: "Olá" });
      assert.equal(res.status, 200);
      assert.deepEqual(outline(await optionsOf(queueId)), before);
    });

    await t.step("a refused save changes neither the queue nor its tree", async () => {
      const before = await optionsOf(queueId);
      const total = await count();
      const foreign = await outsider.json("POST", "/api/queue", {
        name: "Deles",
        color: "#112233",
        options: [{ title: "Deles" }],
      });
      assert.equal(foreign.status, 200);
      const theirOption = (await outsider.json<Row[]>(
        "GET",
        `/api/queue-options?queueId=${foreign.body.id}`,
      )).body[0]!;
      const bad: [unknown, number, string][] = [
        // A node of another company's queue is not found.
        [
          [{ title: "Novo" }, { id: theirOption.id, title: "Roubado" }],
          404,
          "ERR_NO_QUEUE_OPTION_FOUND",
        ],
        [
          [{ title: "A", option: "1" }, { title: "B", option: "1" }],
          400,
          "ERR_QUEUE_OPTION_ANSWER_TAKEN",
        ],
        [
          [{ id: before[0]!.id, title: "A" }, { id: before[0]!.id, title: "B" }],
          400,
          "ERR_QUEUE_OPTION_REPEATED",
        ],
        [[{ title: "Novo", mediaKey: "missing" }], 400, "ERR_QUEUE_OPTION_MEDIA_MISSING"],
        [[{ title: "" }], 400, "ERR_VALIDATION"],
        [[{ title: "A", children: "no" }], 400, "ERR_VALIDATION"],
      ];
      for (const [options, status, error] of bad) {
        const res = await admin.json("PUT", `/api/queue/${queueId}`, {
          name: "Renomeada",
          options,
        });
        assert.equal(res.status, status, JSON.stringify(options));
        assert.equal(res.body.error, error, JSON.stringify(options));
      }
      assert.deepEqual(await optionsOf(queueId), before);
      assert.equal(await count(), total);
      const queue = await admin.json("GET", `/api/queue/${queueId}`);
      assert.equal(queue.body.name, "Comercial");
    });

    await t.step(
      "a leaf forwards to a queue of the company; wrong ones are field refusals",
      async () => {
        const financeiro = await admin.json("POST", "/api/queue", {
          name: "Financeiro",
          color: "#aa5500",
        });
        assert.equal(financeiro.status, 200);
        const forwarding = [
          {
            title: "Vendas",
            children: [{
              title: "Planos",
              children: [{ title: "Boleto", forwardQueueId: financeiro.body.id }],
            }],
          },
          { title: "Suporte", forwardQueueId: null },
        ];
        const saved = await admin.json("PUT", `/api/queue/${queueId}`, { options: forwarding });
        assert.equal(saved.status, 200, JSON.stringify(saved.body));
        const rows = await optionsOf(queueId);
        assert.deepEqual(
          rows.map((row) => [row.title, row.forwardQueueId]),
          [["Vendas", null], ["Planos", null], ["Boleto", financeiro.body.id], ["Suporte", null]],
        );
        const one = await admin.json("GET", `/api/queue-options/${rows[2]!.id}`);
        assert.equal(one.body.forwardQueueId, financeiro.body.id);

        const theirs = await outsider.json("POST", "/api/queue", {
          name: "Outra",
          color: "#221133",
        });
        const refused: [unknown, string, string][] = [
          // Another company's queue is refused like a made-up one, on the node's own field.
          [
            [{ title: "A" }, { title: "B", forwardQueueId: theirs.body.id }],
            "options.1.forwardQueueId",
            "ERR_QUEUE_OPTION_FORWARD_QUEUE",
          ],
          [
            [{ title: "A", children: [{ title: "B", forwardQueueId: 2_000_000_000 }] }],
            "options.0.children.0.forwardQueueId",
            "ERR_QUEUE_OPTION_FORWARD_QUEUE",
          ],
          // An option with sub-options is a menu: it cannot forward.
          [
            [{ title: "A", forwardQueueId: financeiro.body.id, children: [{ title: "B" }] }],
            "options.0.forwardQueueId",
            "ERR_QUEUE_OPTION_FORWARD_NOT_LEAF",
          ],
          [[{ title: "A", forwardQueueId: "x" }], "options.0.forwardQueueId", "ERR_INVALID_NUMBER"],
        ];
        for (const [options, path, code] of refused) {
          const res = await admin.json("PUT", `/api/queue/${queueId}`, { options });
          assert.equal(res.status, 400, JSON.stringify(options));
          assert.equal(res.body.error, "ERR_VALIDATION");
          assert.equal(res.body.fields[path]?.code, code, JSON.stringify(res.body));
        }
        assert.deepEqual(await optionsOf(queueId), rows, "a refused save changes nothing");

        // Deleting the queue a leaf names leaves the leaf in place, forwarding nowhere.
        assert.equal((await admin.json("DELETE", `/api/queue/${financeiro.body.id}`)).status, 204);
        const after = await optionsOf(queueId);
        assert.equal(after.find((row) => row.title === "Boleto")!.forwardQueueId, null);
      },
    );

    await t.step("too deep a tree, or a hostile nesting, is a 400", async () => {
      let deep: unknown = [{ title: "Fundo" }];
      for (let level = 0; level < 8; level++) deep = [{ title: `Nível ${level}`, children: deep }];
      const tooDeep = await admin.json("PUT", `/api/queue/${queueId}`, { options: deep });
      assert.equal(tooDeep.status, 400);
      let hostile: unknown = [];
      for (let level = 0; level < 5000; level++) hostile = [{ title: "x", children: hostile }];
      const res = await admin.json("PUT", `/api/queue/${queueId}`, { options: hostile });
      assert.equal(res.status, 400);
    });

    await t.step("media picked in the dialog travel in the same multipart save", async () => {
      const rows = await optionsOf(queueId);
      const suporte = rows.find((r) => r.title === "Suporte")!;
      const form = new FormData();
      form.append(
        "queue",
        JSON.stringify({
          options: [
            { id: suporte.id, title: "Suporte", mediaKey: "n1" },
            { title: "Catálogo", mediaKey: "n2" },
          ],
        }),
      );
      form.append("media.n1", new File([PNG], "manual suporte.png"));
      form.append("media.n2", new File([PNG], "catalogo.png"));
      const res = await admin.json("PUT", `/api/queue/${queueId}`, form);
      assert.equal(res.status, 200, JSON.stringify(res.body));
      const after = await optionsOf(queueId);
      assert.deepEqual(outline(after), ["1 Suporte", "2 Catálogo"]);
      const withMedia = after.find((r) => r.title === "Suporte")!;
      assert.equal(withMedia.id, suporte.id);
      assert.equal(withMedia.mediaName, "manual_suporte.png");
      const stored = withMedia.mediaPath!.replace("/api/media/", "");
      assert.ok((await Deno.stat(join(dataDir, "media", stored))).isFile);

      // Replacing the tree without that node removes its file once committed.
      const next = await admin.json("PUT", `/api/queue/${queueId}`, { options: [] });
      assert.equal(next.status, 200);
      assert.deepEqual(await optionsOf(queueId), []);
      await assert.rejects(() => Deno.stat(join(dataDir, "media", stored)));
    });

    await t.step("a file no node names is refused and nothing is kept", async () => {
      const form = new FormData();
      form.append("queue", JSON.stringify({ options: [{ title: "Um" }] }));
      form.append("media.other", new File([PNG], "solta.png"));
      const res = await admin.json("PUT", `/api/queue/${queueId}`, form);
      assert.equal(res.status, 400);
      assert.equal(res.body.error, "ERR_QUEUE_OPTION_MEDIA_UNUSED");
      assert.deepEqual(await optionsOf(queueId), []);
    });

    await t.step("a plain user and another company cannot save the tree", async () => {
      const mine = await agent.json("PUT", `/api/queue/${queueId}`, { options: [{ title: "X" }] });
      assert.equal(mine.status, 403);
      const theirs = await outsider.json("PUT", `/api/queue/${queueId}`, {
        options: [{ title: "X" }],
      });
      assert.equal(theirs.status, 404);
      assert.deepEqual(await optionsOf(queueId), []);
    });
  } finally {
    await env.close();
    await Deno.remove(dataDir, { recursive: true });
  }
});
