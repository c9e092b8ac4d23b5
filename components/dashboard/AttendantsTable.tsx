/** The attendants of the period (core §3): rating, attendances, average time and status. */
import type { TFunction } from "../../lib/i18n/languages.ts";
import type { Attendant } from "../../services/dashboard/counters.ts";
import { Badge } from "../ui/Badge.tsx";
import { Table } from "../ui/Table.tsx";
import { formatMinutes } from "./format.ts";

export function AttendantsTable({ t, attendants }: { t: TFunction; attendants: Attendant[] }) {
  return (
    <Table<Attendant>
      rows={attendants}
      rowKey={(row) => row.id}
      caption={t("dashboard.attendants.title")}
      empty={t("dashboard.attendants.empty")}
      columns={[
        {
          key: "name",
          label: t("dashboard.attendants.name"),
          cell: (row) => <span class="font-medium text-fg">{row.name}</span>,
          growOnMobile: true,
        },
        {
          key: "rating",
          label: t("dashboard.attendants.rating"),
          cell: (row) =>
            row.rating === null
              ? <span class="text-fg-subtle">{t("dashboard.attendants.noRating")}</span>
              : t("dashboard.attendants.ratingOf", { rating: row.rating, count: row.ratings }),
          hideOnMobile: true,
        },
        {
          key: "tickets",
          label: t("dashboard.attendants.tickets"),
          align: "end",
          cell: (row) => <span class="tabular-nums">{row.tickets}</span>,
        },
        {
          key: "time",
          label: t("dashboard.attendants.avgTime"),
          align: "end",
          cell: (row) => <span class="tabular-nums">{formatMinutes(t, row.avgSupportTime)}</span>,
          hideOnMobile: true,
        },
        {
          key: "status",
          label: t("dashboard.attendants.status"),
          cell: (row) => (
            <Badge tone={row.online ? "success" : "neutral"} dot>
              {t(`dashboard.attendants.${row.online ? "online" : "offline"}`)}
            </Badge>
          ),
        },
      ]}
    />
  );
}
