import assert from "node:assert/strict";
import { join } from "node:path";
import { MAX_MEDIA_BYTES } from "../../lib/media/store.ts";
import { createTestCompany, createTestUser } from "../helpers/accounts.ts";
import { callerFor } from "../helpers/api_client.ts";
import { openRealtimeTestApp } from "../helpers/realtime_app.ts";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
const PDF = new TextEncoder().encode("%PDF-1.7\n% test document\n");

function form(
  bytes: Uint8Array<ArrayBuffer>,
  name: string,
  fields: Record<string, string> = {},
): FormData {
  const data = new FormData();
  data.append("typeArch", "quickMessage");
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  data.append("file", new File([bytes], name));
  return data;
}

/** The path and query of an absolute address, for `app.request`. */
function local(url: string): string {
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
}

async function filesUnder(dir: string): Promise<string[]> {
  try {
    const names: string[] = [];
    for await (const entry of Deno.readDir(dir)) names.push(entry.name);
    return names.sort();
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) return [];
    throw err;
  }
}

Deno.test("[api] quick message attachments: upload, serving, removal", async (t) => {
  const dataDir = await Deno.makeTempDir({ prefix: "balcao-media-" });
  const env = await openRealtimeTestApp({ DATA_DIR: dataDir });
  const { app, db, jwtKey } = env;
  try {
    const companyId = await createTestCompany(db);
    const ana = await callerFor(
      app,
      jwtKey,
      await createTestUser(db, companyId, { profile: "user" }),
    );
    const bia = await callerFor(
      app,
      jwtKey,
      await createTestUser(db, companyId, { profile: "user" }),
    );
    const outsider = await callerFor(
      app,
      jwtKey,
      await createTestUser(db, await createTestCompany(db)),
    );
    const folder = join(dataDir, "media", String(companyId), "quick-messages");
    const shared = (await ana.json("POST", "/api/quick-messages", {
      shortcode: "catalogo",
      geral: true,
    })).body.id;
    const secret = (await ana.json("POST", "/api/quick-messages", { shortcode: "meu" })).body.id;
    const upload = `/api/quick-messages/${shared}/media-upload`;

    let mediaPath = "";
    let signedPath = "";
    await t.step(
      "an upload is stored under the company's folder and named as uploaded",
      async () => {
        const res = await ana.json("POST", upload, form(PNG, "foto do produto.png"));
        assert.equal(res.status, 200);
        assert.equal(res.body.isMedia, true);
        assert.equal(res.body.mediaName, "foto_do_produto.png");
        // Absolute and signed, for screens that load it without a header (below).
        assert.match(
          res.body.mediaPath,
          new RegExp(
            `^http://localhost:8000/api/media/${companyId}/quick-messages/[0-9a-f]{16}` +
              "_foto_do_produto\\.png\\?expires=\\d+&signature=[\\w-]+$",
          ),
        );
        signedPath = local(res.body.mediaPath);
        mediaPath = new URL(res.body.mediaPath).pathname;
        const stored = await filesUnder(folder);
        assert.equal(stored.length, 1);
        assert.deepEqual(await Deno.readFile(join(folder, stored[0]!)), PNG);
      },
    );

    await t.step("signed-in users of the company get the file; no one else does", async () => {
      const res = await bia.request("GET", mediaPath);
      assert.equal(res.status, 200);
      assert.equal(res.headers.get("Content-Type"), "image/png");
      assert.match(res.headers.get("Content-Disposition")!, /^inline;/);
      assert.deepEqual(new Uint8Array(await res.arrayBuffer()), PNG);
      const foreign = await outsider.json("GET", mediaPath);
      assert.equal(foreign.status, 404);
      assert.deepEqual(foreign.body, { error: "ERR_NOT_FOUND" });
      const anonymous = await app.request(mediaPath);
      assert.equal(anonymous.status, 401);
      await anonymous.body?.cancel();
    });

    await t.step("the signed address loads without a header, in every answer", async () => {
      const res = await app.request(signedPath);
      assert.equal(res.status, 200);
      assert.deepEqual(new Uint8Array(await res.arrayBuffer()), PNG);
      const shown = await bia.json("GET", `/api/quick-messages/${shared}`);
      const listed = await bia.json("GET", "/api/quick-messages");
      const suggested = await bia.json("GET", "/api/quick-messages/list");
      for (
        const record of [
          shown.body,
          listed.body.records.find((r: { id: number }) => r.id === shared),
          suggested.body.find((r: { id: number }) => r.id === shared),
        ]
      ) {
        assert.equal((await app.request(local(record.mediaPath))).status, 200);
      }
    });

    await t.step("paths that try to leave the media folder find nothing", async () => {
      await Deno.writeTextFile(join(dataDir, "secret.txt"), "top secret");
      for (
        const path of [
          `/api/media/${companyId}/quick-messages/..%2F..%2F..%2Fsecret.txt`,
          `/api/media/${companyId}/..%2F..%2Fsecret.txt/x.txt`,
          `/api/media/${companyId}/quick-messages/%2E%2E`,
          `/api/media/${companyId}/quick-messages/.secret.txt`,
          `/api/media/${companyId}/quick-messages/missing.png`,
          `/api/media/${companyId}/quick-messages/page.html`,
        ]
      ) {
        const res = await ana.request("GET", path);
        assert.equal(res.status, 404, path);
        assert.equal((await res.text()).includes("top secret"), false);
      }
    });

    await t.step("refused uploads leave nothing on disk", async () => {
      const before = await filesUnder(folder);
      const cases: Array<[FormData | undefined, number, string]> = [
        [undefined, 400, "ERR_VALIDATION"],
        [form(new TextEncoder().encode("<script>alert(1)</script>"), "x.png"), 415, ""],
        [form(new TextEncoder().encode("<html></html>"), "page.html"), 415, ""],
        [form(new Uint8Array(0), "empty.pdf"), 415, ""],
        [form(PNG, "x.png", { typeArch: "../../etc" }), 400, "ERR_VALIDATION"],
        // Just over the file limit (checked on the file), then far over it (the body limit).
        [form(new Uint8Array(MAX_MEDIA_BYTES + 1).fill(0x25), "big.pdf"), 413, ""],
        [form(new Uint8Array(MAX_MEDIA_BYTES + 1024 * 1024).fill(0x25), "big.pdf"), 413, ""],
      ];
      for (const [body, status, code] of cases) {
        const res = await ana.json("POST", upload, body);
        assert.equal(res.status, status, JSON.stringify(res.body));
        assert.equal(
          res.body.error,
          code ||
            (status === 413 ? "ERR_MEDIA_TOO_LARGE" : "ERR_MEDIA_TYPE_NOT_ALLOWED"),
        );
      }
      assert.equal((await bia.json("POST", upload, form(PNG, "b.png"))).status, 403);
      const hidden = `/api/quick-messages/${secret}/media-upload`;
      assert.equal((await bia.json("POST", hidden, form(PNG, "b.png"))).status, 404);
      assert.equal((await outsider.json("POST", upload, form(PNG, "b.png"))).status, 404);
      assert.deepEqual(await filesUnder(folder), before);
    });

    await t.step("a new upload replaces the file; removal deletes it from disk", async () => {
      const res = await ana.json("POST", upload, form(PDF, "tabela.pdf"));
      assert.equal(res.status, 200);
      assert.equal(res.body.mediaName, "tabela.pdf");
      const stored = await filesUnder(folder);
      assert.equal(stored.length, 1, "the old picture is gone");
      assert.match(stored[0]!, /_tabela\.pdf$/);
      const served = await bia.request("GET", local(res.body.mediaPath));
      assert.match(served.headers.get("Content-Disposition")!, /^attachment;/);
      await served.body?.cancel();
      assert.equal((await bia.json("GET", mediaPath)).status, 404, "the old URL is dead");

      const removed = await ana.json("DELETE", upload);
      assert.equal(removed.status, 200);
      assert.equal(removed.body.isMedia, false);
      assert.equal(removed.body.mediaPath, null);
      assert.equal(removed.body.mediaName, null);
      assert.deepEqual(await filesUnder(folder), []);
    });

    await t.step("deleting the message deletes its file", async () => {
      const own = `/api/quick-messages/${secret}/media-upload`;
      assert.equal((await ana.json("POST", own, form(PNG, "a.png"))).status, 200);
      assert.equal((await filesUnder(folder)).length, 1);
      assert.equal((await ana.request("DELETE", `/api/quick-messages/${secret}`)).status, 204);
      assert.deepEqual(await filesUnder(folder), []);
    });
  } finally {
    await env.close();
    await Deno.remove(dataDir, { recursive: true });
  }
});
