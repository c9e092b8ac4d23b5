/**
 * /campaign/{id}/report (admin §2 "Report page with a progress bar and counters"): the
 * status, a progress bar, the counters and the shipments, kept live by the sweep's
 * `progress` events on `company-{id}-campaign`; the list is fetched again 5 s after the
 * campaign finishes (admin §4) and whenever counters move, at most once a second.
 */
import { useEffect, useRef, useState } from "preact/hooks";
import { channels } from "../lib/realtime/channels.ts";
import { Badge } from "../components/ui/Badge.tsx";
import { Button } from "../components/ui/Button.tsx";
import { STATUS_TONES } from "./campaigns/status_tones.ts";
import { api } from "../lib/client/api.ts";
import { useChannel } from "../lib/client/channel.ts";
import { clientLanguage, useT } from "../lib/i18n/client.ts";
import { formatDateTime } from "../lib/i18n/format.ts";
import { toastError } from "../lib/ui/toast.ts";
import type { CampaignReport as Report } from "../services/campaigns/report.ts";

const COUNTERS = ["planned", "delivered", "confirmationRequested", "confirmed", "failed"] as const;

export default function CampaignReport(
  { companyId, campaignId }: { companyId: number; campaignId: number },
) {
  const t = useT();
  const [report, setReport] = useState<Report | null>(null);
  const pending = useRef<ReturnType<typeof setTimeout>>();
  const load = () =>
    api<Report>(`/api/campaigns/${campaignId}/report`).then(setReport).catch(() => toastError());
  useEffect(() => {
    void load();
    return () => clearTimeout(pending.current);
  }, []);
  useChannel(channels.campaign(companyId), (data) => {
    const event = data as {
      action: string;
      id?: number;
      record?: { id: number };
      counts?: Report["counts"];
      status?: string;
    };
    const id = event.id ?? event.record?.id;
    if (id !== campaignId) return;
    if (event.action === "progress" && event.counts) {
      setReport((current) =>
        current &&
        {
          ...current,
          counts: event.counts!,
          campaign: { ...current.campaign, status: event.status as Report["campaign"]["status"] },
        }
      );
    }
    clearTimeout(pending.current);
    pending.current = setTimeout(load, event.status === "FINALIZADA" ? 5000 : 1000);
  });

  if (!report) return <p class="py-8 text-center text-fg-muted">{t("common.loading")}</p>;
  const { campaign, counts } = report;
  const done = counts.delivered + counts.failed + counts.expired;
  const percent = counts.planned === 0 ? 0 : Math.round((done / counts.planned) * 100);
  const time = (iso: string | null) => iso ? formatDateTime(iso, clientLanguage()) : "—";
  return (
    <div class="flex flex-col gap-5">
      <div class="flex flex-wrap items-center gap-2">
        <Badge tone={STATUS_TONES[campaign.status]} dot>
          {t(`campaigns.status.${campaign.status}`)}
        </Badge>
        {campaign.pausedAt && <Badge tone="warning">{t("campaigns.paused")}</Badge>}
        {/* Only what is set: a draft without connection or list read "· · —". */}
        <span class="text-[13px] text-fg-muted">
          {[
            campaign.whatsapp?.name,
            campaign.contactList?.name,
            campaign.scheduledAt && time(campaign.scheduledAt),
          ].filter(Boolean).join(" · ")}
        </span>
        <Button class="ml-auto" variant="secondary" href="/campaigns">
          {t("campaigns.backToList")}
        </Button>
      </div>
      <div class="flex flex-col gap-1">
        <div class="flex justify-between text-[13px] text-fg-muted">
          <span>{t("campaigns.report.progress")}</span>
          <span class="tabular-nums" data-testid="report-percent">{percent}%</span>
        </div>
        <div
          class="h-3 w-full overflow-hidden rounded-full bg-surface-muted"
          role="progressbar"
          aria-valuenow={percent}
          aria-valuemin={0}
          aria-valuemax={100}
        >
          <div class="h-full bg-brand-600 transition-all" style={{ width: `${percent}%` }} />
        </div>
      </div>
      <dl class="grid grid-cols-2 gap-3 sm:grid-cols-5">
        {COUNTERS.map((key) => (
          <div key={key} class="rounded-lg border border-line bg-surface p-3">
            <dt class="text-[12px] text-fg-muted">{t(`campaigns.report.counters.${key}`)}</dt>
            <dd class="text-2xl font-semibold tabular-nums" data-testid={`count-${key}`}>
              {counts[key]}
            </dd>
          </div>
        ))}
      </dl>
      <div class="overflow-x-auto rounded-lg border border-line">
        <table class="w-full text-sm">
          <caption class="sr-only">{t("campaigns.report.shipments")}</caption>
          <thead class="bg-surface-muted text-left text-[12px] text-fg-muted">
            <tr>
              <th class="px-3 py-2">{t("campaigns.items.name")}</th>
              <th class="hidden px-3 py-2 sm:table-cell">{t("campaigns.items.number")}</th>
              <th class="hidden px-3 py-2 sm:table-cell">{t("campaigns.report.planned")}</th>
              <th class="px-3 py-2">{t("campaigns.report.state")}</th>
            </tr>
          </thead>
          <tbody>
            {report.shipping.length === 0 && (
              <tr>
                <td colSpan={4} class="px-3 py-6 text-center text-fg-muted">
                  {t("campaigns.report.noShipments")}
                </td>
              </tr>
            )}
            {report.shipping.map((s) => (
              <tr key={s.id} class="border-t border-line">
                <td class="px-3 py-2">
                  {s.name}
                  {/* On a phone the number stands under the name, keeping the state in view. */}
                  <span class="block text-[12px] text-fg-subtle tabular-nums sm:hidden">
                    {s.number}
                  </span>
                </td>
                <td class="hidden px-3 py-2 tabular-nums sm:table-cell">{s.number}</td>
                <td class="hidden px-3 py-2 tabular-nums sm:table-cell">{time(s.plannedAt)}</td>
                <td class="px-3 py-2">
                  {s.deliveredAt
                    ? t("campaigns.report.delivered", { at: time(s.deliveredAt) })
                    : s.failedAt
                    ? t("campaigns.report.failed")
                    : s.expiredAt
                    ? t("campaigns.report.expired")
                    : s.confirmationRequestedAt
                    ? t("campaigns.report.waitingConfirmation")
                    : t("campaigns.report.waiting")}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
