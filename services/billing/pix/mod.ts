/** The configured Pix provider (README "Payments"), or null when the installation has none. */
import type { PixConfig } from "../../../lib/config_pix.ts";
import { createEfiPixProvider } from "./efi.ts";
import { createStaticPixProvider } from "./static_brcode.ts";
import type { PixProvider } from "./types.ts";

export type { ChargeState, MadeCharge, NewCharge, PixProvider, ReceivedPix } from "./types.ts";

export function createPixProvider(config: PixConfig): PixProvider | null {
  if (config.provider === "none" || !config.key) return null;
  if (config.provider === "static") {
    return createStaticPixProvider({
      key: config.key,
      merchantName: config.merchantName,
      merchantCity: config.merchantCity,
    });
  }
  const efi = config.efi;
  if (!efi) return null;
  return createEfiPixProvider({
    baseUrl: efi.baseUrl,
    clientId: efi.clientId,
    clientSecret: efi.clientSecret,
    key: config.key,
    certPem: Deno.readTextFileSync(efi.certFile),
    keyPem: Deno.readTextFileSync(efi.keyFile),
    caPem: efi.caFile ? Deno.readTextFileSync(efi.caFile) : undefined,
    expirySeconds: config.expirySeconds,
  });
}

/** A txid of `length` alphanumerics: "F" + the invoice id + random, unguessable filler. */
export function newTxid(invoiceId: number, length: number): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  const head = `F${invoiceId}x`;
  const bytes = crypto.getRandomValues(new Uint8Array(length - head.length));
  return head + [...bytes].map((b) => alphabet[b % alphabet.length]).join("");
}
