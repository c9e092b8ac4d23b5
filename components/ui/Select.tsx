/** A labelled native select: keyboard, screen readers and phones handle it best. */
import type { JSX } from "preact";
import { ChevronDownIcon } from "../icons.tsx";
import { cx } from "./cx.ts";
import { CONTROL_CLASSES, Field, fieldIds } from "./Field.tsx";

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps
  extends Omit<JSX.SelectHTMLAttributes<HTMLSelectElement>, "class" | "id"> {
  id: string;
  label: string;
  options: SelectOption[];
  hint?: string;
  error?: string;
  /** A first, empty choice such as "Choose a queue". */
  placeholder?: string;
  class?: string;
}

export function Select(
  { id, label, options, hint, error, placeholder, class: extra, required, ...rest }: SelectProps,
) {
  const ids = fieldIds(id, hint, error);
  return (
    <Field
      ids={ids}
      label={label}
      hint={hint}
      error={error}
      required={Boolean(required)}
      class={extra}
    >
      <div class="relative">
        <select
          {...rest}
          id={ids.control}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy}
          class={cx(CONTROL_CLASSES, "appearance-none pr-9")}
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDownIcon
          size={16}
          class="pointer-events-none absolute right-3 top-1/2 -translate-y-1/2 text-fg-subtle"
        />
      </div>
    </Field>
  );
}
