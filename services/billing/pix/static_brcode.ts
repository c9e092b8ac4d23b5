/**
 * A static Pix BR Code built on this server (Manual de Padrões para Iniciação do Pix): the
 * EMV TLV fields with the CRC16-CCITT checksum come from `@brazilian-utils`' generator, a
 * maintained zero-dependency library; the txid binds the payment to the invoice. Nobody can
 * ask a bank whether a static code was paid, so the super user confirms it by hand.
 */
import { generatePixPayload } from "@brazilian-utils/brazilian-utils/generate-pix-payload";
import type { MadeCharge, NewCharge, PixProvider } from "./types.ts";

export interface StaticPixConfig {
  key: string;
  merchantName: string;
  merchantCity: string;
}

/** The longest txid a static BR Code holds (field 62-05). */
export const STATIC_TXID_LENGTH = 25;

/** The BR Code text for `charge`; throws when the key, name or amount cannot form one. */
export function staticBrCode(config: StaticPixConfig, charge: Omit<NewCharge, "now">): string {
  const payload = generatePixPayload({
    key: config.key,
    merchantName: config.merchantName,
    merchantCity: config.merchantCity,
    amount: charge.amount,
    txid: charge.txid,
  });
  if (!payload) throw new Error("The Pix key, merchant name or amount cannot form a BR Code.");
  return payload;
}

export function createStaticPixProvider(config: StaticPixConfig): PixProvider {
  return {
    name: "static",
    txidLength: STATIC_TXID_LENGTH,
    // deno-lint-ignore require-await
    async createCharge(charge: NewCharge): Promise<MadeCharge> {
      return { copyPaste: staticBrCode(config, charge), expiresAt: null };
    },
    lookupCharge: () => Promise.resolve(null),
  };
}
