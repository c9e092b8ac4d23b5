/**
 * The tab's shared socket, scripted for island tests: islands subscribe through
 * `useChannel` as usual (after `setSharedRealtime(socket.client)`), and `push` hands them a
 * channel's message inside `act`, so the screen has settled when it returns.
 */
import { act } from "@testing-library/preact";
import type { ChannelHandler, RealtimeClient } from "../../lib/client/realtime.ts";

export function fakeSocket() {
  const handlers = new Map<string, Set<ChannelHandler>>();
  const client = {
    subscribe(channel: string, handler: ChannelHandler) {
      if (!handlers.has(channel)) handlers.set(channel, new Set());
      handlers.get(channel)!.add(handler);
      return () => handlers.get(channel)!.delete(handler);
    },
    join() {},
    leave() {},
    send: () => false,
    close() {},
  } as unknown as RealtimeClient;
  return {
    client,
    push(channel: string, data: unknown) {
      act(() => {
        for (const handler of handlers.get(channel) ?? []) {
          (handler as (data: unknown, message: unknown) => void)(data, {});
        }
      });
    },
  };
}
