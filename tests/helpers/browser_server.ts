/**
 * The browser suite's common ground: a real server on its own embedded database with a known
 * super user, the API called with a signed-in user's token, and Chromium pages signed in as
 * that user with the page's errors collected.
 */
import assert from "node:assert/strict";
import type { Browser, Page } from "puppeteer-core";
import { startServer } from "../../main.ts";
import { loadConfig } from "../../lib/config.ts";
import type { Db } from "../../lib/db/mod.ts";

export const ADMIN_EMAIL = "admin@example.com";
export const ADMIN_PASSWORD = "Browser-test-1";

export interface TestServer {
  url: string;
  /** The server's own database, for a test that sets up what no page can make quickly. */
  db: Db;
  /** Signs in through the API; answers the access token. */
  signIn(email?: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

export async function startTestServer(
  prefix: string,
  env: Record<string, string> = {},
): Promise<TestServer> {
  const dataDir = await Deno.makeTempDir({ prefix: `balcao-browser-${prefix}-` });
  const originalLog = console.log;
  console.log = () => {}; // the first start prints the super user and the URL
  const server = await startServer(
    loadConfig({
      PORT: "0",
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN_EMAIL,
      ADMIN_PASSWORD: ADMIN_PASSWORD,
      ...env,
    }),
  ).finally(() => console.log = originalLog);
  return {
    url: server.url,
    db: server.db,
    async signIn(email = ADMIN_EMAIL, password = ADMIN_PASSWORD) {
      const res = await fetch(`${server.url}/api/auth/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email, password }),
      });
      assert.equal(res.status, 200, `signing in as ${email}`);
      return (await res.json()).token as string;
    },
    async close() {
      await server.shutdown();
      await Deno.remove(dataDir, { recursive: true });
    },
  };
}

/** JSON calls as the user of `token`; a call that fails fails the test. */
export function apiWith(url: string, token: string) {
  return async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    assert.ok(res.ok, `${method} ${path}: ${res.status}`);
    return res.status === 204 ? null : await res.json();
  };
}

/** A page signed in with `token`, in pt-BR; uncaught errors of the page land in `errors`. */
export async function signedInPage(
  /** A browser, or one of its contexts (a second user needs cookies of their own). */
  browser: Pick<Browser, "newPage">,
  url: string,
  token: string,
  errors: string[],
): Promise<Page> {
  const page = await browser.newPage();
  page.on("pageerror", (err) => errors.push(String(err)));
  await page.setViewport({ width: 1280, height: 800 });
  await page.setCookie(
    { name: "token", value: token, url },
    { name: "lang", value: "pt-BR", url },
  );
  return page;
}

/** Clicks the button of `scope` whose text is `text`, once it is there and enabled. */
export async function clickButton(page: Page, scope: string, text: string): Promise<void> {
  const handle = await page.waitForFunction(
    (selector, wanted) =>
      [...document.querySelectorAll(selector)].find((el) =>
        el.textContent?.trim() === wanted && !(el as HTMLButtonElement).disabled
      ),
    { timeout: 10_000 },
    `${scope} button`,
    text,
  );
  await (handle as unknown as { click(): Promise<void> }).click();
}

/** Waits until the page's text (or an element's) contains `text`. */
export async function waitForText(page: Page, text: string, selector = "body") {
  await page.waitForFunction(
    (sel, wanted) => document.querySelector(sel)?.textContent?.includes(wanted as string),
    // Interval polling: a tab in the background gets no animation frames.
    { timeout: 15_000, polling: 100 },
    selector,
    text,
  );
}

/** A 1×1 PNG, drawn by hand: the smallest real picture to send. */
export const PNG_PIXEL = Uint8Array.from(
  atob(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  ),
  (c) => c.charCodeAt(0),
);

/** A default sandbox connection named Loja, started and paired: customers can write. */
export async function pairedSandbox(api: ReturnType<typeof apiWith>): Promise<{ id: number }> {
  const connection = await api("POST", "/api/whatsapp", {
    name: "Loja",
    provider: "sandbox",
    isDefault: true,
  });
  await api("POST", `/api/whatsappsession/${connection.id}`);
  await api("POST", `/api/sandbox/${connection.id}/pair`);
  return connection;
}
