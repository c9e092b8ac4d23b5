import assert from "node:assert/strict";
import { sql } from "../../lib/db/mod.ts";
import type { Hub } from "../../lib/realtime/mod.ts";
import { answer, openAppWithActors } from "../helpers/api_as.ts";

/** A hub that only records what the routes publish. */
function recordingHub() {
  const published: { room: string; channel: string; data: unknown }[] = [];
  const hub = {
    publish(room: string, channel: string, data: unknown) {
      published.push({ room, channel, data });
      return Promise.resolve();
    },
  } as unknown as Hub;
  return { hub, published };
}

Deno.test("[api] /api/settings", async (t) => {
  const { hub, published } = recordingHub();
  const { app, db, companyId, otherId, asAdmin, asAgent, asOtherAdmin, close } =
    await openAppWithActors({ hub });
  try {
    await t.step("GET answers the caller's company settings to any user", async () => {
      const { status, body } = await answer(await asAgent("GET", "/api/settings"));
      assert.equal(status, 200);
      const byKey = Object.fromEntries(body.map((s: { key: string; value: string }) => [
        s.key,
        s.value,
      ]));
      assert.equal(byKey.userRating, "disabled");
      assert.equal(byKey.scheduleType, "disabled");
      assert.equal(byKey.chatBotType, "text");
      assert.equal((await app.request("/api/settings")).status, 401);
    });

    await t.step("PUT stores a value, answers it and tells the company's screens", async () => {
      const { status, body } = await answer(
        await asAdmin("PUT", "/api/settings/scheduleType", { value: "company" }),
      );
      assert.equal(status, 200);
      assert.deepEqual(body, { key: "scheduleType", value: "company" });
      assert.deepEqual(published.at(-1), {
        room: `company-${companyId}`,
        channel: `company-${companyId}-settings`,
        data: { action: "update", setting: { key: "scheduleType", value: "company" } },
      });
      const row = await db.one<{ value: string }>(
        sql`select value from settings where company_id = ${companyId} and key = 'scheduleType'`,
      );
      assert.equal(row.value, "company");
    });

    await t.step("each key accepts only its own values", async () => {
      const accepted: [string, string][] = [
        ["userRating", "enabled"],
        ["call", "disabled"],
        ["CheckMsgIsGroup", "disabled"],
        ["sendGreetingAccepted", "enabled"],
        ["sendMsgTransfTicket", "enabled"],
        ["sendGreetingMessageOneQueues", "enabled"],
        ["scheduleType", "queue"],
        ["chatBotType", "text"],
      ];
      for (const [key, value] of accepted) {
        const res = await asAdmin("PUT", `/api/settings/${key}`, { value });
        assert.equal(res.status, 200, key);
        await res.body?.cancel();
      }
      const refused: [string, string][] = [
        ["userRating", "yes"],
        ["scheduleType", "enabled"],
        ["chatBotType", "button"],
        ["call", ""],
      ];
      for (const [key, value] of refused) {
        const { status, body } = await answer(
          await asAdmin("PUT", `/api/settings/${key}`, { value }),
        );
        assert.equal(status, 400, key);
        assert.equal(body.error, "ERR_INVALID_SETTING_VALUE");
        assert.equal(body.key, key);
        assert.ok(Array.isArray(body.allowed));
      }
    });

    await t.step("unknown keys are 404, the super user's flag is not an admin's", async () => {
      for (const key of ["nope", "constructor", "__proto__", "IPIXC"]) {
        const res = await answer(await asAdmin("PUT", `/api/settings/${key}`, { value: "x" }));
        assert.deepEqual(res, { status: 404, body: { error: "ERR_NO_SETTING_FOUND" } }, key);
      }
      const flag = await answer(
        await asAdmin("PUT", "/api/settings/campaignsEnabled", { value: "true" }),
      );
      assert.deepEqual(flag, { status: 403, body: { error: "ERR_SETTING_NOT_EDITABLE" } });
    });

    await t.step("the body must carry a text value", async () => {
      const res = await answer(await asAdmin("PUT", "/api/settings/call", { value: true }));
      assert.equal(res.status, 400);
      assert.equal(res.body.error, "ERR_VALIDATION");
    });

    await t.step("a plain user cannot change settings", async () => {
      const res = await answer(await asAgent("PUT", "/api/settings/call", { value: "enabled" }));
      assert.deepEqual(res, { status: 403, body: { error: "ERR_NO_PERMISSION" } });
    });

    await t.step("companies never see or change each other's settings", async () => {
      await (await asOtherAdmin("PUT", "/api/settings/userRating", { value: "enabled" })).text();
      const mine = await answer(await asAdmin("GET", "/api/settings"));
      const theirs = await answer(await asOtherAdmin("GET", "/api/settings"));
      const value = (list: { key: string; value: string }[], key: string) =>
        list.find((s) => s.key === key)?.value;
      assert.equal(value(theirs.body, "scheduleType"), "disabled");
      assert.equal(value(mine.body, "scheduleType"), "queue");
      assert.equal(published.at(-1)?.room, `company-${otherId}`);
    });
  } finally {
    await close();
  }
});

