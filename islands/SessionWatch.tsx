/**
 * The browser side of a signed-in page, mounted once by the shell; it renders nothing.
 * - A 401 from any API call ends the session: go to /login, then back here after signing in.
 * - Opens the tab's realtime socket (shared with every other island, lib/client/session.ts).
 * - Signs this tab out when the same user signs in elsewhere (lib/client/sign_in_watch.ts).
 * - Sends the user-status heartbeat every 5 minutes (core §9).
 * - Shows the "no permission" toast after a refused page sent the user here (routes/_private).
 */
import { channels } from "../lib/realtime/channels.ts";
import { useEffect } from "preact/hooks";
import { configureApi } from "../lib/client/api.ts";
import {
  closeSharedRealtime,
  DENIED_PARAM,
  loginUrlFor,
  sharedRealtime,
} from "../lib/client/session.ts";
import { signInWatcher } from "../lib/client/sign_in_watch.ts";
import { browserActions } from "../lib/ui/browser.ts";
import { pushToast } from "../lib/ui/toast.ts";

/** core §9: user-status heartbeat every 300000 ms. */
export const USER_STATUS_INTERVAL_MS = 300_000;

export interface SessionWatchProps {
  userId: number;
  companyId: number;
  sessionId: string | null;
  /** Set on "/" after a private page refused the user. */
  denied?: boolean;
}

export default function SessionWatch({ userId, companyId, sessionId, denied }: SessionWatchProps) {
  useEffect(() => {
    configureApi({
      onSignedOut: () => {
        closeSharedRealtime();
        browserActions.navigate(loginUrlFor(globalThis.location));
      },
    });
    if (denied) {
      pushToast({ tone: "warning", messageKey: "errors.ERR_FEATURE_NOT_IN_PLAN" });
      // A reload must not show it again.
      const url = new URL(globalThis.location.href);
      url.searchParams.delete(DENIED_PARAM);
      globalThis.history.replaceState(globalThis.history.state, "", url.pathname + url.search);
    }

    const realtime = sharedRealtime();
    const onAuth = signInWatcher({
      userId,
      sessionId,
      notify: () =>
        pushToast({ tone: "warning", messageKey: "shell.session.elsewhere", durationMs: 0 }),
      leave: () => {
        closeSharedRealtime();
        try {
          globalThis.localStorage.clear();
        } catch {
          // Blocked storage has nothing to clear.
        }
        browserActions.reload();
      },
    });
    const unsubscribe = realtime.subscribe(channels.auth(companyId), (data) => {
      void onAuth(data);
    });
    const heartbeat = setInterval(() => realtime.send("userStatus"), USER_STATUS_INTERVAL_MS);
    return () => {
      unsubscribe();
      clearInterval(heartbeat);
    };
  }, [userId, companyId, sessionId, denied]);
  return null;
}
