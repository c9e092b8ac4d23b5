/** One notification card. `islands/Toaster.tsx` stacks these; pages may show them statically. */
import { AlertIcon, CheckIcon, InfoIcon, XIcon } from "../icons.tsx";
import { cx } from "./cx.ts";

export type ToastTone = "success" | "error" | "info" | "warning";

export interface ToastProps {
  tone?: ToastTone;
  message: string;
  title?: string;
  /** Accessible name of the × button; the button appears only with `onDismiss`. */
  dismissLabel?: string;
  onDismiss?: () => void;
  class?: string;
}

const ICONS = {
  success: {
    Icon: CheckIcon,
    colour: "bg-emerald-100 text-emerald-700 dark:bg-emerald-900/60 dark:text-emerald-300",
  },
  error: {
    Icon: AlertIcon,
    colour: "bg-red-100 text-red-700 dark:bg-red-900/60 dark:text-red-300",
  },
  warning: {
    Icon: AlertIcon,
    colour: "bg-amber-100 text-amber-700 dark:bg-amber-900/60 dark:text-amber-300",
  },
  info: { Icon: InfoIcon, colour: "bg-sky-100 text-sky-700 dark:bg-sky-900/60 dark:text-sky-300" },
} as const;

export function Toast(
  { tone = "info", message, title, dismissLabel, onDismiss, class: extra }: ToastProps,
) {
  const { Icon, colour } = ICONS[tone];
  return (
    <div
      data-tone={tone}
      class={cx(
        "pointer-events-auto flex w-full items-start gap-3 rounded-xl border border-line bg-surface p-3 pr-2",
        "text-sm text-fg shadow-(--shadow-pop)",
        extra,
      )}
    >
      <span class={cx("grid size-7 shrink-0 place-items-center rounded-full", colour)}>
        <Icon size={16} />
      </span>
      <div class="min-w-0 flex-1 py-1">
        {title && <p class="font-semibold">{title}</p>}
        <p class={cx("break-words", title ? "text-fg-muted" : "text-fg")}>{message}</p>
      </div>
      {onDismiss && (
        <button
          type="button"
          onClick={onDismiss}
          aria-label={dismissLabel}
          class="grid size-7 shrink-0 place-items-center rounded-md text-fg-subtle hover:bg-surface-muted hover:text-fg"
        >
          <XIcon size={16} />
        </button>
      )}
    </div>
  );
}
