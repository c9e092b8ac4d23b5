/**
 * The provider's Pix notification (`{pix: [{endToEndId, txid, valor, horario}]}`). Its body
 * is only a hint: the route has already checked the secret path token, and here each txid
 * must be one this server issued, and the charge is read back from the provider; only what
 * the provider says was paid, for the amount it says, is confirmed (payments.ts).
 */
import type { ServiceDeps } from "../deps.ts";
import { type ConfirmationOutcome, confirmPayment, invoiceOfCharge } from "./payments.ts";
import type { PixProvider } from "./pix/mod.ts";

export interface NotificationReport {
  /** Txids this server never issued: ignored. */
  unknown: number;
  outcomes: ConfirmationOutcome[];
}

/** The txids a notification names, whatever else it carries. */
export function notifiedTxids(body: unknown): string[] {
  const pix = (body as { pix?: unknown } | null)?.pix;
  if (!Array.isArray(pix)) return [];
  const txids = pix.map((entry) => (entry as { txid?: unknown } | null)?.txid)
    .filter((txid): txid is string => typeof txid === "string" && /^[A-Za-z0-9]{1,35}$/.test(txid));
  return [...new Set(txids)];
}

export async function handlePixNotification(
  deps: Pick<ServiceDeps, "db" | "hub" | "clock" | "log">,
  provider: PixProvider,
  body: unknown,
): Promise<NotificationReport> {
  const report: NotificationReport = { unknown: 0, outcomes: [] };
  for (const txid of notifiedTxids(body)) {
    const charge = await invoiceOfCharge(deps.db, txid);
    if (!charge) {
      report.unknown++;
      continue;
    }
    const state = await provider.lookupCharge(txid);
    if (!state || state.status !== "CONCLUIDA") continue;
    for (const paid of state.paid) {
      const outcome = await confirmPayment(deps, charge.invoiceId, {
        source: "provider",
        txid,
        endToEndId: paid.endToEndId,
        amount: paid.amount,
      });
      if (outcome.outcome === "rejected") {
        deps.log.warn(`billing: payment ${paid.endToEndId} for ${txid} refused: ${outcome.reason}`);
      }
      report.outcomes.push(outcome);
    }
  }
  return report;
}
