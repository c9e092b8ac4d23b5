/** The company's plan at a glance for admins: due date, limits and which features it has. */
import type { TFunction } from "../../lib/i18n/languages.ts";
import type { CompanyOverview } from "../../services/accounts/overview.ts";
import { PLAN_FEATURES, type PlanFeatures } from "../../services/accounts/permissions.ts";
import { CheckIcon, XIcon } from "../icons.tsx";
import { Badge } from "../ui/Badge.tsx";
import { Button } from "../ui/Button.tsx";
import { Card } from "../ui/Card.tsx";
import { cx } from "../ui/cx.ts";

export interface SubscriptionCardProps {
  t: TFunction;
  overview: CompanyOverview;
  features: PlanFeatures;
  dueDateLabel: string | null;
  /** Whole days until the due date, when there is one. */
  daysLeft: number | null;
}

function limit(t: TFunction, used: number | null, max: number) {
  if (max <= 0) return used === null ? t("home.plan.unlimited") : String(used);
  return used === null ? t("home.plan.upTo", { count: max }) : t("home.plan.of", { used, max });
}

export function SubscriptionCard(
  { t, overview, features, dueDateLabel, daysLeft }: SubscriptionCardProps,
) {
  const soon = daysLeft !== null && daysLeft < 5;
  const rows = [
    { key: "users", value: limit(t, overview.users, overview.limits.users) },
    { key: "connections", value: limit(t, null, overview.limits.connections) },
    { key: "queues", value: limit(t, null, overview.limits.queues) },
  ];
  return (
    <Card
      title={t("home.plan.title")}
      aside={<Badge tone="brand">{overview.planName}</Badge>}
    >
      <div
        class={cx(
          "rounded-lg px-3.5 py-3",
          soon
            ? "bg-amber-50 text-amber-900 dark:bg-amber-950/60 dark:text-amber-100"
            : "bg-surface-muted",
        )}
      >
        <p class="text-xs font-medium uppercase tracking-wide text-fg-subtle">
          {t("home.plan.dueDate")}
        </p>
        <p class="mt-0.5 text-lg font-semibold tabular-nums">
          {dueDateLabel ?? t("home.plan.noDueDate")}
        </p>
        {daysLeft !== null && (
          <p class="text-[13px]">{t("home.plan.daysLeft", { count: daysLeft })}</p>
        )}
      </div>
      <dl class="mt-4 divide-y divide-line text-sm">
        {rows.map((row) => (
          <div key={row.key} class="flex items-center justify-between gap-4 py-2">
            <dt class="text-fg-muted">{t(`home.plan.${row.key}`)}</dt>
            <dd class="font-medium tabular-nums">{row.value}</dd>
          </div>
        ))}
      </dl>
      <p class="mt-4 text-xs font-medium uppercase tracking-wide text-fg-subtle">
        {t("home.plan.features")}
      </p>
      <ul class="mt-2 grid grid-cols-1 gap-1.5 text-[13px] sm:grid-cols-2">
        {PLAN_FEATURES.map((feature) => (
          <li
            key={feature}
            class={cx(
              "flex items-center gap-1.5",
              features[feature] ? "text-fg" : "text-fg-subtle line-through",
            )}
          >
            {features[feature]
              ? <CheckIcon size={15} class="shrink-0 text-brand-600 dark:text-brand-400" />
              : <XIcon size={15} class="shrink-0" />}
            {t(`home.features.${feature}`)}
            {!features[feature] && <span class="sr-only">{t("home.plan.notIncluded")}</span>}
          </li>
        ))}
      </ul>
      <Button href="/financeiro" variant="secondary" size="sm" class="mt-5 w-full">
        {t("home.plan.billing")}
      </Button>
    </Card>
  );
}
