/**
 * `/api/announcements`: the super user's CRUD with its picture, everyone's bell with read
 * marks across companies, and the live event every company's sockets hear.
 */
import assert from "node:assert/strict";
import { channels } from "../../lib/realtime/channels.ts";
import { answer, apiAs } from "../helpers/api_as.ts";
import { createCompanyWithUsers } from "../helpers/company.ts";
import { openRealtimeTestApp } from "../helpers/realtime_app.ts";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
const PDF = new TextEncoder().encode("%PDF-1.7\n% test\n");

function picture(bytes: Uint8Array<ArrayBuffer>, name: string): FormData {
  const form = new FormData();
  form.append("file", new File([bytes], name));
  return form;
}

Deno.test("[api] /api/announcements", async (t) => {
  const dataDir = await Deno.makeTempDir({ prefix: "balcao-announcements-" });
  const env = await openRealtimeTestApp({ DATA_DIR: dataDir });
  const { app, db, jwtKey } = env;
  try {
    const platform = await createCompanyWithUsers(db, jwtKey, { root: { super: true } });
    const acme = await createCompanyWithUsers(db, jwtKey, {
      admin: {},
      agent: { profile: "user" },
    });
    const other = await createCompanyWithUsers(db, jwtKey, { agent: { profile: "user" } });
    const asSuper = await apiAs(app, jwtKey, platform.users.root);
    const asAdmin = await apiAs(app, jwtKey, acme.users.admin);
    const asAgent = await apiAs(app, jwtKey, acme.users.agent);
    const asOther = await apiAs(app, jwtKey, other.users.agent);
    const otherSocket = await env.connect({ Authorization: `Bearer ${other.users.agent.token}` });

    let id = 0;
    await t.step("the super user creates one; it reaches another company's socket", async () => {
      const res = await answer(
        await asSuper("POST", "/api/announcements", { title: " Manutenção ", text: "Hoje às 22h" }),
      );
      assert.equal(res.status, 201);
      assert.equal(res.body.title, "Manutenção");
      assert.equal(res.body.priority, 3, "low by default");
      assert.equal(res.body.status, true);
      id = res.body.id;
      const heard = await otherSocket.next(channels.announcements());
      assert.equal((heard.data as { action: string }).action, "create");
    });

    await t.step("nobody else may write: 403, and nothing changes", async () => {
      for (const call of [asAdmin, asAgent, asOther]) {
        assert.equal(
          (await call("POST", "/api/announcements", { title: "x", text: "y" })).status,
          403,
        );
        assert.equal((await call("PUT", `/api/announcements/${id}`, { title: "x" })).status, 403);
        assert.equal((await call("DELETE", `/api/announcements/${id}`)).status, 403);
        const upload = await call(
          "POST",
          `/api/announcements/${id}/media-upload`,
          picture(PNG, "a.png"),
        );
        assert.equal(upload.status, 403);
      }
      const shown = await answer(await asAgent("GET", `/api/announcements/${id}`));
      assert.equal(shown.body.title, "Manutenção");
    });

    await t.step("validation: title and text required, priority 1 to 3", async () => {
      const empty = await answer(
        await asSuper("POST", "/api/announcements", { title: "", text: " " }),
      );
      assert.equal(empty.status, 400);
      assert.deepEqual(Object.keys(empty.body.fields).sort(), ["text", "title"]);
      const priority = await answer(
        await asSuper("POST", "/api/announcements", { title: "a", text: "b", priority: 4 }),
      );
      assert.equal(priority.status, 400);
      assert.deepEqual(Object.keys(priority.body.fields), ["priority"]);
      const missing = await answer(
        await asSuper("PUT", "/api/announcements/999999", { title: "x" }),
      );
      assert.deepEqual(missing, { status: 404, body: { error: "ERR_NO_ANNOUNCEMENT_FOUND" } });
    });

    await t.step("the bell: unread for every user of every company until opened", async () => {
      for (const call of [asAgent, asOther, asAdmin]) {
        const bell = await answer(await call("GET", "/api/announcements/bell"));
        assert.equal(bell.body.unread, 1);
        assert.deepEqual(bell.body.records.map((r: { read: boolean }) => r.read), [false]);
      }
      assert.equal((await asOther("POST", "/api/announcements/bell/read")).status, 204);
      const read = await answer(await asOther("GET", "/api/announcements/bell"));
      assert.equal(read.body.unread, 0);
      assert.equal(read.body.records[0].read, true);
      const stillUnread = await answer(await asAgent("GET", "/api/announcements/bell"));
      assert.equal(stillUnread.body.unread, 1, "one reader's mark is their own");
    });

    await t.step("an inactive one leaves every bell and list but the super user's", async () => {
      const res = await answer(
        await asSuper("PUT", `/api/announcements/${id}`, { status: false, priority: 1 }),
      );
      assert.equal(res.body.status, false);
      assert.equal(res.body.priority, 1);
      const update = await otherSocket.next(channels.announcements());
      assert.equal((update.data as { action: string }).action, "update");
      const bell = await answer(await asAgent("GET", "/api/announcements/bell"));
      assert.deepEqual(bell.body, { records: [], unread: 0 });
      const list = await answer(await asAgent("GET", "/api/announcements"));
      assert.deepEqual(list.body, { records: [], hasMore: false });
      assert.equal((await asAgent("GET", `/api/announcements/${id}`)).status, 404);
      const all = await answer(await asSuper("GET", "/api/announcements?searchParam=manu"));
      assert.deepEqual(all.body.records.map((r: { id: number }) => r.id), [id]);
      await asSuper("PUT", `/api/announcements/${id}`, { status: true });
    });

    await t.step(
      "a png or jpg picture, served to another company by its signed address",
      async () => {
        const pdf = await answer(
          await asSuper("POST", `/api/announcements/${id}/media-upload`, picture(PDF, "a.pdf")),
        );
        assert.equal(pdf.status, 415);
        const res = await answer(
          await asSuper(
            "POST",
            `/api/announcements/${id}/media-upload`,
            picture(PNG, "aviso geral.png"),
          ),
        );
        assert.equal(res.status, 200);
        assert.equal(res.body.mediaName, "aviso_geral.png");
        const bell = await answer(await asOther("GET", "/api/announcements/bell"));
        const url = new URL(bell.body.records[0].mediaPath);
        const image = await app.request(url.pathname + url.search);
        assert.equal(image.status, 200);
        assert.deepEqual(new Uint8Array(await image.arrayBuffer()), PNG);
        const removed = await answer(
          await asSuper("DELETE", `/api/announcements/${id}/media-upload`),
        );
        assert.equal(removed.body.mediaPath, null);
        assert.equal((await app.request(url.pathname + url.search)).status, 404);
      },
    );

    await t.step("delete removes it everywhere, live", async () => {
      assert.equal((await asSuper("DELETE", `/api/announcements/${id}`)).status, 204);
      const heard = [];
      for (let i = 0; i < 4; i++) {
        const message = await otherSocket.next(channels.announcements());
        heard.push((message.data as { action: string }).action);
        if (heard.at(-1) === "delete") break;
      }
      assert.equal(heard.at(-1), "delete");
      assert.equal((await asSuper("GET", `/api/announcements/${id}`)).status, 404);
      assert.equal((await app.request("/api/announcements/bell")).status, 401);
    });
  } finally {
    await env.close();
    await Deno.remove(dataDir, { recursive: true });
  }
});
