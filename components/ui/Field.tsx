/**
 * Label, hint and error around one form control, with the ids that tie them together.
 * Input and Select share it so every field announces its hint and error the same way.
 */
import type { ComponentChildren } from "preact";
import { AlertIcon } from "../icons.tsx";

export interface FieldIds {
  control: string;
  hint?: string;
  error?: string;
  /** Value for the control's `aria-describedby`: the error first, then the hint. */
  describedBy?: string;
}

export function fieldIds(id: string, hint?: string, error?: string): FieldIds {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(" ") || undefined;
  return { control: id, hint: hintId, error: errorId, describedBy };
}

export interface FieldProps {
  ids: FieldIds;
  label: string;
  hint?: string;
  error?: string;
  required?: boolean;
  class?: string;
  children: ComponentChildren;
}

export function Field({ ids, label, hint, error, required, class: extra, children }: FieldProps) {
  return (
    <div class={extra ?? "flex flex-col gap-1.5"}>
      <label for={ids.control} class="text-sm font-medium text-fg">
        {label}
        {required && (
          <span class="ml-0.5 text-red-600 dark:text-red-400" aria-hidden="true">
            *
          </span>
        )}
      </label>
      {children}
      {error && (
        <p
          id={ids.error}
          class="flex items-start gap-1.5 text-[13px] text-red-700 dark:text-red-400"
        >
          {/* Top-aligned, so a message that wraps keeps the icon on its first line. */}
          <AlertIcon size={15} class="mt-px shrink-0" />
          {error}
        </p>
      )}
      {hint && <p id={ids.hint} class="text-[13px] text-fg-subtle">{hint}</p>}
    </div>
  );
}

/** The shared look of text boxes and selects, with the error state driven by aria-invalid. */
export const CONTROL_CLASSES =
  "h-10 w-full rounded-lg border border-line-strong bg-surface px-3 text-sm text-fg shadow-sm " +
  "placeholder:text-fg-subtle transition-colors hover:border-fg-subtle " +
  "focus-visible:border-brand-500 focus-visible:outline-2 focus-visible:outline-offset-0 " +
  "disabled:cursor-not-allowed disabled:bg-surface-muted disabled:opacity-70 " +
  "aria-invalid:border-red-500 aria-invalid:focus-visible:outline-red-500 dark:aria-invalid:border-red-400";
