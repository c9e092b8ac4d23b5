import assert from "node:assert/strict";
import { sql } from "../../lib/db/mod.ts";
import { openTestApp } from "../helpers/app.ts";
import { createTestCompany, createTestUser } from "../helpers/accounts.ts";
import { callerFor, createTestQueue } from "../helpers/whatsapp.ts";
import { defaultConnection } from "../../services/whatsapp/connections.ts";

Deno.test("[api] /api/whatsapp connections", async (t) => {
  const { app, db, jwtKey, close } = await openTestApp();
  try {
    const companyA = await createTestCompany(db);
    const companyB = await createTestCompany(db);
    const admin = await callerFor(app, jwtKey, await createTestUser(db, companyA));
    const plain = await callerFor(
      app,
      jwtKey,
      await createTestUser(db, companyA, { profile: "user" }),
      "user",
    );
    const otherAdmin = await callerFor(app, jwtKey, await createTestUser(db, companyB));
    const [q1, q2] = [await createTestQueue(db, companyA), await createTestQueue(db, companyA)];
    const foreignQueue = await createTestQueue(db, companyB);

    let first: { id: number; token: string } = { id: 0, token: "" };
    await t.step("the first connection is the default, with a random token", async () => {
      const res = await admin("POST", "/api/whatsapp", { name: "Sales", queueIds: [q1] });
      assert.equal(res.status, 201);
      assert.equal(res.body.isDefault, true);
      assert.equal(res.body.provider, "beta");
      assert.equal(res.body.maxUseBotQueues, 3);
      assert.equal(res.body.status, "DISCONNECTED");
      assert.deepEqual(res.body.queues.map((q: { id: number }) => q.id), [q1]);
      assert.match(res.body.token, /^[A-Za-z0-9_-]{43}$/);
      assert.equal(res.body.session, undefined);
      first = res.body;
      const again = await admin("POST", "/api/whatsapp", { name: "Other", isDefault: false });
      assert.notEqual(again.body.token, first.token, "every token is new");
      assert.equal(again.body.isDefault, false);
    });

    await t.step("validation answers the spec's rules as codes", async () => {
      for (
        const [name, error] of [
          ["a", { code: "ERR_TOO_SHORT", minimum: 2 }],
          ["x".repeat(51), { code: "ERR_TOO_LONG", maximum: 50 }],
          ["", { code: "ERR_REQUIRED" }],
        ] as const
      ) {
        const res = await admin("POST", "/api/whatsapp", { name });
        assert.equal(res.status, 400);
        assert.equal(res.body.error, "ERR_VALIDATION");
        assert.deepEqual(res.body.fields.name, error);
      }
      const missing = await admin("POST", "/api/whatsapp", {});
      assert.deepEqual(missing.body.fields.name, { code: "ERR_REQUIRED" });
    });

    await t.step("names are unique per company, whatever the case", async () => {
      const res = await admin("POST", "/api/whatsapp", { name: "SALES" });
      assert.equal(res.status, 409);
      assert.equal(res.body.error, "ERR_WAPP_NAME_ALREADY_EXISTS");
      const elsewhere = await otherAdmin("POST", "/api/whatsapp", { name: "Sales" });
      assert.equal(elsewhere.status, 201, "another company may use the same name");
    });

    await t.step("a greeting is required with more than one queue", async () => {
      const res = await admin("POST", "/api/whatsapp", { name: "Two", queueIds: [q1, q2] });
      assert.equal(res.status, 400);
      assert.equal(res.body.error, "ERR_WAPP_GREETING_REQUIRED");
      const update = await admin("PUT", `/api/whatsapp/${first.id}`, { queueIds: [q1, q2] });
      assert.equal(update.body.error, "ERR_WAPP_GREETING_REQUIRED");
      const ok = await admin("PUT", `/api/whatsapp/${first.id}`, {
        queueIds: [q1, q2],
        greetingMessage: "Hello! Choose a queue:",
      });
      assert.equal(ok.status, 200);
      assert.equal(ok.body.queues.length, 2);
    });

    await t.step("queues of another company are refused", async () => {
      const res = await admin("PUT", `/api/whatsapp/${first.id}`, { queueIds: [foreignQueue] });
      assert.equal(res.status, 400);
      assert.equal(res.body.error, "ERR_WAPP_INVALID_QUEUE");
      const transfer = await admin("PUT", `/api/whatsapp/${first.id}`, {
        transferQueueId: foreignQueue,
      });
      assert.equal(transfer.body.error, "ERR_WAPP_INVALID_QUEUE");
    });

    await t.step("every field of core §3 is stored and read back", async () => {
      const fields = {
        complationMessage: "Bye",
        outOfHoursMessage: "Closed",
        ratingMessage: "Rate us",
        expiresInactiveMessage: "Closing for inactivity",
        expiresTicket: 60,
        timeUseBotQueues: 5,
        maxUseBotQueues: 4,
        timeToTransfer: 10,
        transferQueueId: q2,
        promptId: null,
        integrationId: null,
        timeSendQueue: 15,
        sendIdQueue: q1,
        provider: "sandbox",
        schedules: [{
          weekday: "Segunda-feira",
          weekdayEn: "monday",
          startTime: "08:00",
          endTime: "18:00",
        }],
      };
      const res = await admin("PUT", `/api/whatsapp/${first.id}`, fields);
      assert.equal(res.status, 200);
      const shown = await admin("GET", `/api/whatsapp/${first.id}`);
      for (const [key, value] of Object.entries(fields)) {
        assert.deepEqual(shown.body[key], value, key);
      }
    });

    await t.step("exactly one default: moved by setting another, never unset", async () => {
      const unset = await admin("PUT", `/api/whatsapp/${first.id}`, { isDefault: false });
      assert.equal(unset.status, 400);
      assert.equal(unset.body.error, "ERR_NO_OTHER_WHATSAPP");
      const list = await admin("GET", "/api/whatsapp");
      const other = list.body.find((w: { name: string }) => w.name === "Other");
      const moved = await admin("PUT", `/api/whatsapp/${other.id}`, { isDefault: true });
      assert.equal(moved.body.isDefault, true);
      const defaults = (await admin("GET", "/api/whatsapp")).body.filter((
        w: { isDefault: boolean },
      ) => w.isDefault);
      assert.deepEqual(defaults.map((w: { id: number }) => w.id), [other.id]);
      assert.equal((await defaultConnection(db, companyA)).id, other.id);
      // Deleting the default while another connection remains is refused.
      const del = await admin("DELETE", `/api/whatsapp/${other.id}`);
      assert.equal(del.body.error, "ERR_NO_OTHER_WHATSAPP");
      await admin("PUT", `/api/whatsapp/${first.id}`, { isDefault: true });
    });

    await t.step("renewing the token replaces it; the client cannot choose it", async () => {
      const before = (await admin("GET", `/api/whatsapp/${first.id}`)).body.token;
      const ignored = await admin("PUT", `/api/whatsapp/${first.id}`, {
        token: "chosen-by-client-123",
      });
      assert.equal(ignored.body.token, before);
      const renewed = await admin("PUT", `/api/whatsapp/${first.id}`, { renewToken: true });
      assert.notEqual(renewed.body.token, before);
    });

    await t.step("plain users read without token or QR, and cannot act", async () => {
      await db.run(sql`update whatsapps set qrcode = 'secret-qr' where id = ${first.id}`);
      const list = await plain("GET", "/api/whatsapp?companyId=999&session=1");
      assert.equal(list.status, 200);
      assert.ok(list.body.length >= 2);
      for (const row of list.body) {
        assert.equal(row.token, undefined);
        assert.equal(row.qrcode, "");
      }
      assert.equal((await plain("GET", `/api/whatsapp/${first.id}`)).body.token, undefined);
      assert.equal((await admin("GET", `/api/whatsapp/${first.id}`)).body.qrcode, "secret-qr");
      for (
        const [method, path] of [
          ["POST", "/api/whatsapp"],
          ["PUT", `/api/whatsapp/${first.id}`],
          ["DELETE", `/api/whatsapp/${first.id}`],
          ["POST", `/api/whatsappsession/${first.id}`],
          ["PUT", `/api/whatsappsession/${first.id}`],
          ["DELETE", `/api/whatsappsession/${first.id}`],
        ]
      ) {
        const res = await plain(method!, path!, { name: "Nope" });
        assert.equal(res.status, 403, `${method} ${path}`);
        assert.equal(res.body.error, "ERR_NO_PERMISSION");
      }
    });

    await t.step("another company sees 404 for every id of this one", async () => {
      const list = await otherAdmin("GET", "/api/whatsapp?companyId=" + companyA);
      assert.ok(list.body.every((w: { companyId: number }) => w.companyId === companyB));
      for (
        const [method, path, body] of [
          ["GET", `/api/whatsapp/${first.id}`],
          ["PUT", `/api/whatsapp/${first.id}`, { name: "Stolen" }],
          ["DELETE", `/api/whatsapp/${first.id}`],
          ["POST", `/api/whatsappsession/${first.id}`],
          ["PUT", `/api/whatsappsession/${first.id}`],
          ["DELETE", `/api/whatsappsession/${first.id}`],
          ["POST", `/api/sandbox/${first.id}/pair`],
          ["POST", `/api/sandbox/${first.id}/inbound`, { number: "5511999990000", body: "hi" }],
          ["GET", `/api/sandbox/${first.id}/outbound?number=5511999990000`],
        ] as const
      ) {
        const res = await otherAdmin(method, path, body);
        assert.equal(res.status, 404, `${method} ${path}`);
        assert.equal(res.body.error, "ERR_NO_WAPP_FOUND");
      }
      const row = await db.one<{ name: string }>(
        sql`select name from whatsapps where id = ${first.id}`,
      );
      assert.equal(row.name, "Sales");
    });

    await t.step("the plan's connection limit is enforced with the limit named", async () => {
      await db.run(sql`update plans set connections = 2
                       where id = (select plan_id from companies where id = ${companyA})`);
      const res = await admin("POST", "/api/whatsapp", { name: "Third" });
      assert.equal(res.status, 403);
      assert.deepEqual(res.body, { error: "ERR_CONNECTION_LIMIT_REACHED", limit: 2 });
    });

    await t.step("deleting removes the connection and its queues", async () => {
      const list = (await admin("GET", "/api/whatsapp")).body;
      const other = list.find((w: { name: string }) => w.name === "Other");
      const res = await admin("DELETE", `/api/whatsapp/${other.id}`);
      assert.equal(res.status, 200);
      assert.equal((await admin("GET", `/api/whatsapp/${other.id}`)).status, 404);
      // The last connection may go too; then there is no default.
      assert.equal((await admin("DELETE", `/api/whatsapp/${first.id}`)).status, 200);
      await assert.rejects(defaultConnection(db, companyA), { code: "ERR_NO_DEF_WAPP_FOUND" });
      const left = await db.one<{ n: number }>(
        sql`select count(*)::int as n from whatsapp_queues where company_id = ${companyA}`,
      );
      assert.equal(left.n, 0);
    });
  } finally {
    await close();
  }
});
