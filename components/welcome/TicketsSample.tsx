/**
 * Tabs over a tickets table, switched by links (`?tab=`) so it works without JavaScript.
 * The "closed" tab is deliberately empty to show the table's empty state.
 */
import { ChatIcon, InboxIcon } from "../icons.tsx";
import { Badge, TICKET_STATUS_TONE } from "../ui/Badge.tsx";
import { Button } from "../ui/Button.tsx";
import { EmptyState } from "../ui/EmptyState.tsx";
import { Table, type TableColumn } from "../ui/Table.tsx";
import { TabPanel, Tabs } from "../ui/Tabs.tsx";
import type { Lang, TFunction } from "../../lib/i18n/languages.ts";

export const SAMPLE_TABS = ["open", "pending", "closed"] as const;
export type SampleTab = typeof SAMPLE_TABS[number];

interface SampleTicket {
  id: number;
  contact: string;
  queueKey: string;
  status: "open" | "pending";
  minutesAgo: number;
  unread: number;
}

const SAMPLE: SampleTicket[] = [
  {
    id: 1,
    contact: "Ana Ribeiro",
    queueKey: "gallery.queueSupport",
    status: "open",
    minutesAgo: 2,
    unread: 3,
  },
  {
    id: 2,
    contact: "Carlos Mendes",
    queueKey: "gallery.queueSales",
    status: "open",
    minutesAgo: 14,
    unread: 0,
  },
  {
    id: 3,
    contact: "Juliana Prado",
    queueKey: "gallery.queueBilling",
    status: "pending",
    minutesAgo: 47,
    unread: 1,
  },
];

const STATUS_KEY = { open: "gallery.statusOpen", pending: "gallery.statusPending" } as const;

export function TicketsSample({ tab, t, lang }: { tab: SampleTab; t: TFunction; lang: Lang }) {
  const rows = SAMPLE.filter((ticket) => ticket.status === tab);
  const ago = new Intl.RelativeTimeFormat(lang, { numeric: "auto", style: "short" });
  const columns: TableColumn<SampleTicket>[] = [
    {
      key: "contact",
      label: t("gallery.colContact"),
      cell: (row) => (
        <span class="flex items-center gap-2.5 font-medium">
          <span class="hidden size-8 shrink-0 place-items-center rounded-full sm:grid bg-brand-100 text-xs font-semibold text-brand-800 dark:bg-brand-900 dark:text-brand-200">
            {row.contact.split(" ").map((part) => part[0]).join("")}
          </span>
          <span class="truncate">{row.contact}</span>
          {row.unread > 0 && (
            <Badge tone="brand">{t("gallery.newMessages", { count: row.unread })}</Badge>
          )}
        </span>
      ),
    },
    {
      key: "queue",
      label: t("gallery.colQueue"),
      hideOnMobile: true,
      cell: (row) => t(row.queueKey),
    },
    {
      key: "status",
      label: t("gallery.colStatus"),
      cell: (row) => (
        <Badge tone={TICKET_STATUS_TONE[row.status]} dot>{t(STATUS_KEY[row.status])}</Badge>
      ),
    },
    {
      key: "updated",
      label: t("gallery.colUpdated"),
      align: "end",
      hideOnMobile: true,
      cell: (row) => (
        <span class="tabular-nums text-fg-muted">{ago.format(-row.minutesAgo, "minute")}</span>
      ),
    },
  ];
  const labels = {
    open: "gallery.tabOpen",
    pending: "gallery.tabPending",
    closed: "gallery.tabClosed",
  };

  return (
    <div id="tickets" class="scroll-mt-20">
      <Tabs
        idBase="sample"
        label={t("gallery.tabsLabel")}
        selected={tab}
        tabs={SAMPLE_TABS.map((id) => ({
          id,
          label: t(labels[id]),
          count: SAMPLE.filter((ticket) => ticket.status === id).length,
          href: `?tab=${id}#tickets`,
        }))}
      />
      <TabPanel idBase="sample" tab={tab} class="pt-4">
        <Table
          caption={t("gallery.tableCaption")}
          columns={columns}
          rows={rows}
          rowKey={(row) => row.id}
          empty={
            <EmptyState
              icon={<InboxIcon size={22} />}
              title={t("gallery.emptyTitle")}
              text={t("gallery.emptyText")}
              action={
                <Button variant="secondary" size="sm" href="#tickets">
                  <ChatIcon size={16} />
                  {t("gallery.emptyAction")}
                </Button>
              }
            />
          }
        />
      </TabPanel>
    </div>
  );
}
