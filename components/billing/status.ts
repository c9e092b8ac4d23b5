/**
 * An invoice's status as people read it (admin §4): paid is "Pago"; unpaid with its due date
 * before today is "Vencido" (the row tinted red); anything else is "Em Aberto".
 */
export type InvoiceState = "paid" | "overdue" | "open";

export function invoiceState(
  invoice: { status: string; dueDate: string },
  today: string,
): InvoiceState {
  if (invoice.status === "paid") return "paid";
  return invoice.dueDate < today ? "overdue" : "open";
}

export const STATE_TONE = { paid: "success", overdue: "danger", open: "warning" } as const;
