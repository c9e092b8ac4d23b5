/** The invoices table of /financeiro (admin §2): id, details, value, due date, status, action. */
import type { ComponentChildren } from "preact";
import { Badge } from "../ui/Badge.tsx";
import { Table, type TableColumn } from "../ui/Table.tsx";
import { formatBRL, formatDay } from "../admin/format.ts";
import type { TFunction } from "../../lib/i18n/mod.ts";
import { invoiceState, STATE_TONE } from "./status.ts";

export interface InvoiceRow {
  id: number;
  companyName: string;
  detail: string;
  value: number;
  dueDate: string;
  status: string;
}

export function InvoicesTable(
  { rows, t, lang, today, showCompany, action, empty }: {
    rows: InvoiceRow[];
    t: TFunction;
    lang: string;
    today: string;
    showCompany: boolean;
    action: (row: InvoiceRow) => ComponentChildren;
    empty: ComponentChildren;
  },
) {
  const columns: TableColumn<InvoiceRow>[] = [
    { key: "id", label: t("billing.columns.id"), cell: (row) => `#${row.id}` },
    ...(showCompany
      ? [{
        key: "company",
        label: t("billing.columns.company"),
        hideOnMobile: true,
        cell: (row: InvoiceRow) => row.companyName,
      }]
      : []),
    {
      key: "detail",
      label: t("billing.columns.detail"),
      growOnMobile: true,
      cell: (row) => <span class="font-medium text-fg">{row.detail}</span>,
    },
    {
      key: "value",
      label: t("billing.columns.value"),
      align: "end",
      stackedSlot: "side",
      cell: (row) => <span class="tabular-nums">{formatBRL(row.value)}</span>,
    },
    {
      key: "dueDate",
      label: t("billing.columns.dueDate"),
      hideOnMobile: true,
      cell: (row) => <span class="tabular-nums">{formatDay(row.dueDate, lang)}</span>,
    },
    {
      key: "status",
      label: t("billing.columns.status"),
      cell: (row) => {
        const state = invoiceState(row, today);
        return <Badge tone={STATE_TONE[state]} dot>{t(`billing.status.${state}`)}</Badge>;
      },
    },
    {
      key: "action",
      label: t("billing.columns.action"),
      align: "end",
      stackedSlot: "below",
      cell: action,
    },
  ];
  return (
    <Table
      columns={columns}
      rows={rows}
      rowKey={(row) => row.id}
      caption={t("billing.title")}
      stackOnMobile
      empty={empty}
      rowClass={(row) => invoiceState(row, today) === "overdue" && "bg-red-50 dark:bg-red-950/40"}
    />
  );
}
