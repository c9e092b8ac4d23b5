/**
 * /financeiro (admin §2): the invoices, searched and loaded page by page as the reader
 * scrolls; "PAGAR" opens the checkout wizard for an unpaid invoice and a paid one shows a
 * disabled "PAGO". The super user sees every company's invoices and marks one paid by hand.
 */
import { useRef, useState } from "preact/hooks";
import { Button } from "../components/ui/Button.tsx";
import { EmptyState } from "../components/ui/EmptyState.tsx";
import { SearchBox } from "../components/lists/SearchBox.tsx";
import { InvoicesTable } from "../components/billing/InvoicesTable.tsx";
import { api } from "../lib/client/api.ts";
import { nearEnd, useFillScroller, usePagedList, useSearchTerm } from "../lib/client/paged_list.ts";
import { clientLanguage, useT } from "../lib/i18n/client.ts";
import type { Invoice } from "../services/billing/invoices.ts";
import { CheckoutDialog, type CheckoutPlan } from "./billing/CheckoutDialog.tsx";
import { MarkPaidDialog } from "./billing/MarkPaidDialog.tsx";

export interface InvoicesManagerProps {
  initial: { invoices: Invoice[]; hasMore: boolean };
  companyId: number;
  isSuper: boolean;
  /** Only admins pay (the checkout is theirs). */
  canPay: boolean;
  plan: CheckoutPlan;
  /** Today (UTC) on the server, so "Vencido" agrees with the sign-in check. */
  today: string;
  /** Opens the checkout of this invoice at once (`/financeiro?pay=ID`). */
  payNow: number | null;
}

export default function InvoicesManager(props: InvoicesManagerProps) {
  const t = useT();
  const lang = clientLanguage();
  const [typed, setTyped] = useState("");
  const search = useSearchTerm(typed);
  const list = usePagedList<Invoice>(
    async (pageNumber, term) => {
      const page = await api<{ invoices: Invoice[]; hasMore: boolean }>("/api/invoices/all", {
        query: { searchParam: term || undefined, pageNumber },
      });
      return { rows: page.invoices, hasMore: page.hasMore };
    },
    search,
    { initial: { rows: props.initial.invoices, hasMore: props.initial.hasMore } },
  );
  const initialPay = props.initial.invoices.find((i) =>
    i.id === props.payNow && i.status !== "paid"
  );
  const [paying, setPaying] = useState<Invoice | null>(initialPay ?? null);
  const [marking, setMarking] = useState<Invoice | null>(null);
  const scroller = useRef<HTMLDivElement>(null);

  useFillScroller(scroller, list);

  const replace = (invoice: Invoice) =>
    list.setRows((rows) => rows.map((row) => (row.id === invoice.id ? invoice : row)));

  return (
    <div class="flex flex-col gap-4">
      <SearchBox
        value={typed}
        label={t("billing.search")}
        placeholder={t("billing.searchPlaceholder")}
        onInput={setTyped}
        class="sm:max-w-sm"
      />
      <div
        ref={scroller}
        data-testid="invoices-scroll"
        class="max-h-[calc(100dvh-16rem)] min-h-64 overflow-y-auto"
        onScroll={(event) => nearEnd(event.currentTarget as HTMLElement) && list.loadMore()}
      >
        <InvoicesTable
          rows={list.rows}
          t={t}
          lang={lang}
          today={props.today}
          showCompany={props.isSuper}
          empty={
            <EmptyState
              title={t("billing.empty")}
              text={typed.trim() ? undefined : t("billing.emptyText")}
            />
          }
          action={(row) => {
            const invoice = row as Invoice;
            if (invoice.status === "paid") {
              return <Button size="sm" variant="secondary" disabled>{t("billing.paid")}</Button>;
            }
            return (
              <div class="flex justify-end gap-2">
                {props.isSuper && (
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => setMarking(invoice)}
                  >
                    {t("billing.markPaid")}
                  </Button>
                )}
                {props.canPay && invoice.companyId === props.companyId && (
                  <Button
                    size="sm"
                    onClick={() => setPaying(invoice)}
                    data-testid="pay-invoice"
                  >
                    {t("billing.pay")}
                  </Button>
                )}
              </div>
            );
          }}
        />
      </div>
      {list.loading && <p class="text-center text-sm text-fg-subtle">…</p>}
      {paying && (
        <CheckoutDialog
          invoice={paying}
          plan={props.plan}
          companyId={props.companyId}
          onClose={() => setPaying(null)}
          onPaid={() => replace({ ...paying, status: "paid", paidAt: new Date().toISOString() })}
        />
      )}
      {marking && (
        <MarkPaidDialog
          invoice={marking}
          onClose={() => setMarking(null)}
          onPaid={(invoice) => {
            replace(invoice);
            setMarking(null);
          }}
        />
      )}
    </div>
  );
}
