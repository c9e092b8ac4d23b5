/**
 * `deno task wa-sim`: runs the WhatsApp Web simulator on 127.0.0.1 and prints the environment
 * to start Balcão with. The root key is kept in `DATA_DIR/wa-sim-root.json` so that the
 * product's `WA_ROOT_PUBLIC_KEY` stays valid across runs; everything else (linked devices,
 * customers, queued messages) lives in memory, so after restarting the simulator Balcão's
 * connection is refused at login and shows a new QR code.
 */
import { Buffer } from "node:buffer";
import { Curve } from "baileys";
import { SIMULATOR_CA_FILE, WhatsappServer } from "./mod.ts";
import type { KeyPair } from "./certs.ts";

const dataDir = Deno.env.get("DATA_DIR") ?? "./data";
const rootFile = `${dataDir}/wa-sim-root.json`;

function loadRoot(): KeyPair {
  try {
    const saved = JSON.parse(Deno.readTextFileSync(rootFile));
    return { public: Buffer.from(saved.public, "hex"), private: Buffer.from(saved.private, "hex") };
  } catch {
    const pair = Curve.generateKeyPair();
    const root = { public: Buffer.from(pair.public), private: Buffer.from(pair.private) };
    Deno.mkdirSync(dataDir, { recursive: true });
    Deno.writeTextFileSync(
      rootFile,
      JSON.stringify({
        public: root.public.toString("hex"),
        private: root.private.toString("hex"),
      }),
    );
    return root;
  }
}

const port = Number(Deno.env.get("WA_SIM_PORT") ?? 7700);
const server = await new WhatsappServer({
  port,
  root: loadRoot(),
  trace: Deno.env.get("WA_SIM_TRACE") === "1",
}).start();
const control = `http://127.0.0.1:${port}/control`;
console.log(`WhatsApp Web simulator listening on ${server.url}

Start Balcão with:

  WA_WEBSOCKET_URL=${server.url} \\
  WA_ROOT_PUBLIC_KEY=${server.rootPublicKeyHex} \\
  DENO_CERT=${SIMULATOR_CA_FILE} \\
  deno task start

Link a connection: start it on /connections, read its QR text (GET /api/whatsapp/{id}, field
"qrcode"), and scan it with a business number:

  curl -d '{"business":"5511900000001","qr":"<the QR text>"}' ${control}/scan

Write as a customer, and read what the customer received:

  curl -d '{"to":"5511900000001","name":"Maria","text":"Olá!"}' ${control}/customers/5511988880001/messages
  curl ${control}/customers/5511988880001/messages
`);
