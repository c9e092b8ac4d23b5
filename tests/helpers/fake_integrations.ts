/**
 * Local stand-ins for the outside services of queue integrations (reference/protocols.md):
 * a webhook receiver that checks `X-Balcao-Signature` and, as n8n's Webhook node does
 * (https://docs.n8n.io/integrations/builtin/core-nodes/n8n-nodes-base.webhook/), answers a
 * method it is not listening for with 404 "not registered", behind an address that moved
 * (`/moved`, a 301 to it, as a proxy sending http to https does), Typebot's v1 chat API (a small flow
 * engine, fake_typebot.ts, under `/typebot`), Google's token endpoint and Dialogflow's
 * detectIntent (fake_dialogflow.ts), and an address that never answers. Every call is recorded; what each answers
 * is set by the test.
 */
import { importSPKI, jwtVerify } from "jose";
import { signatureOf } from "../../services/integrations/webhook.ts";
import { createFakeDialogflow, type FakeDialogflow } from "./fake_dialogflow.ts";
import { createFakeTypebot, type FakeTypebot } from "./fake_typebot.ts";

export interface FakeIntegrations {
  baseUrl: string;
  /** The secret the receiver checks signatures with (set from the integration). */
  webhookSecret: string;
  webhookCalls: { body: Record<string, unknown>; signatureOk: boolean }[];
  /** Requests with another method than POST, which n8n refuses (a redirected POST turned GET). */
  webhookRefused: { method: string }[];
  webhookReply: () => { status: number; body: unknown };
  /** Typebot: the flows by public id, the calls, the finished flows' variables. */
  typebot: FakeTypebot;
  /** The service account's public key (SPKI PEM) the token endpoint verifies with. */
  publicKeyPem: string;
  tokenCalls: { assertionOk: boolean; claims: Record<string, unknown> }[];
  /** Dialogflow ES: its agents, calls and answers; it takes the tokens issued here. */
  dialogflow: FakeDialogflow;
  /** The time the token endpoint checks the assertion's dates against (the test's clock). */
  now: () => Date;
  close(): Promise<void>;
}

export function startFakeIntegrations(): FakeIntegrations {
  const stalled = new AbortController();
  const fake: FakeIntegrations = {
    baseUrl: "",
    webhookSecret: "",
    webhookCalls: [],
    webhookRefused: [],
    webhookReply: () => ({ status: 200, body: {} }),
    typebot: createFakeTypebot(),
    publicKeyPem: "",
    tokenCalls: [],
    dialogflow: createFakeDialogflow(),
    now: () => new Date(),
    close: async () => {
      stalled.abort();
      await server.shutdown();
    },
  };
  const json = (body: unknown, status = 200) => Response.json(body, { status });
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen() {} }, async (request) => {
    const path = new URL(request.url).pathname;
    if (path.startsWith("/stall")) {
      // Never answers while the test runs: the caller's time limit must end the call.
      await new Promise((resolve) => stalled.signal.addEventListener("abort", resolve));
      return json({});
    }
    if (path.startsWith("/files/")) {
      // A one-pixel PNG, as a Typebot image bubble's address would give.
      const png = Uint8Array.from(
        atob(
          "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
        ),
        (c) => c.charCodeAt(0),
      );
      return new Response(png, { headers: { "content-type": "image/png" } });
    }
    if (path === "/moved") {
      return new Response(null, { status: 301, headers: { location: `${fake.baseUrl}/hook` } });
    }
    if (path === "/hook" && request.method !== "POST") {
      fake.webhookRefused.push({ method: request.method });
      return json({
        code: 404,
        message: `The requested webhook "${request.method} hook" is not registered.`,
        hint: "The workflow must be active for a production URL to run successfully.",
      }, 404);
    }
    if (path === "/hook") {
      const raw = await request.text();
      const signature = request.headers.get("x-balcao-signature");
      fake.webhookCalls.push({
        body: JSON.parse(raw),
        signatureOk: signature === await signatureOf(fake.webhookSecret, raw),
      });
      const reply = fake.webhookReply();
      return json(reply.body, reply.status);
    }
    if (path.startsWith("/typebot/")) {
      return fake.typebot.handle(path.slice("/typebot".length), await request.json());
    }
    if (path === "/token") {
      const form = new URLSearchParams(await request.text());
      let claims: Record<string, unknown> = {};
      let assertionOk = false;
      try {
        const key = await importSPKI(fake.publicKeyPem, "RS256");
        claims = (await jwtVerify(form.get("assertion") ?? "", key, {
          audience: `${fake.baseUrl}/token`,
          currentDate: fake.now(),
        })).payload as Record<string, unknown>;
        assertionOk = form.get("grant_type") === "urn:ietf:params:oauth:grant-type:jwt-bearer";
      } catch {
        assertionOk = false;
      }
      fake.tokenCalls.push({ assertionOk, claims });
      if (!assertionOk) return json({ error: "invalid_grant" }, 400);
      const token = `token-${fake.tokenCalls.length}`;
      fake.dialogflow.tokens.add(token);
      return json({ access_token: token, expires_in: 3600 });
    }
    if (path.endsWith(":detectIntent")) {
      const body = await request.json();
      return fake.dialogflow.handle(path, request.headers.get("authorization"), body);
    }
    return json({ error: "not found" }, 404);
  });
  fake.baseUrl = `http://127.0.0.1:${server.addr.port}`;
  return fake;
}
