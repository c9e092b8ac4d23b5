/**
 * The dashboard follows the company's tickets live without hammering the server: each ticket
 * event asks for a refresh, and the gate lets one through at most every `gapMs` (the first
 * at once, the ones after it folded into one at the end of the gap) and only while the tab
 * is visible; a tab that comes back with events missed meanwhile refreshes then.
 */
import { useEffect, useRef } from "preact/hooks";
import { useChannel } from "../../lib/client/channel.ts";

/** At most one dashboard refresh every five seconds: a busy company sends many events. */
export const LIVE_REFRESH_GAP_MS = 5_000;

type Timer = ReturnType<typeof setTimeout>;

export interface RefreshGateOptions {
  gapMs: number;
  refresh: () => void;
  visible: () => boolean;
  now: () => number;
  setTimer: (run: () => void, ms: number) => Timer;
  clearTimer: (id: Timer) => void;
}

export interface RefreshGate {
  /** Something changed: refresh now, at the end of the gap, or once visible again. */
  changed(): void;
  /** The tab's visibility changed. */
  shown(): void;
  stop(): void;
}

export function refreshGate(options: RefreshGateOptions): RefreshGate {
  const { gapMs, refresh, visible, now, setTimer, clearTimer } = options;
  let pending = false;
  let lastRun = -Infinity;
  let timer: Timer | null = null;

  const run = () => {
    timer = null;
    if (!pending || !visible()) return;
    pending = false;
    lastRun = now();
    refresh();
  };
  const schedule = () => {
    if (timer !== null || !pending || !visible()) return;
    timer = setTimer(run, Math.max(0, lastRun + gapMs - now()));
  };
  return {
    changed() {
      pending = true;
      schedule();
    },
    shown: schedule,
    stop() {
      if (timer !== null) clearTimer(timer);
      timer = null;
      pending = false;
    },
  };
}

/** Calls the latest `refresh` through a gate, for each message on `channel`. */
export function useLiveRefresh(
  channel: string,
  refresh: () => void,
  gapMs = LIVE_REFRESH_GAP_MS,
): void {
  const latest = useRef(refresh);
  latest.current = refresh;
  const gate = useRef<RefreshGate | null>(null);
  useEffect(() => {
    const current = refreshGate({
      gapMs,
      refresh: () => latest.current(),
      visible: () => document.visibilityState === "visible",
      now: () => performance.now(),
      setTimer: (run, ms) => setTimeout(run, ms),
      clearTimer: (id) => clearTimeout(id),
    });
    gate.current = current;
    const onVisibility = () => current.shown();
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      document.removeEventListener("visibilitychange", onVisibility);
      current.stop();
      gate.current = null;
    };
  }, [gapMs]);
  useChannel(channel, () => gate.current?.changed());
}
