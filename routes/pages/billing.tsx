/**
 * The billing pages (admin §2): /financeiro, the invoices with the checkout wizard, and
 * /subscription, the plan and its invoices. Both open for a past-due company's admin, whose
 * every other page leads here (routes/pages/_private.tsx), so a blocked company can pay.
 */
import type { Hono } from "hono";
import { ListPageHeading } from "../../components/lists/ListPageHeading.tsx";
import { SubscriptionPage } from "../../components/billing/SubscriptionPage.tsx";
import type { AppEnv } from "../../lib/http/env.ts";
import { parseId } from "../../lib/http/params.ts";
import { formatDate } from "../../lib/i18n/format.ts";
import InvoicesManager from "../../islands/InvoicesManager.tsx";
import { isAdmin } from "../../services/accounts/permissions.ts";
import { billingOnly } from "../../services/accounts/sessions.ts";
import { isoToday } from "../../services/accounts/subscription.ts";
import { listInvoices } from "../../services/billing/invoices.ts";
import { subscriptionOverview } from "../../services/billing/overview.ts";
import type { WebDeps } from "../deps.ts";
import { privatePages } from "./_private.tsx";

export function billingPages(deps: WebDeps): Hono<AppEnv> {
  return privatePages(deps, {
    "/financeiro": (c) => ({
      titleKey: "billing.title",
      extraI18nGroups: ["billing"],
      render: async ({ user, lang, t }) => {
        const now = new Date();
        const viewer = { companyId: user.companyId, super: user.super };
        const [initial, overview] = await Promise.all([
          listInvoices(deps.db, viewer, { searchParam: "", pageNumber: 1 }),
          subscriptionOverview(deps.db, user.companyId, now),
        ]);
        const due = user.company.dueDate;
        return (
          <div class="flex flex-col gap-5">
            <ListPageHeading title={t("billing.title")} intro={t("billing.intro")} />
            {billingOnly(user, now) && due && (
              <p
                role="alert"
                class="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800 dark:border-red-900 dark:bg-red-950/40 dark:text-red-200"
              >
                {t("billing.blocked", { date: formatDate(due, lang) })}
              </p>
            )}
            <InvoicesManager
              initial={initial}
              companyId={user.companyId}
              isSuper={user.super}
              canPay={isAdmin(user)}
              plan={overview.plan}
              today={isoToday(now)}
              payNow={parseId(c.req.query("pay"))}
            />
          </div>
        );
      },
    }),

    "/subscription": () => ({
      titleKey: "billing.subscription.title",
      extraI18nGroups: ["billing"],
      render: async ({ user, lang, t }) => {
        const now = new Date();
        const overview = await subscriptionOverview(deps.db, user.companyId, now);
        return <SubscriptionPage overview={overview} t={t} lang={lang} today={isoToday(now)} />;
      },
    }),
  });
}
