/**
 * An on/off setting that takes effect as a form value (a `role="switch"` button): clearer than
 * a checkbox for "enabled/disabled" options, and announced as a switch with its state.
 */
import { cx } from "./cx.ts";

export interface SwitchProps {
  id: string;
  label: string;
  hint?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  class?: string;
}

export function Switch(
  { id, label, hint, checked, onChange, disabled, class: extra }: SwitchProps,
) {
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div class={cx("flex items-start justify-between gap-4", extra)}>
      <div class="min-w-0">
        <label for={id} class="text-sm font-medium text-fg">{label}</label>
        {hint && <p id={hintId} class="mt-0.5 text-[13px] text-fg-subtle">{hint}</p>}
      </div>
      <button
        type="button"
        id={id}
        role="switch"
        aria-checked={checked}
        aria-describedby={hintId}
        disabled={disabled}
        onClick={() => onChange(!checked)}
        class={cx(
          "relative mt-0.5 inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors",
          "disabled:cursor-not-allowed disabled:opacity-55",
          checked ? "bg-brand-600 dark:bg-brand-500" : "bg-line-strong",
        )}
      >
        <span
          aria-hidden="true"
          class={cx(
            "inline-block size-5 rounded-full bg-white shadow-sm transition-transform",
            checked ? "translate-x-5.5" : "translate-x-0.5",
          )}
        />
      </button>
    </div>
  );
}
