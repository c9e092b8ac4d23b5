/**
 * A scripted server for island tests: `routes` answers `"METHOD /path"` (query left out)
 * with a body, or `[status, body]`; every request is recorded with its JSON body. Unknown
 * routes answer 404, which tests notice as a failed call.
 *
 * @example
 * const server = fakeApi({ "GET /api/plans": () => ({ plans: [], hasMore: false }) });
 * // …render, interact…
 * assert.deepEqual(server.calls.map((c) => c.route), ["GET /api/plans"]);
 */
import { configureApi, resetApi } from "../../lib/client/api.ts";

export interface FakeCall {
  route: string;
  query: URLSearchParams;
  body: unknown;
}

export type FakeAnswer = unknown | [number, unknown];
export type FakeRoutes = Record<string, (call: FakeCall) => FakeAnswer>;

export function fakeApi(routes: FakeRoutes) {
  const calls: FakeCall[] = [];
  resetApi();
  configureApi({
    baseUrl: "http://app.test",
    onSignedOut: () => {},
    fetch: (input, init = {}) => {
      const url = new URL(String(input));
      const route = `${init.method ?? "GET"} ${url.pathname}`;
      const body = typeof init.body === "string" ? JSON.parse(init.body) : undefined;
      const call = { route, query: url.searchParams, body };
      calls.push(call);
      const handler = routes[route];
      const answer = handler ? handler(call) : [404, { error: "ERR_NOT_FOUND" }];
      const [status, payload] = Array.isArray(answer) && typeof answer[0] === "number" &&
          answer.length === 2
        ? answer as [number, unknown]
        : [200, answer];
      return Promise.resolve(
        payload === undefined ? new Response(null, { status: 204 }) : Response.json(payload, {
          status,
        }),
      );
    },
  });
  return { calls, routes: () => calls.map((call) => call.route) };
}
