/**
 * A password box with a show/hide button, labelled and described like `ui/Input`.
 * Used inside the public forms' islands.
 */
import type { JSX } from "preact";
import { useState } from "preact/hooks";
import type { TFunction } from "../../lib/i18n/languages.ts";
import { cx } from "../ui/cx.ts";
import { CONTROL_CLASSES, Field, fieldIds } from "../ui/Field.tsx";
import { EyeIcon, EyeOffIcon } from "./icons.tsx";

export interface PasswordInputProps
  extends Omit<JSX.InputHTMLAttributes<HTMLInputElement>, "class" | "id" | "type"> {
  id: string;
  label: string;
  t: TFunction;
  hint?: string;
  error?: string;
}

export function PasswordInput(
  { id, label, t, hint, error, required, ...rest }: PasswordInputProps,
) {
  const [visible, setVisible] = useState(false);
  const ids = fieldIds(id, hint, error);
  const toggleLabel = t(visible ? "public.password.hide" : "public.password.show");
  return (
    <Field ids={ids} label={label} hint={hint} error={error} required={Boolean(required)}>
      <div class="relative">
        <input
          {...rest}
          type={visible ? "text" : "password"}
          id={ids.control}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy}
          class={cx(CONTROL_CLASSES, "pr-11")}
        />
        <button
          type="button"
          onClick={() => setVisible(!visible)}
          aria-label={toggleLabel}
          title={toggleLabel}
          aria-pressed={visible}
          aria-controls={ids.control}
          class="absolute inset-y-0 right-0 grid w-10 place-items-center rounded-r-lg text-fg-subtle hover:text-fg"
        >
          {visible ? <EyeOffIcon size={18} /> : <EyeIcon size={18} />}
        </button>
      </div>
    </Field>
  );
}
