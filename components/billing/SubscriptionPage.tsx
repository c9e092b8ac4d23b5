/** /subscription (admin §2): the plan, its limits, the trial, the next invoice and history. */
import { Badge } from "../ui/Badge.tsx";
import { Card } from "../ui/Card.tsx";
import { buttonClasses } from "../ui/Button.tsx";
import { ListPageHeading } from "../lists/ListPageHeading.tsx";
import { formatBRL, formatDay } from "../admin/format.ts";
import type { TFunction } from "../../lib/i18n/mod.ts";
import type { SubscriptionOverview } from "../../services/billing/overview.ts";
import { invoiceState, STATE_TONE } from "./status.ts";

export function SubscriptionPage(
  { overview, t, lang, today }: {
    overview: SubscriptionOverview;
    t: TFunction;
    lang: string;
    today: string;
  },
) {
  const { plan, nextInvoice } = overview;
  return (
    <div class="flex flex-col gap-5">
      <ListPageHeading
        title={t("billing.subscription.title")}
        intro={t("billing.subscription.intro")}
      />
      <div class="grid gap-4 lg:grid-cols-3">
        <Card title={t("billing.subscription.plan")} class="lg:col-span-2">
          <div class="flex flex-wrap items-baseline justify-between gap-2">
            <p class="text-xl font-semibold text-fg">{plan.name}</p>
            <p class="text-sm text-fg-muted">
              {t("billing.subscription.price", { value: formatBRL(plan.value) })} ·{" "}
              {t(`billing.subscription.recurrences.${overview.recurrence}`)}
            </p>
          </div>
          <dl class="mt-4 grid grid-cols-3 gap-3 text-center">
            {(["users", "connections", "queues"] as const).map((limit) => (
              <div key={limit} class="rounded-xl bg-surface-muted p-3">
                <dt class="text-xs text-fg-subtle">{t(`billing.subscription.${limit}`)}</dt>
                <dd class="text-lg font-semibold tabular-nums text-fg">{plan[limit]}</dd>
              </div>
            ))}
          </dl>
          <div class="mt-4 flex flex-col gap-1 text-sm text-fg-muted">
            {overview.dueDate && (
              <p>
                {t("billing.subscription.dueDate")}:{" "}
                <strong class="tabular-nums text-fg">{formatDay(overview.dueDate, lang)}</strong>
              </p>
            )}
            {overview.trialDaysLeft !== null && (
              <p data-testid="trial-days">
                {overview.trialDaysLeft > 0
                  ? t("billing.subscription.trial", { count: overview.trialDaysLeft })
                  : t("billing.subscription.trialOver")}
              </p>
            )}
            {overview.email && (
              <p>{t("billing.subscription.billingEmail", { email: overview.email })}</p>
            )}
          </div>
        </Card>
        <Card title={t("billing.subscription.nextInvoice")}>
          {nextInvoice
            ? (
              <div class="flex flex-col gap-3">
                <p class="text-2xl font-semibold tabular-nums text-fg">
                  {formatBRL(nextInvoice.value)}
                </p>
                <p class="text-sm text-fg-muted">
                  #{nextInvoice.id} · {formatDay(nextInvoice.dueDate, lang)}
                </p>
                <a href={`/financeiro?pay=${nextInvoice.id}`} class={buttonClasses("primary")}>
                  {t("billing.subscription.subscribe")}
                </a>
              </div>
            )
            : <p class="text-sm text-fg-muted">{t("billing.subscription.noInvoice")}</p>}
        </Card>
      </div>
      <Card title={t("billing.subscription.history")}>
        {overview.history.length === 0
          ? <p class="text-sm text-fg-muted">{t("billing.empty")}</p>
          : (
            <ul class="divide-y divide-line">
              {overview.history.map((invoice) => {
                const state = invoiceState(invoice, today);
                return (
                  <li
                    key={invoice.id}
                    class="flex items-center justify-between gap-3 py-2.5 text-sm"
                  >
                    <span class="min-w-0 truncate text-fg">
                      #{invoice.id} · {invoice.detail}
                    </span>
                    <span class="flex shrink-0 items-center gap-3">
                      <span class="hidden tabular-nums text-fg-muted sm:inline">
                        {formatDay(invoice.dueDate, lang)}
                      </span>
                      <span class="tabular-nums text-fg">{formatBRL(invoice.value)}</span>
                      <Badge tone={STATE_TONE[state]}>{t(`billing.status.${state}`)}</Badge>
                    </span>
                  </li>
                );
              })}
            </ul>
          )}
      </Card>
    </div>
  );
}
