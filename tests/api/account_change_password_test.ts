/**
 * Account changes need the current password (issue 15, security 3): someone holding a
 * signed-in browser for a minute must not be able to move the account to their e-mail or
 * password. Changing one's own e-mail or password asks for the current password (a clear
 * error when it is missing or wrong, and nothing changes); wrong guesses and "e-mail taken"
 * answers are throttled like sign-in, so neither can be used to guess.
 */
import assert from "node:assert/strict";
import { sql } from "../../lib/db/mod.ts";
import { loadConfig } from "../../lib/config.ts";
import { createTestCompany, createTestUser } from "../helpers/accounts.ts";
import { openTestApp } from "../helpers/app.ts";
import { tokenFor } from "../helpers/users.ts";

Deno.test("[api] changing one's own e-mail or password asks for the current password", async (t) => {
  const { app, db, jwtKey, close } = await openTestApp({
    config: loadConfig({ DATA_DIR: "./test-data", TRUST_PROXY: "1" }),
  });
  try {
    const companyId = await createTestCompany(db);
    const me = await createTestUser(db, companyId, { profile: "user" });
    const admin = await createTestUser(db, companyId, { profile: "admin" });
    const token = await tokenFor(db, jwtKey, me);
    const adminToken = await tokenFor(db, jwtKey, admin);
    const put = async (body: unknown, as = token, id = me.id, address = "198.51.100.4") => {
      const res = await app.request(`/api/users/${id}`, {
        method: "PUT",
        headers: {
          "Content-Type": "application/json",
          Authorization: `Bearer ${as}`,
          "X-Forwarded-For": address,
        },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: await res.json() };
    };
    const stored = () =>
      db.one(sql`select name, email, password_hash from users where id = ${me.id}`);

    await t.step("without it: 400 ERR_CURRENT_PASSWORD_REQUIRED, nothing changes", async () => {
      const before = await stored();
      for (const body of [{ email: "new@example.com" }, { password: "novinha-1" }]) {
        const res = await put({ name: "Outro nome", ...body });
        assert.equal(res.status, 400, JSON.stringify(res.body));
        assert.deepEqual(res.body, {
          error: "ERR_CURRENT_PASSWORD_REQUIRED",
          fields: { currentPassword: { code: "ERR_CURRENT_PASSWORD_REQUIRED" } },
        }, "the code, and the field the form shows it on");
      }
      assert.deepEqual(await stored(), before);
    });

    await t.step("a wrong one: 400 ERR_WRONG_CURRENT_PASSWORD, nothing changes", async () => {
      const before = await stored();
      const res = await put({ email: "new@example.com", currentPassword: "not-it" });
      assert.equal(res.status, 400);
      assert.deepEqual(res.body, {
        error: "ERR_WRONG_CURRENT_PASSWORD",
        fields: { currentPassword: { code: "ERR_WRONG_CURRENT_PASSWORD" } },
      });
      assert.deepEqual(await stored(), before);
    });

    await t.step("the name, and the e-mail sent back unchanged, need none", async () => {
      const res = await put({ name: "Meu Nome", email: me.email.toUpperCase() });
      assert.equal(res.status, 200, JSON.stringify(res.body));
    });

    await t.step("with the right one the e-mail and password change", async () => {
      const res = await put({
        email: "me-new@example.com",
        password: "novinha-1",
        currentPassword: me.password,
      });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.equal(res.body.email, "me-new@example.com");
      me.password = "novinha-1";
    });

    await t.step("an admin resetting someone else's password needs only their rights", async () => {
      const res = await put({ password: "pelo-admin" }, adminToken);
      assert.equal(res.status, 200, JSON.stringify(res.body));
      me.password = "pelo-admin";
    });

    await t.step("wrong current passwords are throttled like sign-in", async () => {
      const fresh = await tokenFor(db, jwtKey, me);
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) {
        statuses.push((await put({ password: "x-y-z-w", currentPassword: "guess" }, fresh)).status);
      }
      assert.deepEqual(statuses.slice(0, 5), [400, 400, 400, 400, 400]);
      assert.deepEqual(statuses.slice(5), [429, 429]);
    });

    await t.step(
      "'e-mail taken' answers are throttled, so addresses cannot be enumerated",
      async () => {
        const taken = await createTestUser(db, companyId);
        const statuses: number[] = [];
        for (let i = 0; i < 7; i++) {
          const res = await put({ email: taken.email }, adminToken, me.id, "203.0.113.9");
          statuses.push(res.status);
        }
        assert.deepEqual(statuses.slice(0, 5), [409, 409, 409, 409, 409]);
        assert.deepEqual(statuses.slice(5), [429, 429]);
      },
    );
  } finally {
    await close();
  }
});
