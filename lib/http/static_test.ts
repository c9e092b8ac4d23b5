import assert from "node:assert/strict";
import { join } from "node:path";
import { Hono } from "hono";
import { safeRelativePath, staticFiles } from "./static.ts";

async function withStatic(fn: (app: Hono, root: string) => Promise<void>) {
  const root = await Deno.makeTempDir({ prefix: "static-" });
  await Deno.mkdir(join(root, "build"));
  await Deno.writeTextFile(join(root, "build", "boot-0123456789ab.js"), "export{}");
  await Deno.writeTextFile(join(root, "build", "manifest.json"), "{}");
  await Deno.writeTextFile(join(root, "logo.svg"), "<svg/>");
  await Deno.writeTextFile(join(root, ".secret"), "x");
  const outside = join(root, "..", `${root.split("/").at(-1)}-outside.txt`);
  await Deno.writeTextFile(outside, "private");
  const app = new Hono();
  app.use("/static/*", staticFiles({ root }));
  app.get("*", (c) => c.text("fallthrough", 404));
  try {
    await fn(app, root);
  } finally {
    await Deno.remove(root, { recursive: true });
    await Deno.remove(outside);
  }
}

Deno.test("static - hashed build files are immutable with a JS content type", async () => {
  await withStatic(async (app) => {
    const res = await app.request("/static/build/boot-0123456789ab.js");
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("Cache-Control"), "public, max-age=31536000, immutable");
    assert.equal(res.headers.get("Content-Type"), "text/javascript; charset=utf-8");
    assert.equal(await res.text(), "export{}");
  });
});

Deno.test("static - other files are no-cache and answer 304 to a matching ETag", async () => {
  await withStatic(async (app) => {
    const res = await app.request("/static/logo.svg");
    assert.equal(res.headers.get("Cache-Control"), "no-cache");
    assert.equal(res.headers.get("Content-Type"), "image/svg+xml");
    const etag = res.headers.get("ETag")!;
    assert.ok(etag);
    await res.body?.cancel();
    const again = await app.request("/static/logo.svg", { headers: { "If-None-Match": etag } });
    assert.equal(again.status, 304);
    assert.equal(again.body, null);
    const manifest = await app.request("/static/build/manifest.json");
    assert.equal(manifest.headers.get("Cache-Control"), "no-cache", "unhashed name: revalidate");
    await manifest.body?.cancel();
    const head = await app.request("/static/logo.svg", { method: "HEAD" });
    assert.equal(head.headers.get("Content-Length"), "6");
    assert.equal(head.body, null);
  });
});

Deno.test("static - no path traversal, dot files or directories", async () => {
  await withStatic(async (app, root) => {
    const outsideName = `${root.split("/").at(-1)}-outside.txt`;
    for (
      const path of [
        `/static/..%2f${outsideName}`,
        `/static/%2e%2e/${outsideName}`,
        `/static/build/..%2f..%2f${outsideName}`,
        `/static/..%5c${outsideName}`,
        "/static/.secret",
        "/static/build",
        "/static/build/",
        "/static/missing.js",
        "/static/%E0%A4%A",
        "/static/a%00b",
      ]
    ) {
      const res = await app.request(path);
      assert.equal(res.status, 404, path);
      assert.ok(!(await res.text()).includes("private"), path);
    }
  });
  assert.equal(safeRelativePath("a/../b"), undefined);
  assert.equal(safeRelativePath("build/x.js"), "build/x.js");
  assert.equal(safeRelativePath("a%20b.png"), "a b.png");
});
