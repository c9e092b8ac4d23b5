/**
 * Grey shapes standing in for content that is loading, so a pane is never blank. Hidden from
 * screen readers: the pane around them says it is busy (aria-busy) instead.
 */
import { cx } from "./cx.ts";

export function SkeletonBlock({ class: className }: { class?: string }) {
  return (
    <span
      aria-hidden="true"
      class={cx(
        "block animate-pulse rounded-md bg-surface-sunken motion-reduce:animate-none",
        className,
      )}
    />
  );
}

/** Rows shaped like ticket cards: an avatar, a name, a line of text. */
export function ListSkeleton({ rows = 6 }: { rows?: number }) {
  return (
    <>
      {Array.from(
        { length: rows },
        (_, index) => (
          <li key={index} aria-hidden="true" class="flex gap-3 border-b border-line py-3 pr-3 pl-4">
            <SkeletonBlock class="size-10 shrink-0 rounded-full" />
            <span class="flex min-w-0 flex-1 flex-col gap-2 pt-1">
              <SkeletonBlock class="h-3.5 w-2/5" />
              <SkeletonBlock class="h-3 w-4/5" />
            </span>
          </li>
        ),
      )}
    </>
  );
}

/** Bubbles on both sides, shaped like a conversation. */
export function ConversationSkeleton() {
  const widths = ["w-3/5", "w-2/5", "w-1/2", "w-1/3", "w-2/5"];
  return (
    <div aria-hidden="true" class="flex flex-col gap-3 py-2">
      {widths.map((width, index) => (
        <div key={index} class={cx("flex", index % 2 ? "justify-end" : "justify-start")}>
          <SkeletonBlock class={cx("h-10 rounded-2xl", width)} />
        </div>
      ))}
    </div>
  );
}
