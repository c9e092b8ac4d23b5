/**
 * A local fake of Efí's API Pix over HTTPS that demands a client certificate (mutual TLS),
 * with the test-only certificates of tests/fixtures/pix: OAuth client credentials, immediate
 * charges, their QR text, and reading them back. `pay` settles a charge as a payer would.
 */
import type { IncomingMessage } from "node:http";
import { createServer } from "node:https";
import type { AddressInfo } from "node:net";

const dir = new URL("../fixtures/pix/", import.meta.url);
export const readFixture = (name: string) => Deno.readTextFileSync(new URL(name, dir));

export const FAKE_EFI_CLIENT = { id: "client-id", secret: "client-secret" };

export interface SeenCall {
  method: string;
  path: string;
  clientCert: boolean;
  body: unknown;
}

async function bodyOf(req: IncomingMessage): Promise<unknown> {
  let text = "";
  for await (const chunk of req) text += chunk;
  return text ? JSON.parse(text) : null;
}

export async function startFakeEfi() {
  const seen: SeenCall[] = [];
  const charges = new Map<string, Record<string, unknown>>();
  const server = createServer({
    key: readFixture("server.key"),
    cert: readFixture("server.pem"),
    ca: readFixture("ca.pem"),
    requestCert: true,
    rejectUnauthorized: true,
  }, async (req, res) => {
    const body = await bodyOf(req);
    const path = req.url ?? "";
    // deno-lint-ignore no-explicit-any
    const clientCert = Boolean((req.socket as any).authorized);
    seen.push({ method: req.method ?? "", path, clientCert, body });
    const send = (status: number, data: unknown) => {
      res.writeHead(status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(data));
    };
    if (path === "/oauth/token") {
      const expected = `Basic ${btoa(`${FAKE_EFI_CLIENT.id}:${FAKE_EFI_CLIENT.secret}`)}`;
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
    const loc = path.match(/^\/v2\/loc\/(\d+)\/qrcode$/);
    if (loc) {
      return send(200, {
        qrcode: "00020101021226830014br.gov.bcb.pix2561qrcodes.example/v2/cobv/fake" +
          "5204000053039865802BR5905Balcao6008SAOPAULO62070503***63041A2B",
      });
    }
    send(404, {});
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `https://localhost:${(server.address() as AddressInfo).port}`;
  return {
    url,
    seen,
    charges,
    /** The charge `txid` is paid with `amount`, as the provider will then report it. */
    pay(txid: string, amount: string, endToEndId = `E${crypto.randomUUID().slice(0, 8)}`) {
      const charge = charges.get(txid);
      if (!charge) throw new Error(`no charge ${txid}`);
      charge.status = "CONCLUIDA";
      charge.pix = [{ endToEndId, txid, valor: amount, horario: new Date().toISOString() }];
      return endToEndId;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
