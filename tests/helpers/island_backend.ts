/**
 * Islands against the real app: the API client's `fetch` goes through `app.request` as a
 * given user, and the realtime client is a real socket to the served app. Island tests then
 * check what a user sees after real calls and real events, with no scripted answers.
 */
import { configureApi, resetApi } from "../../lib/client/api.ts";
import { setSharedRealtime } from "../../lib/client/session.ts";
import { connectRealtime, type RealtimeClient } from "../../lib/client/realtime.ts";
import type { Caller } from "./api_client.ts";
import type { RealtimeTestApp } from "./realtime_app.ts";

export interface IslandBackend {
  /** Resolves once the socket is in its rooms, so no event published afterwards is missed. */
  ready: Promise<void>;
  stop(): void;
}

/**
 * Deno's own `Event` class. tests/helpers/dom.ts puts happy-dom's `Event` on `globalThis`,
 * and Deno's WebSockets stop delivering messages when the global is not theirs (found in
 * these tests). `MessageEvent` is left alone by dom.ts and extends Deno's `Event`.
 */
const DenoEvent = Object.getPrototypeOf(MessageEvent) as typeof Event;

export function actAs(env: RealtimeTestApp, caller: Caller): IslandBackend {
  // Testing Library builds its events from the node's window (happy-dom), not from globals.
  const domEvent = globalThis.Event;
  globalThis.Event = DenoEvent;
  configureApi({
    baseUrl: "",
    fetch: (input, init = {}) =>
      Promise.resolve(env.app.request(String(input), {
        ...init,
        headers: { ...(init.headers as Record<string, string>), ...caller.headers },
      })),
    onSignedOut: () => {
      throw new Error("The island signed the test user out.");
    },
  });
  const token = caller.headers.Authorization!.slice("Bearer ".length);
  const realtime: RealtimeClient = connectRealtime({ url: `${env.wsUrl}?token=${token}` });
  setSharedRealtime(realtime);
  const ready = new Promise<void>((resolve) => {
    const stop = realtime.state.subscribe((state) => {
      if (state === "open") {
        resolve();
        queueMicrotask(() => stop());
      }
    });
  });
  return {
    ready,
    stop() {
      realtime.close();
      setSharedRealtime(null);
      resetApi();
      globalThis.Event = domEvent;
    },
  };
}
