/**
 * Layer 1 of the WhatsApp simulator: the product's real Baileys provider completes the Noise
 * handshake with the configured root key in place, and shows the QR
 * code of the refs the server issued.
 */
import assert from "node:assert/strict";
import { openTestDb } from "../helpers/db.ts";
import { createTestCompany } from "../helpers/accounts.ts";
import { createConnection } from "../../services/whatsapp/connections.ts";
import { createBaileysProvider } from "../../services/whatsapp/baileys/provider.ts";
import type { ProviderEventBody } from "../../services/whatsapp/provider.ts";
import { Buffer } from "node:buffer";
import { proto, WA_CERT_DETAILS } from "baileys";
import * as curve from "libsignal/src/curve.js";
import { certificateChain, newServerIdentity } from "../whatsapp_server/certs.ts";
import { baileysOptionsFor, startSimulator } from "../helpers/wa_simulator.ts";
import { waitFor } from "../helpers/ticket_env.ts";
import { nullHub } from "../../lib/realtime/null_hub.ts";

Deno.test("[wa-sim] Baileys completes the handshake and shows the simulator's QR code", async () => {
  const server = await startSimulator();
  const { db, close } = await openTestDb();
  const companyId = await createTestCompany(db);
  const { id: connectionId } = await createConnection({ db, hub: nullHub() }, companyId, {
    name: "Loja",
  });
  const events: ProviderEventBody[] = [];
  const provider = createBaileysProvider(
    { db, companyId, connectionId, emit: (event) => events.push(event) },
    baileysOptionsFor(server),
  );
  try {
    await provider.start();
    const qr = await waitFor(
      () =>
        Promise.resolve(
          events.find((e) => e.type === "status" && e.status === "qrcode") as
            | { qrcode: string }
            | undefined,
        ),
      "a QR code",
    );
    const ref = qr.qrcode.split("#")[1]!.split(",")[0]!;
    assert.deepEqual(server.currentQrRefs(), [ref], "the QR shows the first ref the server sent");
    assert.match(qr.qrcode, /^https:\/\/wa\.me\/settings\/linked_devices#/);
    assert.equal(WA_CERT_DETAILS.PUBLIC_KEY.toString("hex"), server.rootPublicKeyHex);
  } finally {
    await provider.stop();
    await server.close();
    await close();
  }
});

Deno.test("[wa-sim] the certificate chain leads to the simulator's root key, not WhatsApp's", () => {
  // Baileys 7.0.0-rc14 calls libsignal's verifySignature, which answers false for a bad
  // signature instead of throwing, and ignores the answer: it never notices a wrong chain. The
  // chain is checked here the way a client that reads the answer would.
  const identity = newServerIdentity();
  const chain = proto.CertChain.decode(certificateChain(identity));
  const intermediate = proto.CertChain.NoiseCertificate.Details.decode(
    chain.intermediate!.details!,
  );
  const leaf = proto.CertChain.NoiseCertificate.Details.decode(chain.leaf!.details!);
  const verify = (key: Uint8Array, data: Uint8Array, signature: Uint8Array) =>
    curve.verifySignature(Buffer.concat([Buffer.from([5]), key]), data, signature);
  assert.equal(intermediate.issuerSerial, 0, "issued by the root (serial 0)");
  assert.ok(
    verify(identity.root.public, chain.intermediate!.details!, chain.intermediate!.signature!),
  );
  assert.ok(verify(intermediate.key!, chain.leaf!.details!, chain.leaf!.signature!));
  assert.deepEqual(
    Buffer.from(leaf.key!),
    identity.staticKey.public,
    "the leaf certifies the static key",
  );
  const whatsapp = Buffer.from(
    "142375574d0a587166aae71ebe516437c4a28b73e3695c6ce1f7f9545da8ee6b",
    "hex",
  );
  assert.equal(
    verify(whatsapp, chain.intermediate!.details!, chain.intermediate!.signature!),
    false,
  );
});
