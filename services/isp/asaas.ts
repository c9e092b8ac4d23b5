/**
 * Asaas (setting `asaas`, the API key, sent as the `access_token` header): the customer by
 * `cpfCnpj`, their payments still PENDING or OVERDUE, and for each one the boleto's
 * identification field and the Pix payload. The address is Asaas's own unless
 * `ASAAS_BASE_URL` names another (its sandbox, or a test's fake).
 */
import { amountOf, dayOf, ispJson, textOf } from "./http.ts";
import { type BillingSystem, type IspCallOptions, MAX_BILLS } from "./types.ts";

export const ASAAS_BASE_URL = "https://api.asaas.com/v3";
const OPEN = new Set(["PENDING", "OVERDUE"]);

interface AsaasList {
  data?: Record<string, unknown>[];
}

export function asaasSystem(
  apiKey: string,
  options: IspCallOptions & { baseUrl?: string },
): BillingSystem {
  const base = (options.baseUrl ?? ASAAS_BASE_URL).replace(/\/+$/, "");
  const get = (path: string) =>
    ispJson(options, `${base}${path}`, { headers: { access_token: apiKey } });
  /** A detail the bill may lack (a Pix-only charge has no line): null rather than a failure. */
  const optional = async (path: string, field: string) => {
    try {
      return textOf(((await get(path)) as Record<string, unknown> | null)?.[field]);
    } catch {
      return null;
    }
  };
  return {
    name: "asaas",
    async openBills(document) {
      const customers = await get(`/customers?cpfCnpj=${document.digits}`) as AsaasList | null;
      const customerId = textOf(customers?.data?.[0]?.id);
      if (!customerId) return null;
      const payments = await get(
        `/payments?customer=${encodeURIComponent(customerId)}&limit=100`,
      ) as AsaasList | null;
      const open = (payments?.data ?? [])
        .filter((payment) => OPEN.has(String(payment.status)))
        .sort((a, b) => String(a.dueDate).localeCompare(String(b.dueDate)))
        .slice(0, MAX_BILLS);
      const bills = [];
      for (const payment of open) {
        const id = encodeURIComponent(String(payment.id));
        bills.push({
          dueDate: dayOf(payment.dueDate),
          value: amountOf(payment.value),
          digitableLine: await optional(
            `/payments/${id}/identificationField`,
            "identificationField",
          ),
          pixCode: await optional(`/payments/${id}/pixQrCode`, "payload"),
        });
      }
      return bills;
    },
  };
}
