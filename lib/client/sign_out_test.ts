/** `endSession` against a scripted `fetch`: the logout, and its one retry after a refresh. */
import assert from "node:assert/strict";
import { configureApi, REFRESH_PATH, resetApi } from "./api.ts";
import { endSession } from "./sign_out.ts";
import { setSharedRealtime } from "./session.ts";
import type { RealtimeClient } from "./realtime.ts";

function server(answers: Record<string, number[]>) {
  const calls: string[] = [];
  configureApi({
    baseUrl: "http://app.test",
    fetch: (input, init = {}) => {
      const path = String(input).replace("http://app.test", "");
      calls.push(`${init.method ?? "GET"} ${path}`);
      const status = answers[path]?.shift() ?? 500;
      return Promise.resolve(
        status === 204 ? new Response(null, { status }) : Response.json({}, { status }),
      );
    },
    onSignedOut: () => calls.push("signed out"),
  });
  return calls;
}

Deno.test("endSession: one logout when the session is good", async () => {
  try {
    const calls = server({ "/api/auth/logout": [204] });
    await endSession();
    assert.deepEqual(calls, ["DELETE /api/auth/logout"]);
  } finally {
    resetApi();
  }
});

Deno.test("endSession: a stale token (403) is refreshed once, then the logout is retried", async () => {
  try {
    const calls = server({ "/api/auth/logout": [403, 204], [REFRESH_PATH]: [200] });
    await endSession();
    assert.deepEqual(calls, [
      "DELETE /api/auth/logout",
      `POST ${REFRESH_PATH}`,
      "DELETE /api/auth/logout",
    ]);
  } finally {
    resetApi();
  }
});

Deno.test("endSession never throws: refused refresh, server errors, no network", async () => {
  try {
    const refused = server({ "/api/auth/logout": [403], [REFRESH_PATH]: [401] });
    await endSession();
    assert.deepEqual(refused, ["DELETE /api/auth/logout", `POST ${REFRESH_PATH}`]);
    const broken = server({ "/api/auth/logout": [500] });
    await endSession();
    assert.deepEqual(broken, ["DELETE /api/auth/logout"]);
    configureApi({ fetch: () => Promise.reject(new TypeError("offline")) });
    await endSession();
  } finally {
    resetApi();
  }
});

Deno.test("endSession closes the tab's socket before the logout ends its session", async () => {
  try {
    const calls = server({ "/api/auth/logout": [204] });
    setSharedRealtime({ close: () => calls.push("socket closed") } as unknown as RealtimeClient);
    await endSession();
    assert.deepEqual(calls, ["socket closed", "DELETE /api/auth/logout"]);
  } finally {
    setSharedRealtime(null);
    resetApi();
  }
});
