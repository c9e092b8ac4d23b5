/**
 * When each shipment of a campaign goes out (admin §9; DESIGN §8). The plan is made once,
 * when the campaign starts, and written into each shipment's `planned_at`:
 *
 * - the first shipment is due at the start;
 * - each next one `messageInterval` seconds after the previous;
 * - after every `longerIntervalAfter` messages the gap is `greaterInterval` seconds instead
 *   (never shorter than the usual gap); 0 turns the longer pause off;
 * - each time gets a small random delay (up to a fifth of its gap, at most 2 s), so the
 *   messages do not leave at machine-exact instants. The delay is not carried forward, so the
 *   spacing never drifts and two shipments never swap places.
 *
 * The original compared `longerIntervalAfter` in milliseconds with a count (the longer pause
 * never came) and timed a restart from the old start (everything left at once); here a
 * restart or a resume plans the remaining shipments from now with this same function.
 */
export interface Pacing {
  /** Seconds between two messages. */
  messageInterval: number;
  /** After this many messages, one longer pause (0: never). */
  longerIntervalAfter: number;
  /** Seconds of the longer pause. */
  greaterInterval: number;
}

/** Admin §9's defaults. */
export const DEFAULT_PACING: Pacing = {
  messageInterval: 20,
  longerIntervalAfter: 20,
  greaterInterval: 60,
};

/** Admin §9's options for each setting. */
export const MESSAGE_INTERVAL_OPTIONS = [0, 5, 10, 15, 20] as const;
export const LONGER_INTERVAL_OPTIONS = [0, 1, 5, 10, 15, 20, 30, 40, 60, 80, 100, 120] as const;

const MAX_JITTER_MS = 2000;

/** Milliseconds from the start to each of `count` shipments; `random` gives [0, 1). */
export function planOffsets(count: number, pacing: Pacing, random: () => number): number[] {
  const offsets: number[] = [];
  let nominal = 0;
  for (let i = 0; i < count; i++) {
    const gap = i === 0 ? 0 : gapBefore(i, pacing);
    nominal += gap;
    const jitter = Math.floor(random() * Math.min(MAX_JITTER_MS, gap / 5));
    offsets.push(nominal + jitter);
  }
  return offsets;
}

/** The gap in ms before the shipment at `index` (from 1). */
export function gapBefore(index: number, pacing: Pacing): number {
  const usual = pacing.messageInterval * 1000;
  const every = pacing.longerIntervalAfter;
  if (every > 0 && index % every === 0) return Math.max(usual, pacing.greaterInterval * 1000);
  return usual;
}
