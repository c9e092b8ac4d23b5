/**
 * Calls to the app as a signed-in user, for API tests that are not about signing in: the
 * access token is signed directly (the server still checks the user, its token version and
 * company on every call, and reads the profile fresh from the database).
 */
import type { createApp } from "../../main.ts";
import type { Db } from "../../lib/db/mod.ts";
import type { TestUser } from "./accounts.ts";
import { type CompanyUser, createCompanyWithUsers, testToken } from "./company.ts";

type App = ReturnType<typeof createApp>;

export interface Caller {
  user: TestUser;
  /** `Authorization: Bearer …` for this user. */
  headers: Record<string, string>;
  /** Sends JSON (or FormData as it is) and answers the response. */
  request(method: string, path: string, body?: unknown): Promise<Response>;
  /** Like `request`, and parses the JSON answer (undefined for an empty one). */
  // deno-lint-ignore no-explicit-any -- tests read answers field by field
  json<T = any>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }>;
}

export async function callerFor(app: App, jwtKey: Uint8Array, user: TestUser): Promise<Caller> {
  return callerWithToken(app, user, await testToken(jwtKey, { ...user, profile: "user" }));
}

function callerWithToken(app: App, user: TestUser, token: string): Caller {
  const headers = { Authorization: `Bearer ${token}` };
  async function request(method: string, path: string, body?: unknown) {
    const init: RequestInit = { method, headers };
    if (body instanceof FormData) {
      init.body = body;
    } else if (body !== undefined && method !== "GET" && method !== "HEAD") {
      init.headers = { ...headers, "Content-Type": "application/json" };
      init.body = JSON.stringify(body);
    }
    return await app.request(path, init);
  }
  return {
    user,
    headers,
    request,
    async json(method, path, body) {
      const res = await request(method, path, body);
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : undefined };
    },
  };
}

/**
 * The cast of most directory tests: company A's admin and agent, and company B's admin (the
 * outsider who must see none of A's records).
 */
export async function twoCompanyCallers(
  app: App,
  jwtKey: Uint8Array,
  db: Db,
): Promise<{ companyA: number; companyB: number; admin: Caller; agent: Caller; outsider: Caller }> {
  const a = await createCompanyWithUsers(db, jwtKey, { admin: {}, agent: { profile: "user" } });
  const b = await createCompanyWithUsers(db, jwtKey, { outsider: {} });
  const caller = (user: CompanyUser) => callerWithToken(app, user, user.token);
  return {
    companyA: a.companyId,
    companyB: b.companyId,
    admin: caller(a.users.admin),
    agent: caller(a.users.agent),
    outsider: caller(b.users.outsider),
  };
}
