/**
 * The islands' API client against a scripted `fetch`: each test lists the answers the
 * "server" gives and checks the requests that were made, so the session rules (refresh once
 * on 403, sign out on 401) are checked without a server.
 */
import assert from "node:assert/strict";
import { initClientI18n } from "../i18n/client.ts";
import { i18nClientData } from "../i18n/mod.ts";
import { api, ApiError, configureApi, errorMessage, REFRESH_PATH, resetApi } from "./api.ts";

interface Call {
  url: string;
  method: string;
  init: RequestInit;
}

/** A fake server: `route` answers each request; every request is recorded. */
function fakeServer(route: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  let signedOut = 0;
  configureApi({
    baseUrl: "http://app.test",
    fetch: (input, init = {}) => {
      const call = { url: String(input), method: init.method ?? "GET", init };
      calls.push(call);
      return Promise.resolve(route(call));
    },
    onSignedOut: () => signedOut++,
  });
  return {
    calls,
    signedOut: () => signedOut,
    paths: () => calls.map((c) => `${c.method} ${c.url.replace("http://app.test", "")}`),
  };
}

const json = (body: unknown, status = 200) => Response.json(body, { status });

/** The ApiError a call rejects with (fails the test if it resolves or throws something else). */
async function failure(call: Promise<unknown>): Promise<ApiError> {
  const err = await call.then(() => assert.fail("the call should have failed"), (e) => e);
  assert.ok(err instanceof ApiError, `not an ApiError: ${err}`);
  return err;
}

function test(name: string, fn: () => Promise<void> | void) {
  Deno.test(`api client - ${name}`, async () => {
    resetApi();
    try {
      await fn();
    } finally {
      resetApi();
    }
  });
}

test("a GET sends cookies, asks for JSON and encodes the query", async () => {
  const server = fakeServer(() => json({ tickets: [], hasMore: false }));
  const page = await api<{ hasMore: boolean }>("/api/tickets", {
    query: { pageNumber: 2, searchParam: "ana & bia", status: null, queueIds: [1, 3] },
  });
  assert.deepEqual(page, { tickets: [], hasMore: false });
  assert.deepEqual(server.paths(), [
    "GET /api/tickets?pageNumber=2&searchParam=ana+%26+bia&queueIds=1&queueIds=3",
  ]);
  const init = server.calls[0]!.init;
  assert.equal(init.credentials, "same-origin");
  assert.equal((init.headers as Record<string, string>).accept, "application/json");
});

test("a plain body is sent as JSON; FormData as it is", async () => {
  const server = fakeServer(() => new Response(null, { status: 204 }));
  assert.equal(await api("/api/tickets/7", { method: "PUT", body: { status: "open" } }), undefined);
  const form = new FormData();
  form.append("body", "hello");
  form.append("medias", new Blob(["x"], { type: "image/png" }), "a.png");
  await api("/api/messages/7", { method: "POST", body: form });

  const [put, post] = server.calls;
  assert.equal(put!.init.body, '{"status":"open"}');
  assert.equal((put!.init.headers as Record<string, string>)["content-type"], "application/json");
  assert.equal(post!.init.body, form, "the FormData object itself, not a JSON text");
  assert.equal(
    (post!.init.headers as Record<string, string>)["content-type"],
    undefined,
    "fetch must set the multipart boundary itself",
  );
});

test("an {error} answer throws ApiError with its code and fields", async () => {
  fakeServer(() =>
    json({ error: "ERR_VALIDATION", fields: { name: { code: "ERR_REQUIRED" } } }, 400)
  );
  const err = await failure(api("/api/contacts", { method: "POST", body: {} }));
  assert.ok(err instanceof ApiError);
  assert.equal(err.status, 400);
  assert.equal(err.code, "ERR_VALIDATION");
  assert.deepEqual(err.fields, { name: { code: "ERR_REQUIRED" } });
});

test("the answer's other fields travel as details and fill the translated message", async () => {
  fakeServer(() => json({ error: "ERR_USER_LIMIT_REACHED", limit: 3 }, 403));
  const err = await failure(api("/api/users", { method: "POST", body: {}, session: false }));
  assert.deepEqual(err.details, { limit: 3 });
  initClientI18n(i18nClientData("en"));
  assert.match(errorMessage(err), /\b3 users\b/);
  fakeServer(() => json({ error: "ERR_NOT_FOUND" }, 404));
  assert.deepEqual((await failure(api("/api/users/9"))).details, {});
});

test("an error answer's other fields stay readable in details", async () => {
  const existingContact = { id: 3, name: "Carla", number: "5511987654321" };
  fakeServer(() =>
    json({ error: "ERR_DUPLICATED_CONTACT", alreadyExists: true, existingContact }, 409)
  );
  const err = await failure(api("/api/contacts", { method: "POST", body: {} }));
  assert.equal(err.code, "ERR_DUPLICATED_CONTACT");
  assert.deepEqual(err.details?.existingContact, existingContact);
  assert.equal(err.details?.alreadyExists, true);
});

test("an answer without a code, and an unreachable server, still give an ApiError", async () => {
  fakeServer(() => new Response("Bad gateway", { status: 502 }));
  const bad = await failure(api("/api/x"));
  assert.deepEqual([bad.status, bad.code, bad.fields], [502, "ERR_HTTP_502", undefined]);

  configureApi({ fetch: () => Promise.reject(new TypeError("connection refused")) });
  const offline = await failure(api("/api/x"));
  assert.deepEqual([offline.status, offline.code], [0, "ERR_NETWORK"]);
});

