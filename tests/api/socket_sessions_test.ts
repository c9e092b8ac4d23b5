/**
 * Sockets do not outlive their user (issue 15, security 2): when a user's password changes,
 * the user is deleted or demoted, or the company is blocked, expired or deleted, the hub
 * closes their open `/ws` sockets with CLOSE_SESSION_EXPIRED; the others stay open.
 */
import assert from "node:assert/strict";
import { CLOSE_SESSION_EXPIRED } from "../../lib/realtime/mod.ts";
import { issueResetCode } from "../../services/accounts/password_reset.ts";
import { createTestCompany, createTestUser } from "../helpers/accounts.ts";
import { openRealtimeTestApp } from "../helpers/realtime_app.ts";
import { signIn } from "../helpers/sign_in.ts";
import type { TestClient } from "../helpers/ws.ts";

Deno.test("[api] sockets are closed when their session becomes void", async (t) => {
  const env = await openRealtimeTestApp();
  const { app, db } = env;
  try {
    const platformId = await createTestCompany(db);
    const superUser = await createTestUser(db, platformId, { super: true });
    const superSession = await signIn(app, superUser);
    const as = (session: { token: string }) => (method: string, path: string, body?: unknown) =>
      app.request(path, {
        method,
        headers: { Authorization: `Bearer ${session.token}`, "Content-Type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const asSuper = as(superSession);

    /** A company with a signed-in admin and agent, each with an open socket. */
    const company = async () => {
      const id = await createTestCompany(db);
      const admin = await createTestUser(db, id);
      const agent = await createTestUser(db, id, { profile: "user" });
      const adminSession = await signIn(app, admin);
      const agentSession = await signIn(app, agent);
      return {
        id,
        admin,
        agent,
        asAdmin: as(adminSession),
        adminSocket: await env.connect({ Authorization: `Bearer ${adminSession.token}` }),
        agentSocket: await env.connect({ Authorization: `Bearer ${agentSession.token}` }),
      };
    };

    /** Closed as "session expired" within a few seconds (pings would close it much later). */
    const assertEnded = async (socket: TestClient) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), 3000)));
      const closed = await Promise.race([socket.closed, late]);
      clearTimeout(timer);
      assert.equal(closed?.code, CLOSE_SESSION_EXPIRED, "the socket was closed as session expired");
    };
    /** Still open and still receiving: a company event reaches it after the change. */
    const assertLive = async (socket: TestClient, companyId: number) => {
      const marker = crypto.randomUUID();
      await env.hub.publish(`company-${companyId}`, `company-${companyId}-contact`, { marker });
      assert.deepEqual((await socket.next(`company-${companyId}-contact`)).data, { marker });
    };

    await t.step("an admin changes an agent's password: the agent's socket closes", async () => {
      const c = await company();
      const res = await c.asAdmin("PUT", `/api/users/${c.agent.id}`, { password: "N3w-pass-word" });
      assert.equal(res.status, 200);
      await assertEnded(c.agentSocket);
      await assertLive(c.adminSocket, c.id);
    });

    await t.step("a name change leaves the socket open", async () => {
      const c = await company();
      const res = await c.asAdmin("PUT", `/api/users/${c.agent.id}`, { name: "Renamed" });
      assert.equal(res.status, 200);
      await assertLive(c.agentSocket, c.id);
    });

    await t.step(
      "a demoted admin's socket closes (it must sign in with the new profile)",
      async () => {
        const c = await company();
        const second = await createTestUser(db, c.id);
        const secondSession = await signIn(app, second);
        const secondSocket = await env.connect({ Authorization: `Bearer ${secondSession.token}` });
        const res = await c.asAdmin("PUT", `/api/users/${second.id}`, { profile: "user" });
        assert.equal(res.status, 200);
        await assertEnded(secondSocket);
        await assertLive(c.agentSocket, c.id);
      },
    );

    await t.step("a deleted user's socket closes", async () => {
      const c = await company();
      const res = await c.asAdmin("DELETE", `/api/users/${c.agent.id}`);
      assert.equal(res.status, 204);
      await assertEnded(c.agentSocket);
      await assertLive(c.adminSocket, c.id);
    });

    await t.step("a password reset closes the user's sockets", async () => {
      const c = await company();
      const issued = await issueResetCode(db, env.jwtKey, c.agent.email);
      const res = await app.request("/api/resetpasswords", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email: c.agent.email, token: issued!.code, password: "Abcdefg1" }),
      });
      assert.equal(res.status, 200);
      await assertEnded(c.agentSocket);
      await assertLive(c.adminSocket, c.id);
    });

    await t.step("blocking a company closes every socket of it, and only of it", async () => {
      const blocked = await company();
      const other = await company();
      const res = await asSuper("PUT", `/api/companies/${blocked.id}`, { status: false });
      assert.equal(res.status, 200);
      await assertEnded(blocked.adminSocket);
      await assertEnded(blocked.agentSocket);
      await assertLive(other.agentSocket, other.id);
    });

    await t.step("a due date moved into the past closes the company's sockets", async () => {
      const c = await company();
      const res = await asSuper("PUT", `/api/companies/${c.id}`, { dueDate: "2020-01-01" });
      assert.equal(res.status, 200);
      await assertEnded(c.adminSocket);
      await assertEnded(c.agentSocket);
    });

    await t.step("editing a company's name keeps its sockets", async () => {
      const c = await company();
      const res = await asSuper("PUT", `/api/companies/${c.id}`, { name: `Renamed ${c.id}` });
      assert.equal(res.status, 200);
      await assertLive(c.agentSocket, c.id);
    });

    await t.step("deleting a company closes its sockets", async () => {
      const c = await company();
      const res = await asSuper("DELETE", `/api/companies/${c.id}`);
      assert.equal(res.status, 204);
      await assertEnded(c.adminSocket);
      await assertEnded(c.agentSocket);
    });
  } finally {
    await env.close();
  }
});
