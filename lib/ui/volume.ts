/**
 * The notification volume (core §9): 0 to 1 in steps of 0.1, default 1, kept in localStorage
 * under `volume`. Features that play a sound read it with `readVolume()` at that moment, so a
 * change in the top bar applies at once without any wiring.
 */

export const VOLUME_KEY = "volume";
export const DEFAULT_VOLUME = 1;
export const VOLUME_STEP = 0.1;

/** A stored value as a volume: clamped to 0–1 and rounded to the step; junk gives the default. */
export function parseVolume(raw: string | null | undefined): number {
  if (raw === null || raw === undefined || raw.trim() === "") return DEFAULT_VOLUME;
  const value = Number(raw);
  if (!Number.isFinite(value)) return DEFAULT_VOLUME;
  const clamped = Math.min(1, Math.max(0, value));
  return Math.round(clamped * 10) / 10; // steps of VOLUME_STEP, without float drift
}

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined; // storage blocked by the browser's privacy settings
  }
}

/** The volume to play notifications at now. */
export function readVolume(): number {
  try {
    return parseVolume(storage()?.getItem(VOLUME_KEY));
  } catch {
    return DEFAULT_VOLUME;
  }
}

/** Stores a volume (normalised as `parseVolume` does) and returns what was stored. */
export function writeVolume(value: number): number {
  const normalised = parseVolume(String(value));
  try {
    storage()?.setItem(VOLUME_KEY, String(normalised));
  } catch {
    // Full or blocked storage: the control still works for this page.
  }
  return normalised;
}
