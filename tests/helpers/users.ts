/**
 * For tests of the users API: access tokens minted for test users (signing in through
 * /api/auth/login would run into its rate limit), JSON calls, and queues.
 */
import { type Db, sql } from "../../lib/db/mod.ts";
import { testToken } from "./company.ts";
import type { TestUser } from "./accounts.ts";

type App = { request(path: string, init?: RequestInit): Response | Promise<Response> };

/** A valid access token for the user as stored now (profile, super, token version). */
export async function tokenFor(db: Db, jwtKey: Uint8Array, user: TestUser): Promise<string> {
  const row = await db.one<{ profile: "user" | "admin"; super: boolean; token_version: number }>(
    sql`select profile, super, token_version from users where id = ${user.id}`,
  );
  return await testToken(jwtKey, {
    ...user,
    profile: row.profile,
    super: row.super,
    tokenVersion: row.token_version,
  });
}

/** A JSON call with a Bearer token (or none); answers the status and the parsed body. */
export async function call(
  app: App,
  method: string,
  path: string,
  token: string | null,
  body?: unknown,
  // deno-lint-ignore no-explicit-any
): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await app.request(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

let queueCounter = 0;

export async function createTestQueue(
  db: Db,
  companyId: number,
  options: { name?: string; color?: string } = {},
): Promise<{ id: number; name: string; color: string }> {
  const n = ++queueCounter;
  const name = options.name ?? `Fila ${n}`;
  const color = options.color ?? `#${(0x100000 + n * 7919).toString(16).slice(-6)}`;
  const row = await db.one<{ id: number }>(
    sql`insert into queues (company_id, name, color) values (${companyId}, ${name}, ${color})
      returning id`,
  );
  return { id: row.id, name, color };
}

/** A connection row of `companyId` (sandbox, never started), for tests that only need its id. */
export async function createTestConnection(db: Db, companyId: number): Promise<number> {
  const row = await db.one<{ id: number }>(sql`
    insert into whatsapps (company_id, name, provider, token)
    values (${companyId}, ${`Conexão ${crypto.randomUUID().slice(0, 8)}`}, 'sandbox',
            ${crypto.randomUUID()})
    returning id`);
  return row.id;
}
