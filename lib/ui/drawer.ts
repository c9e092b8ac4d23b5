/**
 * The side menu's states (core §2 "Top bar and drawer": open by default over 1200 px wide,
 * temporary under 600 px). Pure functions: the shell's CSS draws each state, the top bar
 * island moves between them, and tests check the rules without a browser.
 *
 * - `auto`: nothing chosen in this page yet; the width decides (hidden under 600 px, icons
 *   only up to 1200 px, full from there). The server renders it, so the first paint is right
 *   at any width without script.
 * - `open` / `closed`: chosen with the menu button. Closed is hidden on phones and icons-only
 *   elsewhere. Opened below 1200 px the menu lies over the page (with a backdrop) instead of
 *   squeezing it; from 1200 px it takes its place beside the page.
 *
 * On wide screens the choice is remembered in the `drawer` cookie ("collapsed" or "open"),
 * which the server turns back into `closed` or `auto`.
 */

export const DRAWER_COOKIE = "drawer";
/** Under this width the menu is a temporary overlay. */
export const TEMPORARY_BELOW_PX = 600;
/** From this width the menu starts open. */
export const OPEN_FROM_PX = 1200;

export type DrawerState = "auto" | "open" | "closed";
export type DrawerMode = "temporary" | "narrow" | "wide";
/** The cookie's values. */
export type DrawerPreference = "open" | "collapsed";

export function drawerMode(width: number): DrawerMode {
  if (width < TEMPORARY_BELOW_PX) return "temporary";
  return width < OPEN_FROM_PX ? "narrow" : "wide";
}

/** The state the server renders for a `drawer` cookie value. */
export function initialDrawerState(cookie: string | undefined): DrawerState {
  return cookie === "collapsed" ? "closed" : "auto";
}

/** Whether the menu shows its labels (or, on phones, shows at all) at this width. */
export function isDrawerExpanded(state: DrawerState, width: number): boolean {
  if (state === "auto") return drawerMode(width) === "wide";
  return state === "open";
}

/** What the menu button does: flip, and on wide screens say what to remember. */
export function toggleDrawer(
  state: DrawerState,
  width: number,
): { state: "open" | "closed"; remember?: DrawerPreference } {
  const next = isDrawerExpanded(state, width) ? "closed" : "open";
  if (drawerMode(width) !== "wide") return { state: next };
  return { state: next, remember: next === "open" ? "open" : "collapsed" };
}

/**
 * After the window crosses a breakpoint the page starts over from the remembered preference,
 * so a menu opened on a wide window does not cover a phone-sized one.
 */
export function drawerAfterResize(
  state: DrawerState,
  previousWidth: number,
  width: number,
  cookie: string | undefined,
): DrawerState {
  return drawerMode(previousWidth) === drawerMode(width) ? state : initialDrawerState(cookie);
}

/**
 * Whether the menu is open over the page (below 1200 px): then a link click, Escape or the
 * backdrop close it, as a temporary menu should.
 */
export function isDrawerOverlay(state: DrawerState, width: number): boolean {
  return drawerMode(width) !== "wide" && isDrawerExpanded(state, width);
}
