/** Signed-in calls for the contacts API tests: a Bearer token per test user, JSON in and out. */
import { testToken } from "./company.ts";
import type { openTestApp } from "./app.ts";
import type { TestUser } from "./accounts.ts";

type App = Awaited<ReturnType<typeof openTestApp>>["app"];

export interface Caller {
  /** The access token, e.g. for `/ws?token=`. */
  token: string;
  headers: Record<string, string>;
  json(method: string, path: string, body?: unknown): Promise<Response>;
  /** Sends `file` as the multipart field `file`. */
  upload(path: string, file: File): Promise<Response>;
}

export async function callerFor(
  app: App,
  jwtKey: Uint8Array,
  user: TestUser,
  profile: "user" | "admin",
): Promise<Caller> {
  const token = await testToken(jwtKey, { ...user, profile });
  const headers = { Authorization: `Bearer ${token}` };
  return {
    token,
    headers,
    json: async (method, path, body) =>
      await app.request(path, {
        method,
        headers: { ...headers, "Content-Type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    async upload(path, file) {
      const form = new FormData();
      form.append("file", file);
      return await app.request(path, { method: "POST", headers, body: form });
    },
  };
}
