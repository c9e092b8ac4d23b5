/**
 * Lockout by anyone (issue 15, security 4): wrong passwords from one address throttle that
 * address for that account, not the account for everybody. The owner signs in from their own
 * address while a guesser is being held back. (The delays over time are tested with explicit
 * timestamps in services/accounts/login_throttle_test.ts.)
 */
import assert from "node:assert/strict";
import { loadConfig } from "../../lib/config.ts";
import { createTestCompany, createTestUser } from "../helpers/accounts.ts";
import { openTestApp } from "../helpers/app.ts";

Deno.test("[api] a guesser cannot lock the owner out of their account", async () => {
  const { app, db, close } = await openTestApp({
    config: loadConfig({ DATA_DIR: "./test-data", TRUST_PROXY: "1" }),
  });
  try {
    const owner = await createTestUser(db, await createTestCompany(db));
    const login = async (address: string, password: string) => {
      const res = await app.request("/api/auth/login", {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": address },
        body: JSON.stringify({ email: owner.email, password }),
      });
      return { status: res.status, body: await res.json() };
    };

    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await login("198.51.100.9", "guess")).status);
    const ownerIn = await login("203.0.113.20", owner.password);
    assert.equal(ownerIn.status, 200, "the owner from their own address signs in");
    assert.ok(ownerIn.body.token);

    assert.deepEqual(statuses.slice(0, 5), [401, 401, 401, 401, 401], "five free guesses");
    assert.ok(statuses.slice(5).every((status) => status === 429), "then the guesser waits");
    const held = await login("198.51.100.9", owner.password);
    assert.equal(held.status, 429, "the guessing address waits, even with the right password");
    assert.equal(held.body.error, "ERR_TOO_MANY_ATTEMPTS");
    assert.ok(held.body.retryAfter >= 1);
  } finally {
    await close();
  }
});
