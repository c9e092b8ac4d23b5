/**
 * The frame of every private page: side menu, top bar, the page's content, the toasts and the
 * session glue. Built by `privatePage` (routes/pages/_private.tsx); pages only give their content.
 */
import type { ComponentChildren } from "preact";
import SessionWatch from "../../islands/SessionWatch.tsx";
import Toaster from "../../islands/Toaster.tsx";
import TopBar from "../../islands/TopBar.tsx";
import { type ShellSession, ShellSessionContext } from "../../lib/client/session.ts";
import type { PlanFeatures } from "../../services/plans/features.ts";
import type { Lang, TFunction } from "../../lib/i18n/languages.ts";
import type { DrawerState } from "../../lib/ui/drawer.ts";
import type { Theme } from "../../lib/ui/theme.ts";
import { Document } from "../Document.tsx";
import type { MenuSection } from "./menu.ts";
import { SideMenu } from "./SideMenu.tsx";
import { SHELL_ID } from "./topbar/DrawerButton.tsx";

export interface AppShellProps {
  lang: Lang;
  theme: Theme;
  t: TFunction;
  cssHref: string;
  title: string;
  session: ShellSession<PlanFeatures>;
  menu: MenuSection[];
  path: string;
  version: string;
  drawer: DrawerState;
  /** Admins only: the due date in the user's language, and the warning's day count. */
  dueDateLabel: string | null;
  warningDays: number | null;
  /** Set when a refused page sent the user here: the shell shows why. */
  denied?: boolean;
  children: ComponentChildren;
}

export function AppShell(props: AppShellProps) {
  const { lang, theme, t, session } = props;
  return (
    <Document lang={lang} theme={theme} t={t} title={props.title} cssHref={props.cssHref}>
      <ShellSessionContext.Provider value={session}>
        <a
          href="#main"
          class="sr-only focus:not-sr-only focus:fixed focus:left-3 focus:top-3 focus:z-50 focus:rounded-lg focus:bg-surface focus:px-4 focus:py-2 focus:shadow-(--shadow-pop)"
        >
          {t("menu.skipToContent")}
        </a>
        <div id={SHELL_ID} data-drawer={props.drawer} class="group/shell flex min-h-dvh">
          <SideMenu sections={props.menu} path={props.path} version={props.version} t={t} />
          <div
            data-shell-backdrop
            aria-hidden="true"
            class="fixed inset-0 z-30 hidden bg-[rgb(6_12_11/0.5)] max-[1200px]:group-data-[drawer=open]/shell:block"
          />
          <div class="flex min-w-0 flex-1 flex-col">
            <TopBar
              user={{ id: session.userId, name: session.name, email: session.email }}
              companyName={session.companyName}
              companyId={session.companyId}
              dueDateLabel={props.dueDateLabel}
              warningDays={props.warningDays}
              chat={session.features.useInternalChat}
              lang={lang}
              theme={theme}
            />
            <main id="main" tabIndex={-1} class="flex-1 px-4 py-6 outline-none sm:px-6 lg:px-8">
              {props.children}
            </main>
          </div>
        </div>
        <Toaster />
        <SessionWatch
          userId={session.userId}
          companyId={session.companyId}
          sessionId={session.sessionId}
          denied={props.denied}
        />
      </ShellSessionContext.Provider>
    </Document>
  );
}
