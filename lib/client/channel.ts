/**
 * `useChannel`: an island hears one realtime channel while it is mounted. Every island goes
 * through the one client below, so a tab keeps one socket (DESIGN §5); tests put a fake in.
 */
import { useEffect, useRef } from "preact/hooks";
import { type ChannelHandler, connectRealtime, type RealtimeClient } from "./realtime.ts";

let client: RealtimeClient | undefined;

/** The tab's realtime client, connected on first use. */
export function realtimeClient(): RealtimeClient {
  client ??= connectRealtime();
  return client;
}

/** Replaces the client (tests); `undefined` forgets it so the next use connects again. */
export function setRealtimeClient(replacement: RealtimeClient | undefined): void {
  client = replacement;
}

/** Calls the latest `handler` for each message on `channel`; nothing when `channel` is null. */
export function useChannel(channel: string | null, handler: ChannelHandler): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    if (!channel) return;
    return realtimeClient().subscribe(channel, (data, message) => latest.current(data, message));
  }, [channel]);
}
