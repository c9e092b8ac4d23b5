/** Signs a test user in through the real login endpoint and hands back its cookies. */
import type { Hono } from "hono";
import type { AppEnv } from "../../lib/http/env.ts";
import type { TestUser } from "./accounts.ts";

export interface SignedIn {
  /** A `Cookie` header value with the access and refresh cookies. */
  cookie: string;
  token: string;
  refresh: string;
  body: { token: string; user: { id: number } };
}

/** name → value of the cookies a response sets. */
export function cookiesOf(res: Response): Record<string, string> {
  const jar: Record<string, string> = {};
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(";");
    const [name, ...value] = pair!.split("=");
    jar[name!.trim()] = value.join("=");
  }
  return jar;
}

export async function signIn(app: Hono<AppEnv>, user: TestUser): Promise<SignedIn> {
  const res = await app.request("/api/auth/login", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  if (res.status !== 200) throw new Error(`login answered ${res.status}: ${await res.text()}`);
  const body = await res.json();
  const jar = cookiesOf(res);
  return {
    cookie: `token=${jar.token}; jrt=${jar.jrt}`,
    token: jar.token!,
    refresh: jar.jrt!,
    body,
  };
}