test("an aborted call rejects with the abort, not as a network error", async () => {
  configureApi({
    baseUrl: "http://app.test",
    fetch: (_input, init) => Promise.reject(init?.signal?.reason),
  });
  const controller = new AbortController();
  controller.abort();
  const err = await api("/api/x", { signal: controller.signal }).catch((e: unknown) => e);
  assert.equal(err, controller.signal.reason);
});

test("403: one refresh, then the call is retried once and succeeds", async () => {
  let fresh = false;
  const server = fakeServer(({ url }) => {
    if (url.endsWith(REFRESH_PATH)) {
      fresh = true;
      return json({ token: "t" });
    }
    return fresh ? json({ id: 7 }) : json({ error: "ERR_SESSION_EXPIRED" }, 403);
  });
  assert.deepEqual(await api("/api/tickets/7"), { id: 7 });
  assert.deepEqual(server.paths(), [
    "GET /api/tickets/7",
    `POST ${REFRESH_PATH}`,
    "GET /api/tickets/7",
  ]);
  assert.equal(server.signedOut(), 0);
});

test("403 again after the refresh is thrown, not retried a second time", async () => {
  const server = fakeServer(({ url }) =>
    url.endsWith(REFRESH_PATH) ? json({}) : json({ error: "ERR_NO_PERMISSION" }, 403)
  );
  const err = await failure(api("/api/settings"));
  assert.deepEqual([err.status, err.code], [403, "ERR_NO_PERMISSION"]);
  assert.equal(server.calls.length, 3);
  assert.equal(server.signedOut(), 0);
});

test("concurrent 403s share one refresh", async () => {
  let releaseRefresh!: () => void;
  const refreshGate = new Promise<void>((resolve) => (releaseRefresh = resolve));
  let fresh = false;
  const server = fakeServer(async ({ url }) => {
    if (url.endsWith(REFRESH_PATH)) {
      await refreshGate;
      fresh = true;
      return json({});
    }
    return fresh ? json({ url }) : json({ error: "ERR_SESSION_EXPIRED" }, 403);
  });
  const calls = [api("/api/a"), api("/api/b"), api("/api/c")];
  // Let all three 403s arrive while the refresh is still pending.
  while (server.calls.length < 4) await Promise.resolve();
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.equal(server.calls.length, 4, "the other 403s wait for the refresh in flight");
  releaseRefresh();
  const results = await Promise.all(calls);
  assert.equal(results.length, 3);
  assert.equal(server.paths().filter((p) => p.endsWith(REFRESH_PATH)).length, 1);
  assert.equal(server.calls.length, 7, "three calls, one refresh, three retries");
});

test("a refused refresh signs out and throws ERR_SESSION_EXPIRED", async () => {
  const server = fakeServer(({ url }) =>
    url.endsWith(REFRESH_PATH)
      ? json({ error: "ERR_SESSION_EXPIRED" }, 401)
      : json({ error: "ERR_SESSION_EXPIRED" }, 403)
  );
  const err = await failure(api("/api/tickets"));
  assert.deepEqual([err.status, err.code], [401, "ERR_SESSION_EXPIRED"]);
  assert.equal(server.signedOut(), 1);
  assert.equal(server.calls.length, 2, "no retry without a session");
});

test("a refresh that cannot reach the server does not sign out", async () => {
  const server = fakeServer(({ url }) => {
    if (url.endsWith(REFRESH_PATH)) throw new TypeError("offline");
    return json({ error: "ERR_SESSION_EXPIRED" }, 403);
  });
  const err = await failure(api("/api/tickets"));
  assert.equal(err.code, "ERR_NETWORK");
  assert.equal(server.signedOut(), 0);
});

test("401 signs out at once, without a refresh", async () => {
  const server = fakeServer(() => json({ error: "ERR_SESSION_EXPIRED" }, 401));
  const err = await failure(api("/api/tickets"));
  assert.deepEqual([err.status, err.code], [401, "ERR_SESSION_EXPIRED"]);
  assert.equal(server.signedOut(), 1);
  assert.deepEqual(server.paths(), ["GET /api/tickets"]);
});

test("a wrong password on login is an error, not a sign-out", async () => {
  const server = fakeServer(() => json({ error: "ERR_INVALID_CREDENTIALS" }, 401));
  const err = await failure(api("/api/auth/login", { method: "POST", body: {} }));
  assert.equal(err.code, "ERR_INVALID_CREDENTIALS");
  assert.equal(server.signedOut(), 0);
});

test("the default sign-out goes to /login", async () => {
  const assigned: string[] = [];
  const location = globalThis.location;
  Object.defineProperty(globalThis, "location", {
    value: { assign: (url: string) => assigned.push(url) },
    configurable: true,
  });
  try {
    configureApi({ baseUrl: "http://app.test", fetch: () => Promise.resolve(json({}, 401)) });
    await api("/api/tickets").catch(() => {});
    assert.deepEqual(assigned, ["/login"]);
  } finally {
    Object.defineProperty(globalThis, "location", { value: location, configurable: true });
  }
});

test("errorMessage translates known codes and falls back to the generic text", () => {
  initClientI18n(i18nClientData("en"));
  assert.equal(errorMessage(new ApiError(404, "ERR_NOT_FOUND")), "Record not found.");
  assert.equal(
    errorMessage(new ApiError(401, "ERR_SESSION_EXPIRED")),
    "Session expired. Please sign in again.",
  );
  assert.equal(errorMessage(new ApiError(502, "ERR_HTTP_502")), "An error occurred!");
  assert.equal(errorMessage(new Error("boom")), "An error occurred!");
  initClientI18n(i18nClientData("pt-BR"));
  assert.equal(errorMessage(new ApiError(0, "ERR_NETWORK")).startsWith("Não foi possível"), true);
});
