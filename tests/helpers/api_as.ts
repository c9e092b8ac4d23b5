/**
 * Calling the API as a given user without going through login: a valid access token is
 * signed directly (login's own tests cover login), which keeps API tests fast.
 *
 * @example
 * const asAdmin = await apiAs(app, jwtKey, admin);
 * const res = await asAdmin("PUT", "/api/settings/call", { value: "disabled" });
 */
import { loadConfig } from "../../lib/config.ts";
import type { Hub } from "../../lib/realtime/mod.ts";
import { createApp } from "../../main.ts";
import { createTestApp } from "./app.ts";
import { loadJwtKey } from "../../services/accounts/secrets.ts";
import { createCompanyWithUsers, testToken } from "./company.ts";
import { openTestDb } from "./db.ts";

type App = ReturnType<typeof createApp>;

export interface ApiUser {
  id: number;
  companyId: number;
  profile?: "user" | "admin";
  super?: boolean;
}

export type ApiCall = (method: string, path: string, body?: unknown) => Promise<Response>;

export async function apiAs(app: App, jwtKey: Uint8Array, user: ApiUser): Promise<ApiCall> {
  const token = await testToken(jwtKey, user);
  return callWithToken(app, token);
}

/** Calls the app with `token` as `Authorization: Bearer`. */
function callWithToken(app: App, token: string): ApiCall {
  return async (method, path, body) => {
    // A FormData body goes as multipart (its boundary set by the request), a Blob as its bytes
    // with its own type (malformed bodies for the fuzz test), anything else as JSON.
    const multipart = body instanceof FormData;
    const raw = body instanceof Blob;
    const contentType = raw ? body.type : multipart ? undefined : "application/json";
    return await app.request(path, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        ...(contentType ? { "Content-Type": contentType } : {}),
      },
      body: body === undefined ? undefined : multipart || raw ? body : JSON.stringify(body),
    });
  };
}

/** The status and parsed JSON body of a response (null for an empty one). */
// deno-lint-ignore no-explicit-any -- tests read whatever JSON the endpoint answers
export async function answer(res: Response): Promise<{ status: number; body: any }> {
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

export interface Actors {
  /** The installation's company, where the super user works. */
  platformId: number;
  asSuper: ApiCall;
  /** A customer company with an admin and a plain user. */
  companyId: number;
  asAdmin: ApiCall;
  asAgent: ApiCall;
  /** Another customer company, for isolation checks. */
  otherId: number;
  asOtherAdmin: ApiCall;
}

/**
 * A test app (optionally with a realtime hub) and the usual cast of an administration
 * test: the super user, and two companies with their users.
 */
export async function openAppWithActors(
  options: { hub?: Hub; env?: Record<string, string> } = {},
) {
  const testDb = await openTestDb();
  const { db } = testDb;
  const jwtKey = await loadJwtKey(db);
  const app = createTestApp({
    db,
    config: loadConfig(options.env ?? {}),
    jwtKey,
    hub: options.hub,
  });
  const platform = await createCompanyWithUsers(db, jwtKey, { super: { super: true } });
  const company = await createCompanyWithUsers(db, jwtKey, {
    admin: {},
    agent: { profile: "user" },
  });
  const other = await createCompanyWithUsers(db, jwtKey, { admin: {} });
  const as = (user: { token: string }) => callWithToken(app, user.token);
  const actors: Actors = {
    platformId: platform.companyId,
    asSuper: as(platform.users.super),
    companyId: company.companyId,
    asAdmin: as(company.users.admin),
    asAgent: as(company.users.agent),
    otherId: other.companyId,
    asOtherAdmin: as(other.users.admin),
  };
  return { ...testDb, app, jwtKey, ...actors };
}
