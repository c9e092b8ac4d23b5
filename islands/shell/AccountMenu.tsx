/**
 * The account button at the right of the top bar: who is signed in, "my profile", sign out.
 * On narrower screens the bar has no room for the language, theme, volume and refresh
 * controls, so the menu carries them there instead.
 */
import { useCallback, useState } from "preact/hooks";
import LanguageSwitcher from "../LanguageSwitcher.tsx";
import ThemeToggle from "../ThemeToggle.tsx";
import { closeSharedRealtime } from "../../lib/client/session.ts";
import { endSession } from "../../lib/client/sign_out.ts";
import { useT } from "../../lib/i18n/client.ts";
import type { Lang } from "../../lib/i18n/languages.ts";
import { browserActions } from "../../lib/ui/browser.ts";
import { usePopover } from "../../lib/ui/popover.ts";
import type { Theme } from "../../lib/ui/theme.ts";
import { cx } from "../../components/ui/cx.ts";
import { ChevronDownIcon } from "../../components/icons.tsx";
import { LogoutIcon, RefreshIcon, UserIcon } from "../../components/shell/icons.tsx";
import { initialsOf } from "../../components/shell/names.ts";
import { POPOVER_ANCHOR, PopoverPanel } from "../../components/shell/topbar/PopoverPanel.tsx";
import { ProfileDialog } from "./ProfileDialog.tsx";
import { useVolume, VolumeSlider } from "../../components/shell/topbar/VolumeControl.tsx";

export interface AccountMenuProps {
  user: { id: number; name: string; email: string };
  /** Company and due date line, for admins. */
  detail?: string;
  lang: Lang;
  theme: Theme;
  onRenamed: (user: { name: string; email: string }) => void;
}

const ROW = "flex h-10 w-full items-center gap-3 rounded-lg px-3 text-left text-sm " +
  "text-fg hover:bg-surface-muted";

export function AccountMenu({ user, detail, lang, theme, onRenamed }: AccountMenuProps) {
  const t = useT();
  const popover = usePopover();
  const [profileOpen, setProfileOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const [volume, setVolume] = useVolume();
  const closeProfile = useCallback(() => setProfileOpen(false), []);

  async function signOut() {
    setSigningOut(true);
    await endSession();
    closeSharedRealtime();
    browserActions.navigate("/login");
  }

  return (
    <div ref={popover.root} class={POPOVER_ANCHOR}>
      <button
        ref={popover.button}
        type="button"
        onClick={popover.toggle}
        aria-expanded={popover.open}
        aria-controls="shell-account"
        aria-label={t("shell.account.label", { name: user.name })}
        title={user.name}
        class="ml-1 flex h-10 items-center gap-1.5 rounded-full pl-1 pr-1.5 text-fg-muted hover:bg-surface-muted hover:text-fg"
      >
        <span
          aria-hidden="true"
          class="grid size-8 place-items-center rounded-full bg-brand-600 text-[13px] font-semibold text-white dark:bg-brand-500 dark:text-brand-950"
        >
          {initialsOf(user.name)}
        </span>
        <ChevronDownIcon size={16} class="hidden sm:block" />
      </button>
      {popover.open && (
        <PopoverPanel id="shell-account" label={t("shell.account.title")}>
          <div class="border-b border-line px-4 py-3">
            <p class="truncate text-sm font-semibold" data-account-name>{user.name}</p>
            <p class="truncate text-[13px] text-fg-muted">{user.email}</p>
            {detail && <p class="mt-1 text-xs text-fg-subtle">{detail}</p>}
          </div>
          <div class="p-1.5">
            <button
              type="button"
              class={ROW}
              onClick={() => {
                popover.close();
                setProfileOpen(true);
              }}
            >
              <UserIcon size={18} class="text-fg-muted" />
              {t("shell.account.profile")}
            </button>
          </div>
          {/* What the bar has no room for: everything on phones, the language up to 1280 px. */}
          <div class="border-t border-line p-1.5 xl:hidden">
            <div class="flex items-center justify-between gap-2 pl-3 md:hidden">
              <span class="text-sm">{t("theme.label")}</span>
              <ThemeToggle initial={theme} />
            </div>
            <div class="flex items-center justify-between gap-2 pl-3">
              <span class="text-sm">{t("language.label")}</span>
              <LanguageSwitcher current={lang} />
            </div>
            <div class="px-3 py-2 md:hidden">
              <p class="mb-1 text-sm">{t("shell.volume.label")}</p>
              <VolumeSlider id="shell-account-volume" value={volume} onChange={setVolume} />
            </div>
            <button
              type="button"
              class={cx(ROW, "md:hidden")}
              onClick={() => browserActions.reload()}
            >
              <RefreshIcon size={18} class="text-fg-muted" />
              {t("shell.refresh")}
            </button>
          </div>
          <div class="border-t border-line p-1.5">
            <button
              type="button"
              class={cx(ROW, "text-red-700 dark:text-red-400")}
              onClick={signOut}
              disabled={signingOut}
              data-logout
            >
              <LogoutIcon size={18} />
              {t("shell.account.logout")}
            </button>
          </div>
        </PopoverPanel>
      )}
      <ProfileDialog
        user={user}
        open={profileOpen}
        onClose={closeProfile}
        onSaved={onRenamed}
      />
    </div>
  );
}
