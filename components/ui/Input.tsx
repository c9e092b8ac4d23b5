/** A labelled text box. An `error` marks it invalid and is announced with it. */
import type { JSX } from "preact";
import { cx } from "./cx.ts";
import { CONTROL_CLASSES, Field, fieldIds } from "./Field.tsx";

export interface InputProps
  extends Omit<JSX.InputHTMLAttributes<HTMLInputElement>, "class" | "id"> {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  class?: string;
}

export function Input({ id, label, hint, error, class: extra, required, ...rest }: InputProps) {
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
      <input
        type="text"
        {...rest}
        id={ids.control}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        class={cx(CONTROL_CLASSES)}
      />
    </Field>
  );
}
