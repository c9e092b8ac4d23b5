import assert from "node:assert/strict";
import { AppError } from "../http/errors.ts";
import { checkSavedUrl, isPublicAddress, outboundFetch, type Resolve } from "./outbound.ts";

/** A local server (a private address: only reachable when allowed) for one test. */
async function withServer(
  handler: (request: Request) => Response | Promise<Response>,
  test: (origin: string, hostPort: string) => Promise<void>,
) {
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen() {} }, handler);
  try {
    await test(`http://127.0.0.1:${server.addr.port}`, `127.0.0.1:${server.addr.port}`);
  } finally {
    await server.shutdown();
  }
}

async function refusal(call: Promise<unknown>): Promise<string> {
  try {
    await call;
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
  assert.fail("the call was not refused");
}

Deno.test("[outbound] private, loopback, link-local and reserved addresses are not public", () => {
  for (
    const address of [
      "127.0.0.1",
      "10.1.2.3",
      "172.16.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "::1",
      "::",
      "fd00::1",
      "fe80::1",
      "::ffff:127.0.0.1",
      "::ffff:10.0.0.1",
      "not an address",
    ]
  ) assert.equal(isPublicAddress(address), false, address);
  for (const address of ["8.8.8.8", "1.1.1.1", "2606:4700:4700::1111", "172.32.0.1"]) {
    assert.equal(isPublicAddress(address), true, address);
  }
});

Deno.test("[outbound] addresses a tenant may not reach are refused before any connection", async () => {
  for (
    const url of [
      "http://127.0.0.1:1/",
      "http://10.0.0.8/hook",
      "http://169.254.169.254/latest/meta-data/",
      "http://[::1]/",
      "http://[::ffff:127.0.0.1]/",
      "http://localhost/",
    ]
  ) assert.equal(await refusal(outboundFetch(url)), "ERR_OUTBOUND_HOST_REFUSED", url);
  assert.equal(await refusal(outboundFetch("ftp://example.com/")), "ERR_OUTBOUND_URL_SCHEME");
  assert.equal(await refusal(outboundFetch("file:///etc/passwd")), "ERR_OUTBOUND_URL_SCHEME");
  assert.equal(await refusal(outboundFetch("not a url")), "ERR_OUTBOUND_URL_INVALID");
  assert.equal(
    await refusal(outboundFetch("http://user:pass@example.com/")),
    "ERR_OUTBOUND_URL_CREDENTIALS",
  );
});

Deno.test("[outbound] a name is refused when any address it resolves to is private", async () => {
  const resolve: Resolve = (host) =>
    Promise.resolve(
      ({ "intranet.example": ["10.0.0.5"], "mixed.example": ["8.8.8.8", "192.168.0.2"] })[host] ??
        [],
    );
  assert.equal(
    await refusal(outboundFetch("http://intranet.example/", {}, { resolve })),
    "ERR_OUTBOUND_HOST_REFUSED",
  );
  assert.equal(
    await refusal(outboundFetch("http://mixed.example/", {}, { resolve })),
    "ERR_OUTBOUND_HOST_REFUSED",
  );
  assert.equal(
    await refusal(outboundFetch("http://nowhere.example/", {}, { resolve })),
    "ERR_OUTBOUND_HOST_NOT_FOUND",
  );
});

Deno.test("[outbound] a host listed in ALLOW_PRIVATE_HOSTS is reached, its answer read", async () => {
  await withServer(
    async (request) => Response.json({ method: request.method, body: await request.text() }),
    async (origin, hostPort) => {
      const answer = await outboundFetch(
        `${origin}/hook`,
        { method: "POST", body: "oi" },
        { allowPrivateHosts: [hostPort] },
      );
      assert.equal(answer.status, 200);
      assert.deepEqual(answer.json(), { method: "POST", body: "oi" });
      // The host alone allows every port of it; another host stays refused.
      assert.equal(
        (await outboundFetch(origin, {}, { allowPrivateHosts: ["127.0.0.1"] })).status,
        200,
      );
      assert.equal(
        await refusal(outboundFetch(origin, {}, { allowPrivateHosts: ["127.0.0.2"] })),
        "ERR_OUTBOUND_HOST_REFUSED",
      );
    },
  );
});

Deno.test("[outbound] a redirect to a refused address is not followed", async () => {
  await withServer(
    (request) => {
      const path = new URL(request.url).pathname;
      if (path === "/to-metadata") {
        return new Response(null, {
          status: 302,
          headers: { location: "http://169.254.169.254/latest/meta-data/" },
        });
      }
      if (path === "/to-self") {
        return new Response(null, { status: 303, headers: { location: "/end" } });
      }
      if (path === "/loop") {
        return new Response(null, { status: 302, headers: { location: "/loop" } });
      }
      return new Response(`end ${request.method}`);
    },
    async (origin, hostPort) => {
      const allowed = { allowPrivateHosts: [hostPort] };
      assert.equal(
        await refusal(outboundFetch(`${origin}/to-metadata`, {}, allowed)),
        "ERR_OUTBOUND_HOST_REFUSED",
      );
      // A redirect to an allowed address is followed; after a 303 a POST goes on as GET.
      const followed = await outboundFetch(
        `${origin}/to-self`,
        { method: "POST", body: "x" },
        allowed,
      );
      assert.deepEqual([followed.text(), followed.url], ["end GET", `${origin}/end`]);
      assert.equal(
        await refusal(outboundFetch(`${origin}/loop`, {}, allowed)),
        "ERR_OUTBOUND_TOO_MANY_REDIRECTS",
      );
    },
  );
});

Deno.test("[outbound] answers too large and servers too slow are refused", async () => {
  let release = () => {};
  const held = new Promise<void>((resolve) => release = resolve);
  await withServer(
    async (request) => {
      const path = new URL(request.url).pathname;
      if (path === "/slow") await held;
      if (path === "/stream") {
        // No length announced: the limit is found while reading.
        const chunk = new Uint8Array(1024);
        let sent = 0;
        return new Response(
          new ReadableStream({
            pull(controller) {
              if (sent++ < 10) controller.enqueue(chunk);
              else controller.close();
            },
          }),
        );
      }
      return new Response("x".repeat(2048));
    },
    async (origin, hostPort) => {
      const limits = { allowPrivateHosts: [hostPort], maxBytes: 1000 };
      assert.equal(
        await refusal(outboundFetch(`${origin}/big`, {}, limits)),
        "ERR_OUTBOUND_TOO_LARGE",
      );
      assert.equal(
        await refusal(outboundFetch(`${origin}/stream`, {}, limits)),
        "ERR_OUTBOUND_TOO_LARGE",
      );
      const slow = outboundFetch(`${origin}/slow`, {}, { ...limits, timeoutMs: 50 });
      assert.equal(await refusal(slow), "ERR_OUTBOUND_TIMEOUT");
      release();
    },
  );
});

Deno.test("[outbound] a saved address: refused ranges refused, a name not found yet kept", async () => {
  const resolve: Resolve = (host) =>
    Promise.resolve(({ "intranet.example": ["10.0.0.5"] })[host] ?? []);
  for (const address of ["http://127.0.0.1/", "http://[::1]/", "http://intranet.example/"]) {
    assert.equal(
      await refusal(checkSavedUrl(address, { resolve })),
      "ERR_OUTBOUND_HOST_REFUSED",
      address,
    );
  }
  assert.equal(await refusal(checkSavedUrl("ftp://example.com/")), "ERR_OUTBOUND_URL_SCHEME");
  assert.equal(await refusal(checkSavedUrl("no address")), "ERR_OUTBOUND_URL_INVALID");
  await checkSavedUrl("https://not-yet.example/", { resolve });
  await checkSavedUrl("http://10.0.0.5:5678/", { resolve, allowPrivateHosts: ["10.0.0.5:5678"] });
});