Deno.test("[api] /api/settings: the ISP credentials", async (t) => {
  const { hub, published } = recordingHub();
  const { db, companyId, asAdmin, asAgent, asOtherAdmin, asSuper, close } = await openAppWithActors(
    { hub },
  );
  const secrets = (list: { key: string; value: string; masked?: true }[]) =>
    Object.fromEntries(list.filter((s) => s.masked).map((s) => [s.key, s.value]));
  const stored = (key: string) =>
    db.maybeOne<{ value: string }>(
      sql`select value from settings where company_id = ${companyId} and key = ${key}`,
    );
  try {
    await t.step("admins see every key, empty while unset", async () => {
      const { body } = await answer(await asAdmin("GET", "/api/settings"));
      assert.deepEqual(secrets(body), {
        ipixc: "",
        tokenixc: "",
        ipmkauth: "",
        clientidmkauth: "",
        clientsecretmkauth: "",
        asaas: "",
      });
    });

    const token = "  $aact_YTU5YTE0M2M2N2I4MTliNzk0YTI5N2U5MzdjNWZmNDQ6OjAwMDAwMDAwMDA  ";
    await t.step("an admin stores one; the answer and the list show it masked", async () => {
      const before = published.length;
      const put = await answer(await asAdmin("PUT", "/api/settings/asaas", { value: token }));
      assert.deepEqual(put, {
        status: 200,
        body: { key: "asaas", value: "••••••••wMDA", masked: true },
      });
      await answer(await asAdmin("PUT", "/api/settings/ipixc", { value: "10.0.0.1" }));
      assert.equal((await stored("asaas"))?.value, token.trim());
      const list = secrets((await answer(await asAdmin("GET", "/api/settings"))).body);
      assert.equal(list.asaas, "••••••••wMDA");
      // A short value shows none of its characters.
      assert.equal(list.ipixc, "••••••••");
      assert.ok(!JSON.stringify(list).includes("10.0.0.1"));
      // Plain users listen on the settings channel: nothing about credentials goes there.
      assert.equal(published.length, before);
    });

    await t.step("plain users get nothing of them, and cannot set them", async () => {
      const { body } = await answer(await asAgent("GET", "/api/settings"));
      assert.deepEqual(secrets(body), {});
      assert.ok(!JSON.stringify(body).includes("aact"));
      const put = await answer(await asAgent("PUT", "/api/settings/asaas", { value: "mine" }));
      assert.deepEqual(put, { status: 403, body: { error: "ERR_NO_PERMISSION" } });
      assert.equal((await stored("asaas"))?.value, token.trim());
    });

    await t.step("another company sees its own, unset, and cannot reach these", async () => {
      const { body } = await answer(await asOtherAdmin("GET", "/api/settings"));
      assert.equal(secrets(body).asaas, "");
      await answer(await asOtherAdmin("PUT", "/api/settings/asaas", { value: "theirs-123456" }));
      assert.equal((await stored("asaas"))?.value, token.trim());
      // The super user manages the platform company, not this one.
      const platform = await answer(await asSuper("GET", "/api/settings"));
      assert.equal(secrets(platform.body).asaas, "");
    });

    await t.step("a value too long or with control characters is refused", async () => {
      for (const value of ["x".repeat(501), "abc\u0007def"]) {
        const res = await answer(await asAdmin("PUT", "/api/settings/tokenixc", { value }));
        assert.equal(res.status, 400);
      }
      const res = await answer(
        await asAdmin("PUT", "/api/settings/tokenixc", { value: "bad\u0001value" }),
      );
      assert.deepEqual(res.body, { error: "ERR_INVALID_SETTING_VALUE", key: "tokenixc" });
      assert.equal(await stored("tokenixc"), undefined);
    });

    await t.step("an empty value removes the credential", async () => {
      const res = await answer(await asAdmin("PUT", "/api/settings/ipixc", { value: " " }));
      assert.deepEqual(res.body, { key: "ipixc", value: "", masked: true });
      assert.equal(await stored("ipixc"), undefined);
    });

    await t.step("the company pages never carry them", async () => {
      const session = await answer(await asAdmin("GET", "/api/auth/me"));
      assert.ok(!JSON.stringify(session.body).includes("aact"));
    });
  } finally {
    await close();
  }
});
