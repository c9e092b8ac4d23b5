/**
 * Two instances, each with its own data folder, on one database and one S3-compatible object
 * store (MEDIA_S3_URL; s3rver stands in for the real store): what a user uploads through one
 * instance, a colleague reads through the other (issue 15, "media across instances"). With
 * only their data folders, the second instance would answer 404.
 */
import assert from "node:assert/strict";
import S3rver from "s3rver";
import { loadConfig } from "../../lib/config.ts";
import { createDiskMediaStore, openMediaStore } from "../../lib/media/mod.ts";
import { createTestCompany, createTestUser } from "../helpers/accounts.ts";
import { callerFor } from "../helpers/api_client.ts";
import { createTestApp, testJwtKey } from "../helpers/app.ts";
import { openTestDb } from "../helpers/db.ts";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 9, 8, 7]);

Deno.test({
  name: "[api] media written by one instance is served by another through the object store",
  // s3rver keeps an idle keep-alive timer of its HTTP server past close().
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const { db, close } = await openTestDb();
    const s3Dir = await Deno.makeTempDir({ prefix: "balcao-s3-" });
    const folders = [await Deno.makeTempDir(), await Deno.makeTempDir()];
    const server = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory: s3Dir });
    const { port } = await server.run();
    const jwtKey = testJwtKey();
    const instance = async (dataDir: string) => {
      const config = loadConfig({
        DATA_DIR: dataDir,
        MEDIA_S3_URL: `http://S3RVER:S3RVER@127.0.0.1:${port}/balcao-media`,
      });
      const media = await openMediaStore({ dataDir, s3: config.mediaS3 });
      return { media, app: createTestApp({ db, config, jwtKey, media }) };
    };
    const one = await instance(folders[0]!);
    const two = await instance(folders[1]!);
    try {
      const companyId = await createTestCompany(db);
      const ana = await callerFor(one.app, jwtKey, await createTestUser(db, companyId));
      const bia = await callerFor(two.app, jwtKey, await createTestUser(db, companyId));
      const outsider = await callerFor(
        two.app,
        jwtKey,
        await createTestUser(db, await createTestCompany(db)),
      );
      const id = (await ana.json("POST", "/api/quick-messages", { shortcode: "foto", geral: true }))
        .body.id;
      const form = new FormData();
      form.append("typeArch", "quickMessage");
      form.append("file", new File([PNG], "vitrine.png"));
      const uploaded = await ana.json("POST", `/api/quick-messages/${id}/media-upload`, form);
      assert.equal(uploaded.status, 200);
      const address = new URL(uploaded.body.mediaPath, "http://x").pathname;

      await t.step("the other instance serves it to a colleague", async () => {
        const res = await bia.request("GET", address);
        assert.equal(res.status, 200);
        assert.equal(res.headers.get("Content-Type"), "image/png");
        assert.deepEqual(new Uint8Array(await res.arrayBuffer()), PNG);
      });

      await t.step("nothing was written to either data folder", async () => {
        for (const dir of folders) {
          assert.equal(
            await createDiskMediaStore(dir).read(address.slice("/api/media/".length)),
            undefined,
          );
        }
      });

      await t.step("another company still gets 404", async () => {
        const res = await outsider.json("GET", address);
        assert.equal(res.status, 404);
      });

      await t.step("removing it through the other instance removes it for both", async () => {
        assert.equal(
          (await bia.json("DELETE", `/api/quick-messages/${id}/media-upload`)).status,
          200,
        );
        const gone = await ana.request("GET", address);
        assert.equal(gone.status, 404);
        await gone.body?.cancel();
      });
    } finally {
      one.media.close();
      two.media.close();
      await server.close();
      await close();
      for (const dir of [s3Dir, ...folders]) await Deno.remove(dir, { recursive: true });
    }
  },
});
