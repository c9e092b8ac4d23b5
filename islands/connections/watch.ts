/**
 * Keeps the menu's connections warning live on every page (core §2): an admin's shell loads
 * the company's connection statuses once and follows `company-{id}-whatsapp`, setting
 * `connectionsNeedAttention`; the badge itself waits the spec's 2 s before showing.
 */
import { channels } from "../../lib/realtime/channels.ts";
import { useEffect, useRef } from "preact/hooks";
import { api } from "../../lib/client/api.ts";
import { useChannel } from "../../lib/client/channel.ts";
import { shellSession } from "../../lib/client/session.ts";
import { connectionsNeedAttention } from "../../lib/ui/shell_signals.ts";
import { anyNeedsAttention, applyConnectionEvent, type ConnectionRow } from "./list_state.ts";

export function useConnectionsWatch(): void {
  const session = typeof document === "undefined" ? null : shellSession();
  const watching = session && (session.profile === "admin" || session.super);
  const rows = useRef<ConnectionRow[] | null>(null);

  useEffect(() => {
    if (!watching) return;
    let live = true;
    api<ConnectionRow[]>("/api/whatsapp").then((list) => {
      if (!live) return;
      rows.current = list;
      connectionsNeedAttention.value = anyNeedsAttention(list);
    }, () => {});
    return () => void (live = false);
  }, [watching]);

  useChannel(watching ? channels.whatsapp(session.companyId) : null, (event) => {
    if (!rows.current) return;
    rows.current = applyConnectionEvent(rows.current, event);
    connectionsNeedAttention.value = anyNeedsAttention(rows.current);
  });
}
