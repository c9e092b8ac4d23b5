/**
 * `useChannel`: an island hears one realtime channel while it is mounted, through the tab's
 * one shared socket (`sharedRealtime()` of lib/client/session.ts, DESIGN §5).
 */
import { useEffect, useRef } from "preact/hooks";
import type { ChannelHandler } from "./realtime.ts";
import { sharedRealtime } from "./session.ts";

/** Calls the latest `handler` for each message on `channel`; nothing when `channel` is null. */
export function useChannel(channel: string | null, handler: ChannelHandler): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    if (!channel) return;
    return sharedRealtime().subscribe(channel, (data, message) => latest.current(data, message));
  }, [channel]);
}
