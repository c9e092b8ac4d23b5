/**
 * A queue as a small chip in the queue's own colour (core §2: queues are told apart by
 * colour). Admins pick any colour, so the text colour is chosen for contrast with it.
 */
import type { ComponentChildren } from "preact";
import { cx } from "../ui/cx.ts";

export interface QueueChipData {
  name: string;
  color: string;
}

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** Black or white, whichever reads better on `color` (WCAG relative luminance). */
export function textColorOn(color: string): "#0f1a19" | "#ffffff" {
  const match = HEX.exec(color.trim());
  if (!match) return "#0f1a19";
  const hex = match[1]!.length === 3 ? [...match[1]!].map((c) => c + c).join("") : match[1]!;
  const [r, g, b] = [0, 2, 4].map((i) => {
    const channel = parseInt(hex.slice(i, i + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  const luminance = 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  // The luminance where black and white text have the same contrast ratio.
  return luminance > 0.179 ? "#0f1a19" : "#ffffff";
}

/** A valid CSS hex colour, or a neutral grey for anything else. */
export function safeColor(color: string): string {
  return HEX.test(color.trim()) ? color.trim() : "#8a9795";
}

export function QueueChip(
  { queue, class: extra, children }: {
    queue: QueueChipData;
    class?: string;
    children?: ComponentChildren;
  },
) {
  const background = safeColor(queue.color);
  return (
    <span
      class={cx(
        "inline-flex h-6 max-w-40 items-center gap-1 rounded-full px-2.5 text-xs font-medium",
        extra,
      )}
      style={{ backgroundColor: background, color: textColorOn(background) }}
    >
      <span class="truncate">{queue.name}</span>
      {children}
    </span>
  );
}
