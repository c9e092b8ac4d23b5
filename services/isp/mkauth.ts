/**
 * MK-Auth (settings `ipmkauth`, `clientidmkauth`, `clientsecretmkauth`): its API hands out a
 * bearer token for the client id and secret (HTTP Basic on `/api/`), finds the customer by
 * CPF/CNPJ (`/api/cliente/show/{document}`) and lists the customer's titles by login
 * (`/api/titulo/titulos/{login}`); open ones are "aberto" (or "vencido" when overdue).
 */
import { amountOf, baseUrlOf, dayOf, ispJson, ispText, textOf } from "./http.ts";
import { type BillingSystem, type IspCallOptions, MAX_BILLS } from "./types.ts";

const OPEN = new Set(["aberto", "vencido"]);

export function mkauthSystem(
  host: string,
  clientId: string,
  clientSecret: string,
  options: IspCallOptions,
): BillingSystem {
  const base = `${baseUrlOf(host)}/api`;
  return {
    name: "mkauth",
    async openBills(document) {
      const token = await ispText(options, `${base}/`, {
        headers: { authorization: `Basic ${btoa(`${clientId}:${clientSecret}`)}` },
      });
      const auth = { authorization: `Bearer ${token.replace(/^"|"$/g, "")}` };
      const customer = await ispJson(options, `${base}/cliente/show/${document.digits}`, {
        headers: auth,
      }) as Record<string, unknown>;
      const login = textOf(customer?.login);
      if (!login) return null;
      const answer = await ispJson(
        options,
        `${base}/titulo/titulos/${encodeURIComponent(login)}`,
        { headers: auth },
      ) as { titulos?: Record<string, unknown>[] } | Record<string, unknown>[];
      const titles = Array.isArray(answer) ? answer : answer.titulos ?? [];
      return titles
        .filter((title) => OPEN.has(String(title.status ?? "").toLowerCase()))
        .map((title) => ({
          dueDate: dayOf(title.datavenc),
          value: amountOf(title.valor),
          digitableLine: textOf(title.linhadig),
          pixCode: textOf(title.pix_copia_cola ?? title.pix),
        }))
        .sort((a, b) => a.dueDate.localeCompare(b.dueDate))
        .slice(0, MAX_BILLS);
    },
  };
}
