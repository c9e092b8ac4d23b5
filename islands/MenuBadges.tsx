/**
 * Live marks on side menu entries, driven by other features through lib/ui/shell_signals.ts.
 * Each sits in the corner of its entry's icon, so it shows with labels and icons-only alike.
 */
import { useEffect, useState } from "preact/hooks";
import { useT } from "../lib/i18n/client.ts";
import {
  CONNECTION_WARNING_DELAY_MS,
  connectionsNeedAttention,
  unreadChats,
} from "../lib/ui/shell_signals.ts";
import { useConnectionsWatch } from "./connections/watch.ts";

const MARK = "absolute -right-1 -top-1 size-2.5 rounded-full ring-2 ring-surface";

/**
 * Connections: a warning once some connection has needed attention for 2 s (core §2). It
 * follows the company's connections itself, so the mark is live on every page.
 */
export function ConnectionsWarning() {
  const t = useT();
  useConnectionsWatch();
  const attention = connectionsNeedAttention.value;
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!attention) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), CONNECTION_WARNING_DELAY_MS);
    return () => clearTimeout(timer);
  }, [attention]);
  if (!shown) return null;
  const label = t("shell.connectionsWarning");
  return (
    <span class={`${MARK} bg-amber-500`} role="img" aria-label={label} title={label} data-badge />
  );
}

/** Internal chat: a dot while the user has unread chat messages (core §2). */
export function ChatDot() {
  const t = useT();
  if (unreadChats.value <= 0) return null;
  const label = t("shell.unreadChats");
  return (
    <span class={`${MARK} bg-red-500`} role="img" aria-label={label} title={label} data-badge />
  );
}
