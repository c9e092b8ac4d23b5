/**
 * The floating panel under a top bar button. On phones it hangs from the bar's right edge
 * (its wrapper is not positioned there), so a panel opened from a button in the middle of
 * the bar never runs off the screen.
 */
import type { ComponentChildren } from "preact";
import { cx } from "../../ui/cx.ts";

/** For the wrapper of the button and its panel. */
export const POPOVER_ANCHOR = "sm:relative";

export function PopoverPanel(
  { id, label, class: extra, children }: {
    id: string;
    label: string;
    class?: string;
    children: ComponentChildren;
  },
) {
  return (
    <div
      id={id}
      role="dialog"
      aria-label={label}
      class={cx(
        "absolute right-2 top-full z-50 mt-1.5 w-[min(20rem,calc(100vw-1rem))] sm:right-0",
        "overflow-hidden rounded-xl border border-line bg-surface text-fg shadow-(--shadow-pop)",
        "animate-toast-in",
        extra,
      )}
    >
      {children}
    </div>
  );
}
