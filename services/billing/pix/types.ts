/**
 * The payment provider seam: how a Pix charge for an invoice is made, and how a payment the
 * provider reports is read back. Two implementations: a static BR Code built here from the
 * installation's Pix key (confirmed by the super user by hand), and an Efí-compatible dynamic
 * charge (confirmed by its webhook, read back from the provider before it is trusted).
 */

export interface NewCharge {
  /** Bound to the invoice on the server; `[A-Za-z0-9]`, the provider's length. */
  txid: string;
  /** BRL with two decimals. */
  amount: number;
  /** Shown to the payer in their bank app. */
  description: string;
  now: Date;
}

export interface MadeCharge {
  /** The BR Code: Pix "copia e cola", and what the QR image encodes. */
  copyPaste: string;
  /** When the charge stops being payable; null for a static BR Code. */
  expiresAt: Date | null;
}

/** A payment the provider says it received for a charge. */
export interface ReceivedPix {
  endToEndId: string;
  amount: number;
}

/** A charge as the provider knows it now. */
export interface ChargeState {
  /** The API Pix status: ATIVA, CONCLUIDA, REMOVIDA_PELO_USUARIO_RECEBEDOR… */
  status: string;
  paid: ReceivedPix[];
}

export interface PixProvider {
  readonly name: "static" | "efi";
  /** The txid length this provider takes (static BR Code: up to 25; API Pix: 26–35). */
  readonly txidLength: number;
  createCharge(charge: NewCharge): Promise<MadeCharge>;
  /** Reads a charge back; null when this provider cannot (a static BR Code). */
  lookupCharge(txid: string): Promise<ChargeState | null>;
}
