/**
 * `/` for a signed-in user, until the dashboard (admin only) arrives: admins get the first
 * steps that make the company ready to answer, with their plan; agents get the way to their
 * conversations. Everything shown comes from the company's real data.
 */
import type { ShellSession } from "../../lib/client/session.ts";
import type { PlanFeatures } from "../../services/plans/features.ts";
import type { TFunction } from "../../lib/i18n/languages.ts";
import type { CompanyOverview } from "../../services/accounts/overview.ts";
import { Button } from "../ui/Button.tsx";
import { ChatIcon, TagIcon } from "../icons.tsx";
import { BoltIcon, CalendarIcon, CheckSquareIcon, ContactIcon, HelpIcon } from "../shell/icons.tsx";
import { firstName } from "../shell/names.ts";
import { PageHeader } from "../shell/PageHeader.tsx";
import { GettingStarted } from "./GettingStarted.tsx";
import { type Shortcut, Shortcuts } from "./Shortcuts.tsx";
import { SubscriptionCard } from "./SubscriptionCard.tsx";

export interface HomePageProps {
  t: TFunction;
  session: ShellSession<PlanFeatures>;
  /** Given for admins only. */
  overview: CompanyOverview | null;
  dueDateLabel: string | null;
  daysLeft: number | null;
}

function shortcuts(t: TFunction, session: ShellSession<PlanFeatures>, admin: boolean): Shortcut[] {
  const item = (id: string, href: string, icon: Shortcut["icon"]): Shortcut => ({
    href,
    icon,
    title: t(`menu.items.${id}`),
    text: t(`home.shortcuts.${id}`),
  });
  const items = [
    ...(admin ? [item("tickets", "/tickets", ChatIcon)] : []),
    item("contacts", "/contacts", ContactIcon),
    item("quickMessages", "/quick-messages", BoltIcon),
    item("todolist", "/todolist", CheckSquareIcon),
  ];
  if (!admin) {
    if (session.features.useSchedules) items.push(item("schedules", "/schedules", CalendarIcon));
    items.push(item("tags", "/tags", TagIcon), item("helps", "/helps", HelpIcon));
  }
  return items;
}

export function HomePage({ t, session, overview, dueDateLabel, daysLeft }: HomePageProps) {
  const name = firstName(session.name);
  if (!overview) {
    return (
      <div class="mx-auto w-full max-w-5xl">
        <PageHeader title={t("home.hello", { name })} description={t("home.user.intro")} />
        <section class="relative mb-8 overflow-hidden rounded-(--radius-card) border border-brand-200 bg-brand-50 p-6 dark:border-brand-900 dark:bg-brand-950/50 sm:p-8">
          <ChatIcon
            size={160}
            class="pointer-events-none absolute -right-6 -top-6 text-brand-200/70 dark:text-brand-900/60"
          />
          <div class="relative max-w-xl">
            <h2 class="text-lg font-semibold text-brand-900 dark:text-brand-100">
              {t("home.user.ticketsTitle")}
            </h2>
            <p class="mt-1 text-sm text-brand-900/80 dark:text-brand-100/80">
              {t("home.user.ticketsText")}
            </p>
            <Button href="/tickets" class="mt-5">
              <ChatIcon size={18} />
              {t("home.user.ticketsAction")}
            </Button>
          </div>
        </section>
        <h2 class="mb-3 text-sm font-semibold text-fg">{t("home.shortcuts.title")}</h2>
        <Shortcuts items={shortcuts(t, session, false)} />
      </div>
    );
  }
  return (
    <div class="mx-auto w-full max-w-6xl">
      <PageHeader
        title={t("home.hello", { name })}
        description={t("home.admin.intro", { company: session.companyName })}
      />
      <div class="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <GettingStarted t={t} teamSize={overview.users} />
        <SubscriptionCard
          t={t}
          overview={overview}
          features={session.features}
          dueDateLabel={dueDateLabel}
          daysLeft={daysLeft}
        />
      </div>
      <h2 class="mb-3 mt-8 text-sm font-semibold text-fg">{t("home.shortcuts.title")}</h2>
      <Shortcuts items={shortcuts(t, session, true)} />
    </div>
  );
}
