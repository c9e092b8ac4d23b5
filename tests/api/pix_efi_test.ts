/**
 * The Efí-compatible provider against a local fake of the API Pix over HTTPS that demands a
 * client certificate (mutual TLS): OAuth client credentials, the immediate charge with its
 * expiry and amount, the QR text, and reading a charge back.
 */
import assert from "node:assert/strict";
import { createEfiPixProvider } from "../../services/billing/pix/efi.ts";
import { readFixture as read, startFakeEfi } from "../helpers/fake_efi.ts";

Deno.test("[api] Efí provider: mutual TLS, OAuth, immediate charge and read-back", async () => {
  const efi = await startFakeEfi();
  const { seen, charges } = efi;
  const provider = createEfiPixProvider({
    baseUrl: `${efi.url}/`,
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
    assert.match(made.copyPaste, /^000201010212.*6304[0-9A-F]{4}$/);
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
    await efi.close();
  }
});

Deno.test("[api] Efí provider: without the client certificate the provider refuses", async () => {
  const efi = await startFakeEfi();
  const client = Deno.createHttpClient({ caCerts: [read("ca.pem")] });
  try {
    const options: RequestInit & { client: Deno.HttpClient } = { method: "POST", client };
    await assert.rejects(fetch(`${efi.url}/oauth/token`, options));
  } finally {
    client.close();
    await efi.close();
  }
});
