/**
 * Ends this browser's sign-in on the server. The session cookies are httpOnly, so only the
 * server can clear them; a logout refused because the access token went stale (403) is
 * retried once after a refresh, or the next page load would quietly renew the session.
 * Never throws: a tab that is leaving has nothing better to do with an error.
 * The tab's socket is closed first: the logout makes the hub close it as "session expired",
 * which would otherwise send the tab through a refresh and a second sign-out of its own.
 */
import { api, ApiError, refreshSession } from "./api.ts";
import { closeSharedRealtime } from "./session.ts";

export async function endSession(call: typeof api = api): Promise<void> {
  closeSharedRealtime();
  const logout = () => call("/api/auth/logout", { method: "DELETE" });
  try {
    await logout();
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 403) return;
    try {
      if (await refreshSession()) await logout();
    } catch {
      // Offline or refused: the reload shows whatever the server decides.
    }
  }
}
