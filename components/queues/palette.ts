/**
 * The queue colour palette (admin §5: 50 fixed colours): ten hues around the wheel, each in
 * five tones from light to deep, so neighbouring queues stay easy to tell apart. Computed
 * once from HSL so the list is regular rather than hand-picked.
 */

const HUES = [0, 25, 45, 90, 140, 170, 195, 220, 265, 320] as const;
/** [saturation, lightness] in percent, light to deep. */
const TONES = [[85, 72], [80, 60], [75, 48], [80, 38], [85, 28]] as const;

function hex(h: number, s: number, l: number): string {
  const sat = s / 100;
  const light = l / 100;
  const a = sat * Math.min(light, 1 - light);
  const channel = (n: number) => {
    const k = (n + h / 30) % 12;
    const value = light - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255).toString(16).padStart(2, "0");
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

/** By hue, each hue's tones light to deep: the picker shows one row per tone on wide screens. */
export const QUEUE_PALETTE: readonly string[] = TONES.flatMap(([s, l]) =>
  HUES.map((h) => hex(h, s, l))
);
