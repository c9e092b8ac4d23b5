/** An on/off setting with its label and hint: a checkbox with the switch role. */
import { cx } from "../ui/cx.ts";

export interface SwitchFieldProps {
  id: string;
  label: string;
  hint?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

export function SwitchField({ id, label, hint, checked, onChange }: SwitchFieldProps) {
  return (
    <div class="flex items-start justify-between gap-4">
      <div class="min-w-0">
        <label for={id} class="text-sm font-medium text-fg">{label}</label>
        {hint && <p id={`${id}-hint`} class="mt-0.5 text-[13px] text-fg-subtle">{hint}</p>}
      </div>
      <span class="relative inline-flex shrink-0">
        <input
          id={id}
          type="checkbox"
          role="switch"
          checked={checked}
          aria-describedby={hint ? `${id}-hint` : undefined}
          onChange={(event) => onChange(event.currentTarget.checked)}
          class="peer absolute inset-0 z-10 cursor-pointer opacity-0"
        />
        <span
          aria-hidden="true"
          class={cx(
            "h-6 w-11 rounded-full transition-colors",
            "peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-500",
            checked ? "bg-brand-600 dark:bg-brand-500" : "bg-line-strong",
          )}
        />
        <span
          aria-hidden="true"
          class={cx(
            "absolute top-0.5 left-0.5 size-5 rounded-full bg-white shadow transition-transform",
            checked && "translate-x-5",
          )}
        />
      </span>
    </div>
  );
}
