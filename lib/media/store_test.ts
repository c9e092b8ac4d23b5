/**
 * The same checks for both media stores: the data folder, and an S3-compatible object store
 * (s3rver, a local S3 server, stands in for the real one).
 */
import assert from "node:assert/strict";
import S3rver from "s3rver";
import { createDiskMediaStore } from "./disk_store.ts";
import { createS3MediaStore } from "./s3_store.ts";
import { parseS3Url } from "./s3_url.ts";
import type { MediaStore } from "./store.ts";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

async function bytesOf(body: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(body).arrayBuffer());
}

async function checkStore(t: Deno.TestContext, store: MediaStore) {
  await t.step("saves a checked upload under the company and area", async () => {
    const saved = await store.save(7, "quick-messages", new File([PNG], "foto da loja.png"));
    assert.equal(saved.name, "foto_da_loja.png");
    assert.equal(saved.kind, "image");
    assert.match(saved.path, /^7\/quick-messages\/[0-9a-f]{16}_foto_da_loja\.png$/);
    assert.deepEqual(await store.read(saved.path), PNG);
    const opened = await store.open(saved.path);
    assert.ok(opened);
    assert.equal(opened.size, PNG.length);
    assert.deepEqual(await bytesOf(opened.body), PNG);
    await store.remove(saved.path);
    assert.equal(await store.read(saved.path), undefined);
    assert.equal(await store.open(saved.path), undefined);
    await store.remove(saved.path); // already gone: fine
  });

  await t.step("refuses what is too large or not what its name says", async () => {
    await assert.rejects(
      () => store.save(7, "messages", new File([new TextEncoder().encode("<html>")], "a.png")),
      (err: { code?: string }) => err.code === "ERR_MEDIA_TYPE_NOT_ALLOWED",
    );
    const big = new File([new Uint8Array(16 * 1024 * 1024 + 1)], "big.pdf");
    await assert.rejects(
      () => store.save(7, "messages", big),
      (err: { code?: string }) => err.code === "ERR_MEDIA_TOO_LARGE",
    );
  });

  await t.step("never reaches outside the media", async () => {
    for (const path of ["../secret", "7/../../x", "/etc/passwd", "", "7/Area/x.png", "0/a/x"]) {
      assert.equal(await store.read(path), undefined, path);
      assert.equal(await store.open(path), undefined, path);
      await store.remove(path);
    }
  });
}

Deno.test("media store - the data folder", async (t) => {
  const dir = await Deno.makeTempDir();
  try {
    await checkStore(t, createDiskMediaStore(dir));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test({
  name: "media store - an S3-compatible object store, shared by two instances",
  // s3rver keeps an idle keep-alive timer of its HTTP server past close().
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const dir = await Deno.makeTempDir();
    const server = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory: dir });
    const { port } = await server.run();
    const location = parseS3Url(`http://S3RVER:S3RVER@127.0.0.1:${port}/balcao-media`);
    assert.ok(typeof location !== "string");
    const first = await createS3MediaStore(location); // creates the bucket
    const second = await createS3MediaStore(location); // finds it
    try {
      await checkStore(t, first);
      await t.step("what one instance writes, the other reads and deletes", async () => {
        const saved = await first.save(3, "messages", new File([PNG], "a.png"));
        assert.deepEqual(await second.read(saved.path), PNG);
        await second.remove(saved.path);
        assert.equal(await first.read(saved.path), undefined);
      });
    } finally {
      first.close();
      second.close();
      await server.close();
      await Deno.remove(dir, { recursive: true });
    }
  },
});

Deno.test("media store - MEDIA_S3_URL names endpoint, bucket, keys and region", () => {
  assert.deepEqual(
    parseS3Url("https://AK%2B1:s%2Fcret@s3.example.com/balcao-media?region=sa-east-1"),
    {
      endpoint: "https://s3.example.com",
      bucket: "balcao-media",
      region: "sa-east-1",
      accessKeyId: "AK+1",
      secretAccessKey: "s/cret",
    },
  );
  assert.equal(
    (parseS3Url("http://a:b@127.0.0.1:9000/media") as { region: string }).region,
    "us-east-1",
  );
  for (
    const bad of ["nope", "ftp://a:b@h/bkt", "https://h/bkt", "https://a:b@h/", "https://a:b@h/x/y"]
  ) {
    assert.equal(typeof parseS3Url(bad), "string", bad);
  }
});
