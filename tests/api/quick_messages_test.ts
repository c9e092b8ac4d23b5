import assert from "node:assert/strict";
import { sql } from "../../lib/db/mod.ts";
import { createTestCompany, createTestUser } from "../helpers/accounts.ts";
import { callerFor } from "../helpers/api_client.ts";
import { openRealtimeTestApp } from "../helpers/realtime_app.ts";
import { delay } from "../helpers/ws.ts";

interface Saved {
  id: number;
  shortcode: string;
  geral: boolean;
}

const shortcodes = (records: Saved[]) => records.map((r) => r.shortcode);

Deno.test("[api] /api/quick-messages: records, visibility and tenancy", async (t) => {
  const env = await openRealtimeTestApp();
  const { app, db, jwtKey } = env;
  try {
    const companyA = await createTestCompany(db);
    const admin = await callerFor(app, jwtKey, await createTestUser(db, companyA));
    const ana = await callerFor(
      app,
      jwtKey,
      await createTestUser(db, companyA, { profile: "user" }),
    );
    const bia = await callerFor(
      app,
      jwtKey,
      await createTestUser(db, companyA, { profile: "user" }),
    );
    const outsider = await callerFor(
      app,
      jwtKey,
      await createTestUser(db, await createTestCompany(db)),
    );
    const ids: Record<string, number> = {};

    await t.step("create validates the shortcode, answering codes", async () => {
      const cases: Array<[unknown, string, unknown]> = [
        [{ message: "Olá" }, "shortcode", { code: "ERR_REQUIRED" }],
        [{ shortcode: " / " }, "shortcode", { code: "ERR_REQUIRED" }],
        [{ shortcode: "x".repeat(61) }, "shortcode", { code: "ERR_TOO_LONG", maximum: 60 }],
        [{ shortcode: "ok", geral: "sim" }, "geral", { code: "ERR_INVALID" }],
        [{ shortcode: "ok", message: 5 }, "message", { code: "ERR_INVALID" }],
      ];
      for (const [body, field, error] of cases) {
        const res = await ana.json("POST", "/api/quick-messages", body);
        assert.equal(res.status, 400, JSON.stringify(body));
        assert.deepEqual(res.body.fields[field], error);
      }
      const huge = await ana.json("POST", "/api/quick-messages", {
        shortcode: "big",
        message: "x".repeat(1_100_000),
      });
      assert.equal(huge.status, 413, "JSON routes keep the 1 MiB limit");
    });

    await t.step("create answers the record owned by the caller", async () => {
      const res = await ana.json("POST", "/api/quick-messages", {
        shortcode: "/oi",
        message: "Olá {{firstName}}!",
      });
      assert.equal(res.status, 200);
      assert.equal(res.body.shortcode, "oi", "the leading slash is how it is typed, not its name");
      assert.equal(res.body.userId, ana.user.id);
      assert.equal(res.body.geral, false);
      assert.equal(res.body.status, true);
      assert.equal(res.body.isMedia, false);
      assert.equal(res.body.mediaPath, null);
      ids.anaPrivate = res.body.id;
      ids.anaShared = (await ana.json("POST", "/api/quick-messages", {
        shortcode: "preco",
        message: "Tabela de preços",
        geral: true,
      })).body.id;
      ids.biaPrivate = (await bia.json("POST", "/api/quick-messages", { shortcode: "oi" })).body.id;
      ids.adminShared = (await admin.json("POST", "/api/quick-messages", {
        shortcode: "horario",
        message: "Atendemos das 8h às 18h",
        geral: true,
        status: false,
      })).body.id;
      assert.ok(Object.values(ids).every((id) => id > 0));
    });

    await t.step("shortcodes collide per owner when private, per company when shared", async () => {
      const mine = await ana.json("POST", "/api/quick-messages", { shortcode: "OI" });
      assert.equal(mine.status, 409);
      assert.deepEqual(mine.body, { error: "ERR_DUPLICATED_QUICK_MESSAGE" });
      const shared = await bia.json("POST", "/api/quick-messages", {
        shortcode: "Preco",
        geral: true,
      });
      assert.equal(shared.status, 409);
      const shadow = await bia.json("POST", "/api/quick-messages", { shortcode: "preco" });
      assert.equal(shadow.status, 200, "a private one may share a shared one's shortcode");
      ids.biaShadow = shadow.body.id;
      const sharing = await bia.json("PUT", `/api/quick-messages/${ids.biaShadow}`, {
        geral: true,
      });
      assert.equal(sharing.status, 409, "…but cannot then be shared");
    });

    await t.step("each user sees their own and the shared ones, nobody else's", async () => {
      const anaList = await ana.json("GET", "/api/quick-messages");
      assert.deepEqual(shortcodes(anaList.body.records), ["horario", "oi", "preco"]);
      assert.equal(anaList.body.hasMore, false);
      const biaList = await bia.json("GET", "/api/quick-messages");
      assert.deepEqual(shortcodes(biaList.body.records), ["horario", "oi", "preco", "preco"]);
      assert.equal(biaList.body.records[1].id, ids.biaPrivate);
      const adminList = await admin.json("GET", "/api/quick-messages");
      assert.deepEqual(shortcodes(adminList.body.records), ["horario", "preco"]);
      for (const caller of [bia, admin]) {
        for (const method of ["GET", "PUT", "DELETE"]) {
          const res = await caller.json(method, `/api/quick-messages/${ids.anaPrivate}`, {});
          assert.equal(res.status, 404, `${method} by ${caller.user.id}`);
          assert.deepEqual(res.body, { error: "ERR_NO_QUICK_MESSAGE_FOUND" });
        }
      }
      assert.equal((await bia.json("GET", `/api/quick-messages/${ids.anaShared}`)).status, 200);
    });

    await t.step("the list for suggestions has the active ones only", async () => {
      const res = await bia.json("GET", "/api/quick-messages/list");
      assert.equal(res.status, 200);
      assert.deepEqual(shortcodes(res.body), ["oi", "preco", "preco"]);
      assert.deepEqual(Object.keys(res.body[0]).sort(), [
        "id",
        "isMedia",
        "mediaName",
        "mediaPath",
        "message",
        "shortcode",
      ]);
    });

    await t.step("search looks in shortcode and text; pages hold 20", async () => {
      const found = await ana.json("GET", "/api/quick-messages?searchParam=TABELA");
      assert.deepEqual(shortcodes(found.body.records), ["preco"]);
      for (let i = 1; i <= 20; i++) {
        await admin.json("POST", "/api/quick-messages", {
          shortcode: `m${String(i).padStart(2, "0")}`,
        });
      }
      const first = await admin.json("GET", "/api/quick-messages?pageNumber=1");
      assert.equal(first.body.records.length, 20);
      assert.equal(first.body.hasMore, true);
      const second = await admin.json("GET", "/api/quick-messages?pageNumber=2");
      assert.deepEqual(shortcodes(second.body.records), ["m20", "preco"]);
      assert.equal(second.body.hasMore, false);
    });

    await t.step("the owner changes a message; admins also change shared ones", async () => {
      const edited = await ana.json("PUT", `/api/quick-messages/${ids.anaPrivate}`, {
        message: "Oi, {{name}}",
      });
      assert.equal(edited.status, 200);
      assert.equal(edited.body.message, "Oi, {{name}}");
      assert.equal(edited.body.shortcode, "oi", "fields left out stay as they were");
      const refused = await bia.json("PUT", `/api/quick-messages/${ids.anaShared}`, {
        message: "x",
      });
      assert.equal(refused.status, 403);
      assert.deepEqual(refused.body, { error: "ERR_NO_PERMISSION" });
      assert.equal((await bia.json("DELETE", `/api/quick-messages/${ids.anaShared}`)).status, 403);
      const byAdmin = await admin.json("PUT", `/api/quick-messages/${ids.anaShared}`, {
        message: "Preços atualizados",
        geral: false,
      });
      assert.equal(byAdmin.status, 200, "an admin may make a shared one private again");
      assert.equal(byAdmin.body.userId, ana.user.id, "it stays its owner's");
      assert.equal((await admin.json("GET", `/api/quick-messages/${ids.anaShared}`)).status, 404);
      assert.equal((await ana.json("GET", `/api/quick-messages/${ids.anaShared}`)).status, 200);
      assert.equal(
        (await admin.json("DELETE", `/api/quick-messages/${ids.adminShared}`)).status,
        204,
      );
      assert.equal((await ana.json("GET", `/api/quick-messages/${ids.adminShared}`)).status, 404);
    });

    await t.step("another company gets 404 for every id and sees nothing", async () => {
      const all = await db.query<{ id: number }>(
        sql`select id from quick_messages where company_id = ${companyA}`,
      );
      assert.ok(all.length > 20);
      for (const { id } of all) {
        for (const method of ["GET", "PUT", "DELETE"]) {
          const res = await outsider.request(method, `/api/quick-messages/${id}`, { message: "x" });
          assert.equal(res.status, 404);
          await res.body?.cancel();
        }
        const upload = await outsider.request("DELETE", `/api/quick-messages/${id}/media-upload`);
        assert.equal(upload.status, 404);
        await upload.body?.cancel();
      }
      assert.deepEqual((await outsider.json("GET", "/api/quick-messages")).body, {
        records: [],
        hasMore: false,
      });
      assert.deepEqual((await outsider.json("GET", "/api/quick-messages/list")).body, []);
    });

    await t.step("private messages reach only their owner's sockets", async () => {
      const anaSocket = await env.connect(ana.headers);
      const biaSocket = await env.connect(bia.headers);
      const strangerSocket = await env.connect(outsider.headers);
      // The name the spec's client listens on (company{id}-quickemessage, sic).
      const channel = `company${companyA}-quickemessage`;

      const secret = await ana.json("POST", "/api/quick-messages", { shortcode: "segredo" });
      assert.equal(((await anaSocket.next(channel)).data as { action: string }).action, "create");

      const shared = await ana.json("POST", "/api/quick-messages", {
        shortcode: "todos",
        geral: true,
      });
      for (const socket of [anaSocket, biaSocket]) {
        const event = (await socket.next(channel)).data as { action: string; record: Saved };
        assert.equal(event.action, "create");
        assert.equal(event.record.id, shared.body.id);
      }

      await ana.json("PUT", `/api/quick-messages/${shared.body.id}`, { geral: false });
      assert.deepEqual((await biaSocket.next(channel)).data, {
        action: "delete",
        id: shared.body.id,
      });
      assert.deepEqual((await anaSocket.next(channel)).data, {
        action: "delete",
        id: shared.body.id,
      });
      const update = (await anaSocket.next(channel)).data as { action: string; record: Saved };
      assert.equal(update.action, "update", "the owner keeps it, after the delete");
      assert.equal(update.record.geral, false);

      await ana.request("DELETE", `/api/quick-messages/${secret.body.id}`);
      assert.deepEqual((await anaSocket.next(channel)).data, {
        action: "delete",
        id: secret.body.id,
      });
      await delay(50);
      assert.equal(biaSocket.count(channel), 2, "bia heard the shared create and its removal only");
      assert.equal(strangerSocket.received.filter((m) => m.channel.includes("quick")).length, 0);
    });
  } finally {
    await env.close();
  }
});
