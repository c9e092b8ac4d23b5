/**
 * Calling the API as a given user without going through login: a valid access token is
 * signed directly (login's own tests cover login), which keeps API tests fast.
 *
 * @example
 * const asAdmin = await apiAs(app, jwtKey, admin);
 * const res = await asAdmin("PUT", "/api/settings/call", { value: "disabled" });
 */
import { signAccessToken } from "../../lib/auth/tokens.ts";
import { loadConfig } from "../../lib/config.ts";
import type { Hub } from "../../lib/realtime/mod.ts";
import { createApp } from "../../main.ts";
import { loadJwtKey } from "../../services/accounts/secrets.ts";
import { createTestCompany, createTestUser } from "./accounts.ts";
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
  const token = await signAccessToken({
    userId: user.id,
    companyId: user.companyId,
    profile: user.profile ?? "admin",
    super: user.super ?? false,
    tokenVersion: 0,
  }, jwtKey);
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
export async function openAppWithActors(options: { hub?: Hub } = {}) {
  const testDb = await openTestDb();
  const { db } = testDb;
  const jwtKey = await loadJwtKey(db);
  const app = createApp({ db, config: loadConfig({}), jwtKey, hub: options.hub });
  const as = async (companyId: number, user: { profile?: "user" | "admin"; super?: boolean }) =>
    await apiAs(app, jwtKey, await createTestUser(db, companyId, user));
  const platformId = await createTestCompany(db);
  const companyId = await createTestCompany(db);
  const otherId = await createTestCompany(db);
  const actors: Actors = {
    platformId,
    asSuper: await as(platformId, { super: true }),
    companyId,
    asAdmin: await as(companyId, {}),
    asAgent: await as(companyId, { profile: "user" }),
    otherId,
    asOtherAdmin: await as(otherId, {}),
  };
  return { ...testDb, app, jwtKey, ...actors };
}
