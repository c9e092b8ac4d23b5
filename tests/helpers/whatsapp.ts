/** Calling the API as a given user, and making queues and connections for WhatsApp tests. */
import { type Db, sql } from "../../lib/db/mod.ts";
import { testToken } from "./company.ts";
import type { createApp } from "../../main.ts";
import type { TestUser } from "./accounts.ts";

type App = ReturnType<typeof createApp>;

export type Caller = (method: string, path: string, body?: unknown) => Promise<{
  status: number;
  // deno-lint-ignore no-explicit-any
  body: any;
}>;

export function accessTokenFor(
  jwtKey: Uint8Array,
  user: TestUser,
  profile: "user" | "admin" = "admin",
): Promise<string> {
  return testToken(jwtKey, { ...user, profile });
}

/** A function that calls the app with a fresh access token of `user`. */
export async function callerFor(
  app: App,
  jwtKey: Uint8Array,
  user: TestUser,
  profile: "user" | "admin" = "admin",
): Promise<Caller> {
  const token = await accessTokenFor(jwtKey, user, profile);
  return async (method, path, body) => {
    const res = await app.request(path, {
      method,
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: body === undefined || method === "GET" ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };
}

let counter = 0;

export async function createTestQueue(db: Db, companyId: number): Promise<number> {
  const n = ++counter;
  const row = await db.one<{ id: number }>(sql`
    insert into queues (company_id, name, color, order_queue)
    values (${companyId}, ${`Queue ${n}`}, ${`#${String(n).padStart(6, "0")}`}, ${n})
    returning id`);
  return row.id;
}
