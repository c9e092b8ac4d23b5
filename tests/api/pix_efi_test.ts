/**
 * The Efí-compatible provider against a local fake of the API Pix over HTTPS that demands a
 * client certificate (mutual TLS): OAuth client credentials, the immediate charge with its
 * expiry and amount, the QR text, and reading a charge back.
 */
import assert from "node:assert/strict";
import type { IncomingMessage } from "node:http";
import { createServer } from "node:https";
import type { AddressInfo } from "node:net";
import { createEfiPixProvider } from "../../services/billing/pix/efi.ts";

const dir = new URL("../fixtures/pix/", import.meta.url);
const read = (name: string) => Deno.readTextFileSync(new URL(name, dir));

interface Seen {
  method: string;
  path: string;
  authorization: string;
  clientCert: boolean;
  body: unknown;
}

async function bodyOf(req: IncomingMessage): Promise<unknown> {
  let text = "";
  for await (const chunk of req) text += chunk;
  return text ? JSON.parse(text) : null;
}

function fakeEfi() {
  const seen: Seen[] = [];
  const charges = new Map<string, Record<string, unknown>>();
  const server = createServer({
    key: read("server.key"),
    cert: read("server.pem"),
    ca: read("ca.pem"),
    requestCert: true,
    rejectUnauthorized: true,
  }, async (req, res) => {
    const body = await bodyOf(req);
    const path = req.url ?? "";
    // deno-lint-ignore no-explicit-any
    const clientCert = Boolean((req.socket as any).authorized);
    seen.push({
      method: req.method ?? "",
      path,
      authorization: req.headers.authorization ?? "",
      clientCert,
      body,
    });
    const send = (status: number, data: unknown) => {
      res.writeHead(status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(data));
    };
    if (path === "/oauth/token") {
      const expected = `Basic ${btoa("client-id:client-secret")}`;
      if (req.headers.authorization !== expected) return send(401, { error: "invalid_client" });
      return send(200, { access_token: "tok-1", token_type: "Bearer", expires_in: 3600 });
    }
    if (req.headers.authorization !== "Bearer tok-1") return send(401, { nome: "nao_autorizado" });
    const cob = path.match(/^\/v2\/cob\/([A-Za-z0-9]+)$/);
    if (cob && req.method === "PUT") {
      const charge = { ...(body as object), txid: cob[1], status: "ATIVA", loc: { id: 7 } };
      charges.set(cob[1]!, charge);
      return send(201, charge);
    }
    if (cob && req.method === "GET") {
      const charge = charges.get(cob[1]!);
      return charge ? send(200, charge) : send(404, { nome: "cobranca_nao_encontrada" });
    }
    if (path === "/v2/loc/7/qrcode") return send(200, { qrcode: "00020101021226...6304ABCD" });
    send(404, {});
  });
  return { server, seen, charges };
}

Deno.test("[api] Efí provider: mutual TLS, OAuth, immediate charge and read-back", async () => {
  const { server, seen, charges } = fakeEfi();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const provider = createEfiPixProvider({
    baseUrl: `https://localhost:${port}/`,
    clientId: "client-id",
    clientSecret: "client-secret",
    key: "pix@balcao.example",
    certPem: read("client.pem"),
    keyPem: read("client.key"),
    caPem: read("ca.pem"),
    expirySeconds: 1800,
  });
  try {
    const now = new Date("2027-01-10T10:00:00Z");
    const txid = "F12x" + "a".repeat(28);
    const made = await provider.createCharge({
      txid,
      amount: 149.9,
      description: "Fatura 12",
      now,
    });
    assert.equal(made.copyPaste, "00020101021226...6304ABCD");
    assert.equal(made.expiresAt?.toISOString(), "2027-01-10T10:30:00.000Z");
    assert.deepEqual(seen.map((s) => `${s.method} ${s.path}`), [
      "POST /oauth/token",
      `PUT /v2/cob/${txid}`,
      "GET /v2/loc/7/qrcode",
    ]);
    assert.ok(seen.every((s) => s.clientCert), "every call presents the client certificate");
    assert.deepEqual(seen[0]!.body, { grant_type: "client_credentials" });
    assert.deepEqual(seen[1]!.body, {
      calendario: { expiracao: 1800 },
      valor: { original: "149.90" },
      chave: "pix@balcao.example",
      solicitacaoPagador: "Fatura 12",
    });

    assert.deepEqual(await provider.lookupCharge(txid), { status: "ATIVA", paid: [] });
    charges.get(txid)!.status = "CONCLUIDA";
    charges.get(txid)!.pix = [{ endToEndId: "E123", txid, valor: "149.90", horario: "x" }];
    assert.deepEqual(await provider.lookupCharge(txid), {
      status: "CONCLUIDA",
      paid: [{ endToEndId: "E123", amount: 149.9 }],
    });
    // The token was asked for once and reused.
    assert.equal(seen.filter((s) => s.path === "/oauth/token").length, 1);
    await assert.rejects(provider.lookupCharge("Unknown0000000000000000000000000"), /HTTP 404/);
  } finally {
    provider.close();
    await new Promise((resolve) => server.close(resolve));
  }
});

Deno.test("[api] Efí provider: without the client certificate the provider refuses", async () => {
  const { server } = fakeEfi();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const client = Deno.createHttpClient({ caCerts: [read("ca.pem")] });
  try {
    const options: RequestInit & { client: Deno.HttpClient } = { method: "POST", client };
    await assert.rejects(fetch(`https://localhost:${port}/oauth/token`, options));
  } finally {
    client.close();
    await new Promise((resolve) => server.close(resolve));
  }
});
