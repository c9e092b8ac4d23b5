/**
 * The "segunda via" leaf of a queue's options tree (issue 18 item 5): once chosen, the
 * customer's next message is read as a CPF/CNPJ. A number whose check digits fail, or that
 * no customer of the billing system has, is asked for again with a clear line; a valid one
 * is answered with the open bills (due date, value, digitable line, Pix copy-and-paste), or
 * with "none open", and the bot's part ends there. A billing system that fails or is not
 * configured is reported as unavailable, and a person takes over.
 */
import type { TFunction } from "../../lib/i18n/mod.ts";
import { parseTaxDocument } from "../isp/document.ts";
import { lookUpOpenBills } from "../isp/lookup.ts";
import type { OpenBill } from "../isp/types.ts";
import type { FlowDeps } from "./state.ts";

export interface BillingAnswer {
  text: string;
  /** False: the customer is asked again (the bot stays on the option). */
  done: boolean;
}

export async function billingAnswer(
  deps: FlowDeps,
  t: TFunction,
  companyId: number,
  typed: string,
): Promise<BillingAnswer> {
  const document = parseTaxDocument(typed);
  if (!document) return { text: t("automation.billingInvalidDocument"), done: false };
  try {
    const lookup = await lookUpOpenBills(deps, companyId, document);
    if (!lookup.found) {
      return lookup.reason === "noCustomer"
        ? { text: t("automation.billingNoCustomer"), done: false }
        : { text: t("automation.billingUnavailable"), done: true };
    }
    if (lookup.bills.length === 0) return { text: t("automation.billingNoneOpen"), done: true };
    return { text: billsText(t, lookup.bills), done: true };
  } catch (error) {
    deps.log?.warn("Billing lookup failed: a person takes over", {
      companyId,
      reason: error instanceof Error ? error.message : String(error),
    });
    return { text: t("automation.billingUnavailable"), done: true };
  }
}

const money = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });

/** "2026-12-10" as "10/12/2026". */
function dayText(day: string): string {
  const parts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return parts ? `${parts[3]}/${parts[2]}/${parts[1]}` : day;
}

export function billsText(t: TFunction, bills: OpenBill[]): string {
  const blocks = bills.map((bill) =>
    [
      t("automation.billingBill", {
        date: dayText(bill.dueDate),
        // A non-breaking space would show as a box on some phones.
        value: Number.isFinite(bill.value) ? money.format(bill.value).replace(/\s/g, " ") : "—",
      }),
      bill.digitableLine && t("automation.billingLine", { line: bill.digitableLine }),
      bill.pixCode && t("automation.billingPix", { pix: bill.pixCode }),
    ].filter(Boolean).join("\n")
  );
  return [t("automation.billingFound", { count: bills.length }), ...blocks].join("\n\n");
}
