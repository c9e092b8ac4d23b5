/**
 * A dialog on the native `<dialog>` element: the browser gives focus trapping, Escape and
 * the backdrop for free once an island calls `showModal()` on it. The close button is a
 * `method="dialog"` form, so closing works even without any script.
 */
import type { ComponentChildren } from "preact";
import { AlertIcon, XIcon } from "../icons.tsx";
import { buttonClasses } from "./Button.tsx";
import { cx } from "./cx.ts";

export interface DialogProps {
  id: string;
  title: string;
  /** Accessible name of the × button, e.g. `t("common.close")`. */
  closeLabel: string;
  description?: string;
  /** Buttons at the bottom, usually a secondary cancel and a primary confirm. */
  footer?: ComponentChildren;
  /**
   * A save error, shown just above the footer: it stays in view however far the body is
   * scrolled, and inside the dialog (a page toast sits under the modal's backdrop).
   */
  error?: string;
  /** Render already open (non-modal), e.g. for previews; islands open it with showModal(). */
  open?: boolean;
  size?: "sm" | "md" | "lg";
  children?: ComponentChildren;
}

const WIDTHS = { sm: "max-w-sm", md: "max-w-lg", lg: "max-w-2xl" } as const;

export function Dialog(
  { id, title, closeLabel, description, footer, error, open, size = "md", children }: DialogProps,
) {
  return (
    <dialog
      id={id}
      open={open}
      aria-labelledby={`${id}-title`}
      aria-describedby={description ? `${id}-description` : undefined}
      class={cx(
        "m-auto w-[calc(100%-2rem)] rounded-(--radius-card) border border-line bg-surface p-0 text-fg",
        "shadow-(--shadow-pop)",
        // A tall form scrolls inside, between a header and footer that stay in view.
        "max-h-[calc(100dvh-2rem)] open:flex open:flex-col",
        WIDTHS[size],
      )}
    >
      <header class="flex shrink-0 items-start gap-4 border-b border-line px-5 py-4">
        <div class="min-w-0 flex-1">
          <h2 id={`${id}-title`} class="text-base font-semibold">{title}</h2>
          {description && (
            <p id={`${id}-description`} class="mt-1 text-sm text-fg-muted">{description}</p>
          )}
        </div>
        <form method="dialog">
          <button type="submit" class={buttonClasses("ghost", "sm")} aria-label={closeLabel}>
            <XIcon size={18} />
          </button>
        </form>
      </header>
      <div class="min-h-0 overflow-y-auto px-5 py-4 text-sm">{children}</div>
      {error && (
        <p
          role="alert"
          id={`${id}-error`}
          class="flex shrink-0 items-start gap-2 border-t border-red-200 bg-red-50 px-5 py-2.5 text-[13px] font-medium text-red-800 dark:border-red-900/60 dark:bg-red-950/50 dark:text-red-200"
        >
          <AlertIcon size={16} class="mt-px shrink-0" />
          {error}
        </p>
      )}
      {footer && (
        <footer class="flex shrink-0 flex-wrap justify-end gap-2 border-t border-line bg-surface-muted px-5 py-3">
          {footer}
        </footer>
      )}
    </dialog>
  );
}
