/**
 * "Your account was accessed on another computer" (core §4 "Session"): when the same user
 * signs in somewhere else, the server publishes `company-{id}-auth` to every socket of that
 * user with the id of the new sign-in. A tab holding a different sign-in then shows the
 * message, ends its own sign-in on the server (the cookies are httpOnly, so only the server
 * can clear them), clears local storage and reloads after 1 s, which lands on /login.
 *
 * Two cases must not sign anybody out:
 * - the event names this tab's own sign-in (the tab that just signed in);
 * - the new sign-in happened in this very browser (say, signing out and back in from another
 *   tab): the cookies already belong to it, so ending "our" session would end the new one.
 *   `/api/auth/me` tells which sign-in the cookies hold now.
 */
import { api } from "./api.ts";
import { endSession } from "./sign_out.ts";

export const SIGN_OUT_DELAY_MS = 1000;

export interface AuthEvent {
  action?: string;
  user?: { id?: number };
  sessionId?: string;
}

export interface SignInWatchDeps {
  userId: number;
  /** The sign-in this page was rendered for. */
  sessionId: string | null;
  /** Shows "Sua conta foi acessada em outro computador.". */
  notify: () => void;
  /** Clears local storage and reloads; called `SIGN_OUT_DELAY_MS` after the message at the earliest. */
  leave: () => void;
  /** @default the API client */
  call?: typeof api;
  /** @default setTimeout */
  delay?: (fn: () => void, ms: number) => void;
}

/** Whether an auth event is about another sign-in of this very user. */
export function isOtherSignIn(data: unknown, userId: number, sessionId: string | null): boolean {
  if (typeof data !== "object" || data === null) return false;
  const event = data as AuthEvent;
  if (event.user?.id !== userId) return false;
  return !event.sessionId || event.sessionId !== sessionId;
}

/** The handler to subscribe to `company-{id}-auth`. Returns a promise for tests to await. */
export function signInWatcher(deps: SignInWatchDeps): (data: unknown) => Promise<void> {
  const call = deps.call ?? api;
  const delay = deps.delay ?? ((fn, ms) => void setTimeout(fn, ms));
  let current = deps.sessionId;
  let leaving = false;

  async function cookieSession(): Promise<string | null | undefined> {
    try {
      const me = await call<{ sessionId?: string | null }>("/api/auth/me");
      return me?.sessionId ?? null;
    } catch {
      return undefined; // cannot tell: treat the event at face value
    }
  }

  return async (data) => {
    if (leaving || !isOtherSignIn(data, deps.userId, current)) return;
    const eventSession = (data as AuthEvent).sessionId;
    if (eventSession && await cookieSession() === eventSession) {
      current = eventSession; // this browser signed in again: that sign-in is ours now
      return;
    }
    leaving = true;
    deps.notify();
    // The message stays 1 s; the sign-out runs meanwhile and the page leaves once both are done.
    const ended = endSession(call);
    delay(() => void ended.then(deps.leave), SIGN_OUT_DELAY_MS);
    await ended;
  };
}
