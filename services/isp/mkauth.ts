/**
 * MK-Auth (settings `ipmkauth`, `clientidmkauth`, `clientsecretmkauth`): its API hands out a
 * bearer token for the client id and secret (HTTP Basic on `/api/`), then finds the customer
 * by CPF/CNPJ (`/api/cliente/show/{document}`). MK-Auth answers in more than one shape, and
 * each is read:
 * - `{dados_cliente: {titulos: {...} | [...]}}`, the customer's titles inside (what the
 *   "segunda via" flows built against MK-Auth read), the Pix copy-and-paste in `qrcode`;
 * - a top-level (or `dados_cliente`) `login` without titles, whose titles are then listed by
 *   `/api/titulo/titulos/{login}` (`{titulos: [...]}` or a bare list);
 * - a bare `NULL` (or a "not found" message) for a document nobody has: no customer.
 * An `error` in the answer is a failure, never "no customer". Open titles are "aberto" (or
 * "vencido" when overdue); a title without a status is the one MK-Auth gives as due.
 */
import { amountOf, baseUrlOf, dayOf, IspCallError, ispJson, ispText, textOf } from "./http.ts";
import { type BillingSystem, type IspCallOptions, MAX_BILLS, type OpenBill } from "./types.ts";

const OPEN = new Set(["aberto", "vencido"]);

type Row = Record<string, unknown>;

const isRow = (value: unknown): value is Row =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A list of titles from a list, one title, or `{titulos}`. */
function titlesIn(value: unknown): Row[] {
  if (Array.isArray(value)) return value.filter(isRow);
  if (isRow(value) && "titulos" in value) return titlesIn(value.titulos);
  return isRow(value) ? [value] : [];
}

/** MK-Auth said it failed (an `error` field), which must not read as "no customer". */
function assertNoError(answer: unknown, where: string): void {
  const error = isRow(answer) ? answer.error ?? answer.erro : undefined;
  if (error) throw new IspCallError(`${where} answered an error: ${String(textOf(error) ?? "")}`);
}

function billOf(title: Row): OpenBill {
  return {
    dueDate: dayOf(title.datavenc),
    value: amountOf(title.valor),
    digitableLine: textOf(title.linhadig),
    pixCode: textOf(title.pix_copia_cola ?? title.pix ?? title.qrcode),
  };
}

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
      });
      assertNoError(customer, "cliente/show");
      if (!isRow(customer)) return null;
      const data = isRow(customer.dados_cliente) ? customer.dados_cliente : customer;
      let titles: Row[];
      if ("titulos" in data) {
        titles = titlesIn(data.titulos);
      } else {
        const login = textOf(data.login);
        if (!login) return null;
        const answer = await ispJson(
          options,
          `${base}/titulo/titulos/${encodeURIComponent(login)}`,
          { headers: auth },
        );
        assertNoError(answer, "titulo/titulos");
        titles = titlesIn(answer);
      }
      return titles
        .filter((title) => {
          const status = textOf(title.status)?.toLowerCase();
          return status === undefined || OPEN.has(status);
        })
        .map(billOf)
        .sort((a, b) => a.dueDate.localeCompare(b.dueDate))
        .slice(0, MAX_BILLS);
    },
  };
}
