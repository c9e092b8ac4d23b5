/**
 * The realtime auth event that signs a user out of other places (core §4 "Session"): each
 * sign-in has its own id, carried by the event, kept across refreshes and reported by
 * /api/auth/me, so a tab can tell its own sign-in from someone else's.
 */
import { createTestApp } from "../helpers/app.ts";
import assert from "node:assert/strict";
import { loadConfig } from "../../lib/config.ts";
import { sql } from "../../lib/db/mod.ts";
import type { Hub } from "../../lib/realtime/mod.ts";
import { loadJwtKey } from "../../services/accounts/secrets.ts";
import { createTestCompany, createTestUser } from "../helpers/accounts.ts";
import { openTestDb } from "../helpers/db.ts";
import { cookiesOf, signIn } from "../helpers/sign_in.ts";

interface Published {
  room: string;
  channel: string;
  data: { action: string; user: { id: number }; sessionId: string };
}

Deno.test("[api] each sign-in publishes its own id, which refreshes keep and me reports", async () => {
  const { db, close } = await openTestDb();
  try {
    const published: Published[] = [];
    const hub = {
      publish: (room: string, channel: string, data: unknown) => {
        published.push({ room, channel, data: data as Published["data"] });
        return Promise.resolve();
      },
    } as unknown as Hub;
    const app = createTestApp({ db, config: loadConfig({}), jwtKey: await loadJwtKey(db), hub });
    const companyId = await createTestCompany(db);
    const user = await createTestUser(db, companyId);

    const first = await signIn(app, user);
    const second = await signIn(app, user);
    assert.equal(published.length, 2);
    for (const event of published) {
      assert.equal(event.room, `user-${user.id}`);
      assert.equal(event.channel, `company-${companyId}-auth`);
      assert.equal(event.data.action, "update");
      assert.equal(event.data.user.id, user.id);
      assert.match(event.data.sessionId, /^[0-9a-f]{24}$/);
    }
    const [firstId, secondId] = published.map((event) => event.data.sessionId);
    assert.notEqual(firstId, secondId);

    const me = async (cookie: string) =>
      (await (await app.request("/api/auth/me", { headers: { Cookie: cookie } })).json())
        .sessionId;
    assert.equal(await me(first.cookie), firstId);
    assert.equal(await me(second.cookie), secondId);

    // A refresh rotates the tokens but stays the same sign-in.
    const refreshed = await app.request("/api/auth/refresh_token", {
      method: "POST",
      headers: { Cookie: `jrt=${first.refresh}` },
    });
    assert.equal(refreshed.status, 200);
    assert.equal(await me(`token=${cookiesOf(refreshed).token}`), firstId);
    assert.equal(published.length, 2, "a refresh is not a new sign-in");
    // The id does not give away the refresh-token family it is derived from.
    const family = await db.one<{ family: string }>(sql`select family::text from refresh_tokens
      where user_id = ${user.id} order by id limit 1`);
    assert.ok(!family.family.includes(firstId!) && !firstId!.includes(family.family));
  } finally {
    await close();
  }
});
