/** A tag as users see it everywhere: its name on its own colour, in a readable text colour. */
import { cx } from "../ui/cx.ts";

/** "#abc" → "#aabbcc"; anything else unchanged. */
export function fullHex(color: string): string {
  return /^#[0-9a-f]{3}$/i.test(color)
    ? `#${[...color.slice(1)].map((c) => c + c).join("")}`
    : color;
}

/** Dark text on light colours, white on dark ones (relative luminance, WCAG). */
export function textColourOn(color: string): "#ffffff" | "#111827" {
  const hex = fullHex(color);
  if (!/^#[0-9a-f]{6}$/i.test(hex)) return "#ffffff";
  const [r, g, b] = [1, 3, 5].map((i) => {
    const channel = parseInt(hex.slice(i, i + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  // Where black and white text have equal contrast.
  return luminance > 0.179 ? "#111827" : "#ffffff";
}

export function TagChip(
  { name, color, class: extra }: { name: string; color: string; class?: string },
) {
  return (
    <span
      class={cx(
        // The ring keeps very dark or very light colours visible on either theme.
        "inline-flex h-6 max-w-full items-center truncate rounded-full px-2.5 text-xs font-semibold",
        "ring-1 ring-inset ring-black/10 dark:ring-white/25",
        extra,
      )}
      style={{ backgroundColor: color, color: textColourOn(color) }}
    >
      {name}
    </span>
  );
}
