import assert from "node:assert/strict";
import { sql } from "../../lib/db/mod.ts";
import { openTestApp } from "../helpers/app.ts";
import { answer, openAppWithActors } from "../helpers/api_as.ts";
import { YOUTUBE_EMBED_ORIGIN, youtubeEmbedUrl } from "../../services/helps/youtube.ts";

Deno.test("[api] /api/helps", async (t) => {
  const { app, db, asSuper, asAdmin, asAgent, close } = await openAppWithActors();
  try {
    let helpId = 0;
    await t.step("POST stores the video id of a pasted link, description optional", async () => {
      const { status, body } = await answer(
        await asSuper("POST", "/api/helps", {
          title: " Primeiros passos ",
          video: "https://youtu.be/dQw4w9WgXcQ?t=3",
        }),
      );
      assert.equal(status, 201);
      assert.equal(body.title, "Primeiros passos");
      assert.equal(body.video, "dQw4w9WgXcQ");
      assert.equal(body.description, "");
      helpId = body.id;
    });

    await t.step("POST validates title and video", async () => {
      const { status, body } = await answer(
        await asSuper("POST", "/api/helps", { title: "", video: "https://vimeo.com/1" }),
      );
      assert.equal(status, 400);
      assert.equal(body.error, "ERR_VALIDATION");
      assert.deepEqual(Object.keys(body.fields).sort(), ["title", "video"]);
      const missing = await answer(await asSuper("POST", "/api/helps", {}));
      assert.deepEqual(Object.keys(missing.body.fields).sort(), ["title", "video"]);
    });

    await t.step("PUT changes the fields sent; an unknown id is 404", async () => {
      const { status, body } = await answer(
        await asSuper("PUT", `/api/helps/${helpId}`, {
          description: "Como conectar o WhatsApp",
          video: "abcdefghijk",
        }),
      );
      assert.equal(status, 200);
      assert.equal(body.title, "Primeiros passos");
      assert.equal(body.video, "abcdefghijk");
      assert.equal(body.description, "Como conectar o WhatsApp");
      const bad = await answer(await asSuper("PUT", `/api/helps/${helpId}`, { video: "nope" }));
      assert.equal(bad.status, 400);
      const missing = await answer(await asSuper("PUT", "/api/helps/999999", { title: "X" }));
      assert.deepEqual(missing, { status: 404, body: { error: "ERR_NO_HELP_FOUND" } });
    });

    await t.step("GET /list answers every video to anyone signed in", async () => {
      for (const call of [asSuper, asAdmin, asAgent]) {
        const { status, body } = await answer(await call("GET", "/api/helps/list"));
        assert.equal(status, 200);
        assert.deepEqual(body.map((h: { id: number }) => h.id), [helpId]);
      }
      assert.equal((await app.request("/api/helps/list")).status, 401);
    });

    await t.step("GET / pages and searches title and description", async () => {
      for (let i = 0; i < 20; i++) {
        await db.run(
          sql`insert into helps (title, video) values (${`Vídeo ${i}`}, 'abcdefghijk')`,
        );
      }
      const first = await answer(await asSuper("GET", "/api/helps"));
      assert.equal(first.body.helps.length, 20);
      assert.equal(first.body.hasMore, true);
      const second = await answer(await asSuper("GET", "/api/helps?pageNumber=2"));
      assert.equal(second.body.helps.length, 1);
      assert.equal(second.body.hasMore, false);
      const found = await answer(await asSuper("GET", "/api/helps?searchParam=CONECTAR"));
      assert.deepEqual(found.body.helps.map((h: { id: number }) => h.id), [helpId]);
    });

    await t.step("only the super user writes or pages: others get 403", async () => {
      for (const call of [asAdmin, asAgent]) {
        for (
          const [method, path, body] of [
            ["GET", "/api/helps"],
            ["POST", "/api/helps", { title: "x", video: "abcdefghijk" }],
            ["PUT", `/api/helps/${helpId}`, { title: "x" }],
            ["DELETE", `/api/helps/${helpId}`],
          ] as [string, string, unknown?][]
        ) {
          const res = await answer(await call(method, path, body));
          assert.deepEqual(res, { status: 403, body: { error: "ERR_NO_PERMISSION" } }, path);
        }
      }
    });

    await t.step("DELETE removes the video; again is 404", async () => {
      assert.equal((await asSuper("DELETE", `/api/helps/${helpId}`)).status, 204);
      const again = await answer(await asSuper("DELETE", `/api/helps/${helpId}`));
      assert.deepEqual(again, { status: 404, body: { error: "ERR_NO_HELP_FOUND" } });
    });
  } finally {
    await close();
  }
});

Deno.test("[api] the CSP allows YouTube's no-cookie player as the only foreign frame", async () => {
  const { app, close } = await openTestApp();
  try {
    const res = await app.request("/api/version");
    const csp = res.headers.get("Content-Security-Policy") ?? "";
    const frameSrc = csp.split(";").map((part) => part.trim())
      .find((part) => part.startsWith("frame-src "));
    assert.equal(frameSrc, `frame-src ${YOUTUBE_EMBED_ORIGIN}`);
    assert.ok(youtubeEmbedUrl("dQw4w9WgXcQ").startsWith(`${YOUTUBE_EMBED_ORIGIN}/`));
    assert.match(csp, /default-src 'self'/, "everything else stays same-origin");
    assert.match(csp, /frame-ancestors 'none'/, "Balcão itself still cannot be framed");
  } finally {
    await close();
  }
});
