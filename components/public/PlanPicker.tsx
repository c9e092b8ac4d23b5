/**
 * The sign-up plan picker: one radio card per plan with its name, limits, price per month
 * (BRL, Brazilian formatting, admin §1) and the features it includes. Native radios, so
 * arrow keys, forms and screen readers work as usual.
 */
import type { ComponentChildren } from "preact";
import type { TFunction } from "../../lib/i18n/languages.ts";
import type { PublicPlan } from "../../services/accounts/signup.ts";
import { AlertIcon, PhoneIcon, UsersIcon } from "../icons.tsx";
import { cx } from "../ui/cx.ts";
import { formatBRL } from "../admin/format.ts";
import { QueueIcon } from "./icons.tsx";
import { PLAN_FEATURES } from "../../services/plans/features.ts";

export interface PlanPickerProps {
  /** Prefix of the radios' ids; the first radio's id is exactly this (for focus). */
  id: string;
  t: TFunction;
  plans: PublicPlan[];
  value: number | null;
  error?: string;
  onChange: (planId: number) => void;
}

export function planPrice(t: TFunction, plan: PublicPlan): string {
  return t("public.plans.perMonth", { price: formatBRL(plan.value) });
}

export function PlanPicker({ id, t, plans, value, error, onChange }: PlanPickerProps) {
  const errorId = `${id}-error`;
  return (
    <fieldset
      class="flex min-w-0 flex-col gap-2"
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend class="mb-1.5 text-sm font-medium text-fg">
        {t("public.signup.plan")}
        <span class="ml-0.5 text-red-600 dark:text-red-400" aria-hidden="true">*</span>
      </legend>
      {plans.length === 0 && (
        <p class="rounded-lg border border-dashed border-line-strong px-3 py-4 text-center text-sm text-fg-muted">
          {t("public.signup.noPlans")}
        </p>
      )}
      {plans.map((plan, index) => {
        const checked = value === plan.id;
        const features = PLAN_FEATURES.filter((flag) => plan[flag]);
        return (
          <label
            key={plan.id}
            class={cx(
              "relative flex cursor-pointer items-start gap-3 rounded-xl border bg-surface p-3.5 transition-colors",
              "hover:border-fg-subtle has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring",
              checked
                ? "border-brand-500 bg-brand-50/70 ring-1 ring-brand-500 dark:border-brand-400 dark:bg-brand-950/50 dark:ring-brand-400"
                : error
                ? "border-red-400 dark:border-red-500/70"
                : "border-line-strong",
            )}
          >
            <input
              type="radio"
              name="planId"
              id={index === 0 ? id : `${id}-${plan.id}`}
              value={String(plan.id)}
              checked={checked}
              onChange={() => onChange(plan.id)}
              class="mt-1 size-4 shrink-0 accent-brand-600 focus-visible:outline-none dark:accent-brand-400"
            />
            <span class="min-w-0 flex-1">
              <span class="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5">
                <span class="font-semibold text-fg">{plan.name}</span>
                <span class="text-sm font-semibold text-brand-700 tabular-nums dark:text-brand-300">
                  {planPrice(t, plan)}
                </span>
              </span>
              <span class="mt-1.5 flex flex-wrap gap-x-3.5 gap-y-1 text-[13px] text-fg-muted">
                <Limit icon={<UsersIcon size={15} />}>
                  {t("public.plans.users", { count: plan.users })}
                </Limit>
                <Limit icon={<PhoneIcon size={15} />}>
                  {t("public.plans.connections", { count: plan.connections })}
                </Limit>
                <Limit icon={<QueueIcon size={15} />}>
                  {t("public.plans.queues", { count: plan.queues })}
                </Limit>
              </span>
              {features.length > 0 && (
                <span class="mt-2.5 flex flex-wrap gap-1.5">
                  {features.map((flag) => (
                    <span
                      key={flag}
                      class="rounded-md bg-surface-sunken px-1.5 py-0.5 text-[12px] font-medium text-fg-muted"
                    >
                      {t(`public.plans.features.${flag}`)}
                    </span>
                  ))}
                </span>
              )}
            </span>
          </label>
        );
      })}
      {error && (
        <p
          id={errorId}
          class="flex items-start gap-1.5 text-[13px] text-red-700 dark:text-red-400"
        >
          <AlertIcon size={15} class="mt-px shrink-0" />
          {error}
        </p>
      )}
    </fieldset>
  );
}

function Limit({ icon, children }: { icon: ComponentChildren; children: string }) {
  return (
    <span class="inline-flex items-center gap-1.5">
      <span class="text-fg-subtle">{icon}</span>
      {children}
    </span>
  );
}
