/**
 * IXC Soft (settings `ipixc`, `tokenixc`): its webservice takes the token as HTTP Basic
 * credentials and list queries as POSTs marked `ixcsoft: listar`. The customer is found by
 * `cliente.cnpj_cpf` (stored formatted), the open receivables (`status` "A") by client id,
 * and each one's Pix copy-and-paste from `get_pix`. IXC reports a refusal (a token without
 * permission, a bad query) inside a 200 as `{type: "error", message}`: that is a failure,
 * never "no customer"; an answer without `registros` is an empty list.
 */
import { formatTaxDocument } from "./document.ts";
import { amountOf, baseUrlOf, dayOf, IspCallError, ispJson, textOf } from "./http.ts";
import { type BillingSystem, type IspCallOptions, MAX_BILLS, type OpenBill } from "./types.ts";

interface IxcList {
  type?: string;
  message?: unknown;
  registros?: Record<string, unknown>[];
}

export function ixcSystem(host: string, token: string, options: IspCallOptions): BillingSystem {
  const base = `${baseUrlOf(host)}/webservice/v1`;
  const auth = { authorization: `Basic ${btoa(token)}` };
  const list = async (table: string, body: Record<string, string>) => {
    const answer = await ispJson(options, `${base}/${table}`, {
      method: "POST",
      headers: { ...auth, ixcsoft: "listar" },
      body: { oper: "=", page: "1", ...body },
    }) as IxcList | null;
    if (answer?.type === "error") {
      throw new IspCallError(`${table} answered an error: ${textOf(answer.message) ?? ""}`);
    }
    return Array.isArray(answer?.registros) ? answer.registros : [];
  };

  const pixOf = async (billId: string): Promise<string | null> => {
    try {
      const answer = await ispJson(options, `${base}/get_pix`, {
        method: "POST",
        headers: auth,
        body: { id_areceber: billId },
      }) as { pix?: { qrCode?: { qrcode?: unknown } } };
      return textOf(answer.pix?.qrCode?.qrcode);
    } catch {
      // A bill without Pix still has its line.
      return null;
    }
  };

  return {
    name: "ixc",
    async openBills(document) {
      const [customer] = await list("cliente", {
        qtype: "cliente.cnpj_cpf",
        query: formatTaxDocument(document),
        rp: "1",
      });
      const customerId = textOf(customer?.id);
      if (!customerId) return null;
      const receivables = await list("fn_areceber", {
        qtype: "fn_areceber.id_cliente",
        query: customerId,
        rp: "50",
        sortname: "fn_areceber.data_vencimento",
        sortorder: "asc",
        grid_param: JSON.stringify([{ TB: "fn_areceber.status", OP: "=", P: "A" }]),
      });
      const open = receivables.filter((bill) => bill.status === "A").slice(0, MAX_BILLS);
      const bills: OpenBill[] = [];
      for (const bill of open) {
        bills.push({
          dueDate: dayOf(bill.data_vencimento),
          value: amountOf(bill.valor),
          digitableLine: textOf(bill.linha_digitavel),
          pixCode: await pixOf(String(bill.id)),
        });
      }
      return bills;
    },
  };
}
