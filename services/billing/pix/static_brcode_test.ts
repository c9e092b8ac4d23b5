import assert from "node:assert/strict";
import { getPixPayloadInfo } from "@brazilian-utils/brazilian-utils/get-pix-payload-info";
import { createStaticPixProvider, staticBrCode } from "./static_brcode.ts";
import { newTxid } from "./mod.ts";

/** CRC-16/CCITT-FALSE written out here, to check the library's checksums independently. */
function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
}

const MANUAL_KEY = "123e4567-e12b-12d1-a456-426655440000";

Deno.test("CRC16-CCITT-FALSE: the standard check value", () => {
  assert.equal(crc16("123456789"), "29B1");
});

Deno.test("BR Code: the example of the Central Bank's manual, byte for byte", () => {
  // Manual de Padrões para Iniciação do Pix: static code, no amount, no txid.
  const manual =
    "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR" +
    "5913Fulano de Tal6008BRASILIA62070503***63041D3D";
  assert.equal(crc16(manual.slice(0, -4)), "1D3D");
  assert.equal(getPixPayloadInfo(manual)?.key, MANUAL_KEY);
  const config = { key: MANUAL_KEY, merchantName: "Fulano de Tal", merchantCity: "BRASILIA" };
  // Without an amount or txid the library gives the manual's text; ours always has both.
  const withBoth = staticBrCode(config, { txid: "T1", amount: 1, description: "" });
  assert.ok(withBoth.startsWith(manual.slice(0, manual.indexOf("5303986") + 7)));
});

Deno.test("BR Code: an invoice's code carries its amount and txid, with a valid CRC", () => {
  const config = { key: MANUAL_KEY, merchantName: "Fulano de Tal", merchantCity: "BRASILIA" };
  const code = staticBrCode(config, { txid: "F42xAbc123", amount: 149.9, description: "" });
  assert.equal(
    code.slice(0, -4),
    "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-426655440000" +
      "52040000530398654061" + "49.905802BR5913Fulano de Tal6008BRASILIA" +
      "62140510F42xAbc1236304",
  );
  assert.equal(code.slice(-4), crc16(code.slice(0, -4)));
  const info = getPixPayloadInfo(code);
  assert.equal(info?.amount, 149.9);
  assert.equal(info?.txid, "F42xAbc123");
  // One changed character and the checksum no longer holds.
  assert.equal(getPixPayloadInfo(code.replace("149.90", "140.90")), null);
});

Deno.test("BR Code: long names are cut to the manual's lengths, accents dropped", () => {
  const config = {
    key: MANUAL_KEY,
    merchantName: "Balcão Atendimento Multiempresa Ltda",
    merchantCity: "São José dos Campos",
  };
  const info = getPixPayloadInfo(staticBrCode(config, { txid: "T1", amount: 1, description: "" }));
  assert.equal(info?.merchantName, "Balcao Atendimento Multie");
  assert.equal(info?.merchantCity, "Sao Jose dos Ca");
});

Deno.test("BR Code: a zero amount cannot form a code", async () => {
  const provider = createStaticPixProvider({
    key: MANUAL_KEY,
    merchantName: "A",
    merchantCity: "B",
  });
  await assert.rejects(
    provider.createCharge({ txid: "T1", amount: 0, description: "", now: new Date() }),
  );
  assert.equal(await provider.lookupCharge("T1"), null);
});

Deno.test("txids: the provider's length, alphanumeric, naming the invoice, never repeated", () => {
  const a = newTxid(42, 25);
  const b = newTxid(42, 25);
  assert.match(a, /^F42x[A-Za-z0-9]{21}$/);
  assert.notEqual(a, b);
  assert.match(newTxid(7, 32), /^[A-Za-z0-9]{32}$/);
});
