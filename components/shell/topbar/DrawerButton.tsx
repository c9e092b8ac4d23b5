/**
 * The menu button, and the behaviour of the side menu around it (lib/ui/drawer.ts): the
 * button flips `data-drawer` on the shell, whose CSS draws the state; below 1200 px an open
 * menu lies over the page, and Escape, the backdrop or following a link closes it; crossing
 * a breakpoint starts over from the remembered preference.
 */
import { useEffect, useState } from "preact/hooks";
import { useT } from "../../../lib/i18n/client.ts";
import { preferenceCookie, readCookie } from "../../../lib/ui/cookies.ts";
import {
  DRAWER_COOKIE,
  drawerAfterResize,
  type DrawerState,
  isDrawerExpanded,
  isDrawerOverlay,
  toggleDrawer,
} from "../../../lib/ui/drawer.ts";
import { buttonClasses } from "../../ui/Button.tsx";
import { MenuIcon } from "../icons.tsx";

/** Ids shared with the server-rendered layout (components/shell/AppShell.tsx). */
export const SHELL_ID = "shell";
export const DRAWER_ID = "shell-drawer";

function shell(): HTMLElement | null {
  return document.getElementById(SHELL_ID);
}

function currentState(): DrawerState {
  const value = shell()?.dataset.drawer;
  return value === "open" || value === "closed" ? value : "auto";
}

export function DrawerButton() {
  const t = useT();
  // Unknown until mounted: the server cannot tell the width, so it claims nothing.
  const [expanded, setExpanded] = useState<boolean | undefined>(undefined);

  function apply(state: DrawerState) {
    const element = shell();
    if (element) element.dataset.drawer = state;
    setExpanded(isDrawerExpanded(state, globalThis.innerWidth));
  }

  useEffect(() => {
    let width = globalThis.innerWidth;
    setExpanded(isDrawerExpanded(currentState(), width));

    const close = () => {
      if (!isDrawerOverlay(currentState(), globalThis.innerWidth)) return false;
      apply("closed");
      return true;
    };
    const onResize = () => {
      const next = drawerAfterResize(
        currentState(),
        width,
        globalThis.innerWidth,
        readCookie(document.cookie, DRAWER_COOKIE),
      );
      width = globalThis.innerWidth;
      apply(next);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape" && close()) {
        document.querySelector<HTMLElement>(`[aria-controls="${DRAWER_ID}"]`)?.focus();
      }
    };
    const onClick = (event: MouseEvent) => {
      const target = event.target as Element | null;
      if (target?.closest("[data-shell-backdrop]") || target?.closest(`#${DRAWER_ID} a`)) close();
    };
    globalThis.addEventListener("resize", onResize);
    document.addEventListener("keydown", onKey);
    document.addEventListener("click", onClick);
    return () => {
      globalThis.removeEventListener("resize", onResize);
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("click", onClick);
    };
  }, []);

  function toggle() {
    const { state, remember } = toggleDrawer(currentState(), globalThis.innerWidth);
    apply(state);
    if (remember) document.cookie = preferenceCookie(DRAWER_COOKIE, remember);
    if (isDrawerOverlay(state, globalThis.innerWidth)) {
      // The menu covers the page: take the keyboard there.
      document.querySelector<HTMLElement>(`#${DRAWER_ID} a`)?.focus();
    }
  }

  const label = t(expanded ? "shell.menu.close" : "shell.menu.open");
  return (
    <button
      type="button"
      class={buttonClasses("ghost", "icon")}
      aria-controls={DRAWER_ID}
      aria-expanded={expanded}
      aria-label={label}
      title={label}
      onClick={toggle}
      data-drawer-toggle
    >
      <MenuIcon />
    </button>
  );
}
