/**
 * What islands know about the signed-in user of a private page (the `ShellSession`), and the
 * one realtime socket the tab shares.
 *
 * The server puts the session in the page's client data under `shell` (routes/pages/_private.tsx);
 * in the browser `shellSession()` reads it. Islands that render on the server too should use
 * `useShellSession()`, which reads the same object from `ShellSessionContext` there, so both
 * renders agree.
 *
 * @example
 * const session = useShellSession();
 * if (session?.features.useKanban) …
 * const stop = sharedRealtime().subscribe(channels.ticket(session.companyId), onTicket);
 */
import { createContext } from "preact";
import { useContext } from "preact/hooks";
import { clientData } from "../islands/client_data.ts";
import { connectRealtime, type RealtimeClient } from "./realtime.ts";

/** The client-data key of the session. */
export const SHELL_DATA_KEY = "shell";
/** The query parameter a refused private page adds to its redirect to "/" (routes/pages/_private.tsx). */
export const DENIED_PARAM = "denied";

/** /login, with the way back to `path` (path and query of the page) in `next`. */
export function loginUrlFor(location: { pathname: string; search: string }): string {
  return `/login?next=${encodeURIComponent(location.pathname + location.search)}`;
}

/**
 * `Features` names the plan's flags: lib knows no domain, so the server's list
 * (services/plans/features.ts `PlanFeatures`) fills it in where the flags are read.
 */
export interface ShellSession<Features extends Record<string, boolean> = Record<string, boolean>> {
  userId: number;
  name: string;
  email: string;
  profile: "user" | "admin";
  super: boolean;
  companyId: number;
  companyName: string;
  /** The company's due date, `YYYY-MM-DD`, or null when it has none. */
  dueDate: string | null;
  /** The feature flags of the company's plan. */
  features: Features;
  /** The company's options (admin §3) by key; secrets such as integration tokens are left out. */
  settings: Record<string, string>;
  /**
   * Names the sign-in this page was rendered for; the realtime auth event carries the id of
   * the sign-in that caused it. Null for sessions that began before sign-ins had ids.
   */
  sessionId: string | null;
}

/** Provided by the shell on the server; in the browser islands fall back to the boot data. */
export const ShellSessionContext = createContext<ShellSession | null>(null);

/** The session of this page in the browser, or null on a page outside the shell. */
export function shellSession(): ShellSession | null {
  const value = clientData()?.[SHELL_DATA_KEY];
  return typeof value === "object" && value !== null ? value as ShellSession : null;
}

/** The session for the component being rendered, on the server or in the browser. */
export function useShellSession(): ShellSession | null {
  const provided = useContext(ShellSessionContext);
  return provided ?? shellSession();
}

let shared: RealtimeClient | undefined;

/**
 * The tab's realtime socket, opened on first use (DESIGN §5: one socket per tab). Every island
 * subscribes through it instead of opening its own.
 */
export function sharedRealtime(): RealtimeClient {
  shared ??= connectRealtime();
  return shared;
}

/** Puts a client in place (tests point it at their own server), or forgets it with `null`. */
export function setSharedRealtime(client: RealtimeClient | null): void {
  shared = client ?? undefined;
}

/** Closes and forgets the shared socket (sign-out, tests). */
export function closeSharedRealtime(): void {
  shared?.close();
  shared = undefined;
}
