/**
 * The top bar of every private page (core §2 "Top bar and drawer"): the menu button, the
 * greeting (admins also see the due date and, fewer than 5 days before it, a warning), the
 * theme, language, volume and refresh controls, the announcements and chat bells, and the
 * account menu. One island, since nearly everything in it reacts to the user.
 */
import { useState } from "preact/hooks";
import { buttonClasses } from "../components/ui/Button.tsx";
import { AlertIcon } from "../components/icons.tsx";
import { RefreshIcon } from "../components/shell/icons.tsx";
import { firstName } from "../components/shell/names.ts";
import { AccountMenu } from "./shell/AccountMenu.tsx";
import { useAnnouncementFeed } from "./shell/announcement_feed.ts";
import { useChatFeed } from "./shell/chat_feed.ts";
import { DrawerButton } from "../components/shell/topbar/DrawerButton.tsx";
import { AnnouncementsBell, ChatBell } from "../components/shell/topbar/NotificationBells.tsx";
import { VolumeControl } from "../components/shell/topbar/VolumeControl.tsx";
import { useT } from "../lib/i18n/client.ts";
import type { Lang } from "../lib/i18n/languages.ts";
import { browserActions } from "../lib/ui/browser.ts";
import type { Theme } from "../lib/ui/theme.ts";
import LanguageSwitcher from "./LanguageSwitcher.tsx";
import ThemeToggle from "./ThemeToggle.tsx";

export interface TopBarProps {
  user: { id: number; name: string; email: string };
  companyName: string;
  companyId: number;
  /** The company's due date in the user's language; only given to admins (core §6). */
  dueDateLabel: string | null;
  /** Days left when fewer than 5 remain; only given to admins. */
  warningDays: number | null;
  /** Whether the plan has the internal chat (its bell is hidden otherwise). */
  chat: boolean;
  lang: Lang;
  theme: Theme;
}

export default function TopBar(props: TopBarProps) {
  const t = useT();
  const [user, setUser] = useState(props.user);
  const readAnnouncements = useAnnouncementFeed();
  useChatFeed(props.chat ? { userId: props.user.id, companyId: props.companyId } : null);
  const { dueDateLabel, warningDays } = props;
  const refresh = t("shell.refresh");
  const detail = dueDateLabel
    ? `${props.companyName} · ${t("shell.dueDate", { date: dueDateLabel })}`
    : props.companyName;

  return (
    <header class="sticky top-0 z-20 flex h-14 shrink-0 items-center gap-1 border-b border-line bg-surface/90 px-2 backdrop-blur supports-[backdrop-filter]:bg-surface/75 sm:gap-2 sm:px-4">
      <DrawerButton />
      <div class="min-w-0 flex-1 pl-1">
        <p class="truncate text-sm font-semibold text-fg">
          {/* Phones have room for the first name only. */}
          <span class="sm:hidden">{t("shell.greetingShort", { name: firstName(user.name) })}</span>
          <span class="hidden sm:inline" data-greeting>
            {t("shell.greeting", { name: user.name })}
          </span>
        </p>
        {dueDateLabel && (
          <p class="hidden truncate text-xs text-fg-muted sm:block" data-due-date>
            {t("shell.dueDate", { date: dueDateLabel })}
          </p>
        )}
      </div>
      {warningDays !== null && (
        <a
          href="/financeiro"
          data-subscription-warning={warningDays}
          title={t("shell.subscriptionWarning", { count: warningDays })}
          class="flex h-8 shrink-0 items-center gap-1.5 rounded-full bg-amber-50 px-2.5 text-xs font-medium text-amber-800 ring-1 ring-inset ring-amber-200 hover:bg-amber-100 dark:bg-amber-950/60 dark:text-amber-200 dark:ring-amber-800"
        >
          <AlertIcon size={15} />
          <span class="hidden lg:inline">
            {t("shell.subscriptionWarning", { count: warningDays })}
          </span>
          <span class="lg:hidden">{t("shell.daysShort", { count: warningDays })}</span>
        </a>
      )}
      <div class="hidden items-center gap-0.5 md:flex">
        <div class="hidden xl:block">
          <LanguageSwitcher current={props.lang} />
        </div>
        <ThemeToggle initial={props.theme} />
        <VolumeControl />
        <button
          type="button"
          class={buttonClasses("ghost", "icon")}
          aria-label={refresh}
          title={refresh}
          onClick={() => browserActions.reload()}
        >
          <RefreshIcon />
        </button>
      </div>
      <span class="mx-1 hidden h-6 w-px bg-line md:block" aria-hidden="true" />
      <AnnouncementsBell onOpen={readAnnouncements} />
      {props.chat && <ChatBell />}
      <AccountMenu
        user={user}
        detail={detail}
        lang={props.lang}
        theme={props.theme}
        onRenamed={(saved) => setUser({ ...user, ...saved })}
      />
    </header>
  );
}
