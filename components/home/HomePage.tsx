/**
 * `/` for an admin whose company is not ready yet (services/dashboard/readiness.ts): the
 * first steps that make it ready to answer, with the plan; the dashboard takes its place
 * once they are done. Everything shown comes from the company's real data.
 */
import type { ShellSession } from "../../lib/client/session.ts";
import type { PlanFeatures } from "../../services/plans/features.ts";
import type { TFunction } from "../../lib/i18n/languages.ts";
import type { CompanyOverview } from "../../services/accounts/overview.ts";
import type { Readiness } from "../../services/dashboard/readiness.ts";
import { ChatIcon } from "../icons.tsx";
import { BoltIcon, CheckSquareIcon, ContactIcon } from "../shell/icons.tsx";
import { firstName } from "../shell/names.ts";
import { PageHeader } from "../shell/PageHeader.tsx";
import { GettingStarted } from "./GettingStarted.tsx";
import { type Shortcut, Shortcuts } from "./Shortcuts.tsx";
import { SubscriptionCard } from "./SubscriptionCard.tsx";

export interface HomePageProps {
  t: TFunction;
  session: ShellSession<PlanFeatures>;
  overview: CompanyOverview;
  readiness: Readiness;
  dueDateLabel: string | null;
  daysLeft: number | null;
}

function shortcuts(t: TFunction): Shortcut[] {
  const item = (id: string, href: string, icon: Shortcut["icon"]): Shortcut => ({
    href,
    icon,
    title: t(`menu.items.${id}`),
    text: t(`home.shortcuts.${id}`),
  });
  return [
    item("tickets", "/tickets", ChatIcon),
    item("contacts", "/contacts", ContactIcon),
    item("quickMessages", "/quick-messages", BoltIcon),
    item("todolist", "/todolist", CheckSquareIcon),
  ];
}

export function HomePage(
  { t, session, overview, readiness, dueDateLabel, daysLeft }: HomePageProps,
) {
  const name = firstName(session.name);
  return (
    <div class="mx-auto w-full max-w-6xl">
      <PageHeader
        title={t("home.hello", { name })}
        description={t("home.admin.intro", { company: session.companyName })}
      />
      <div class="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <GettingStarted t={t} readiness={readiness} teamSize={overview.users} />
        <SubscriptionCard
          t={t}
          overview={overview}
          features={session.features}
          dueDateLabel={dueDateLabel}
          daysLeft={daysLeft}
        />
      </div>
      <h2 class="mb-3 mt-8 text-sm font-semibold text-fg">{t("home.shortcuts.title")}</h2>
      <Shortcuts items={shortcuts(t)} />
    </div>
  );
}
