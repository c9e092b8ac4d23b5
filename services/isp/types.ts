/** The shapes of the ISP billing lookups (issue 18 item 5), shared by the adapters. */
import type { OutboundFetch } from "../../lib/net/outbound.ts";
import type { TaxDocument } from "./document.ts";

/** An open bill as the customer is told about it. */
export interface OpenBill {
  /** "2026-12-10". */
  dueDate: string;
  /** In reais. */
  value: number;
  /** The boleto's digitable line, when the system has one. */
  digitableLine: string | null;
  /** Pix copy-and-paste ("000201…"), when the system has one. */
  pixCode: string | null;
}

/** One billing system: the customer's open bills, or null when no customer has the document. */
export interface BillingSystem {
  name: "ixc" | "mkauth" | "asaas";
  openBills(document: TaxDocument): Promise<OpenBill[] | null>;
}

/** What every adapter call needs besides its credentials. */
export interface IspCallOptions {
  /** The installation's guarded client (`ALLOW_PRIVATE_HOSTS` applied). */
  outbound: OutboundFetch;
}

/** Bills told at most in one answer, the nearest due first. */
export const MAX_BILLS = 5;
