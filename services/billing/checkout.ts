/**
 * The checkout's Pix step (admin §2, §7 `POST /subscription`): a charge for one of the
 * company's open invoices, for the invoice's value as the server stores it. The browser only
 * names the invoice; the txid that binds the payment to it is made and kept here. A charge
 * still payable is answered again rather than a second one made (a double click, a reload).
 */
import { sql } from "../../lib/db/mod.ts";
import { AppError } from "../../lib/http/errors.ts";
import type { ServiceDeps } from "../deps.ts";
import { findInvoice } from "./invoices.ts";
import { newTxid, type PixProvider } from "./pix/mod.ts";

/** A charge closer than this to its expiry is not offered again: the payer needs time. */
const REUSE_MARGIN_MS = 5 * 60_000;

export interface CheckoutAnswer {
  invoiceId: number;
  txid: string;
  provider: "static" | "efi";
  /** The spec's shape: the amount as the API Pix writes it. */
  valor: { original: string };
  /** The spec's shape: `qrcode.qrcode` is the Pix copy-and-paste text the QR encodes. */
  qrcode: { qrcode: string };
  expiresAt: string | null;
}

interface ChargeRow {
  txid: string;
  provider: "static" | "efi";
  value: number;
  copy_paste: string;
  expires_at: string | null;
}

function answerOf(invoiceId: number, row: ChargeRow): CheckoutAnswer {
  return {
    invoiceId,
    txid: row.txid,
    provider: row.provider,
    valor: { original: Number(row.value).toFixed(2) },
    qrcode: { qrcode: row.copy_paste },
    expiresAt: row.expires_at ? new Date(row.expires_at).toISOString() : null,
  };
}

export async function checkout(
  deps: Pick<ServiceDeps, "db" | "clock">,
  provider: PixProvider | null,
  companyId: number,
  invoiceId: number,
): Promise<CheckoutAnswer> {
  const { db } = deps;
  // Scoped to the caller's company even for the super user: one pays one's own invoices.
  const invoice = await findInvoice(db, { companyId, super: false }, invoiceId);
  if (invoice.status === "paid") throw new AppError("ERR_INVOICE_ALREADY_PAID", 409);
  if (!(invoice.value > 0)) throw new AppError("ERR_INVOICE_NOTHING_TO_PAY", 400);
  if (!provider) throw new AppError("ERR_PIX_NOT_CONFIGURED", 503);
  const now = deps.clock.now();

  const reusable = await db.maybeOne<ChargeRow>(sql`
    select txid, provider, value::float8 as value, copy_paste, expires_at
    from pix_charges
    where invoice_id = ${invoice.id} and provider = ${provider.name}
      and value = ${invoice.value}
      and (expires_at is null
           or expires_at > ${new Date(now.getTime() + REUSE_MARGIN_MS).toISOString()}::timestamptz)
    order by created_at desc limit 1`);
  if (reusable) return answerOf(invoice.id, reusable);

  const txid = newTxid(invoice.id, provider.txidLength);
  const made = await provider.createCharge({
    txid,
    amount: invoice.value,
    description: `Fatura ${invoice.id} - ${invoice.detail}`,
    now,
  }).catch((err) => {
    if (err instanceof AppError) throw err;
    throw new AppError("ERR_PIX_PROVIDER_UNAVAILABLE", 503);
  });
  const row = await db.one<ChargeRow>(sql`
    insert into pix_charges (txid, invoice_id, company_id, provider, value, copy_paste, expires_at)
    values (${txid}, ${invoice.id}, ${invoice.companyId}, ${provider.name}, ${invoice.value},
            ${made.copyPaste}, ${made.expiresAt?.toISOString() ?? null}::timestamptz)
    returning txid, provider, value::float8 as value, copy_paste, expires_at`);
  return answerOf(invoice.id, row);
}
