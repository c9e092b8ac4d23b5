/** The search field above a list; the list itself debounces and lowercases (admin §9). */
import { cx } from "../ui/cx.ts";
import { CONTROL_CLASSES } from "../ui/Field.tsx";

export interface SearchBoxProps {
  value: string;
  label: string;
  placeholder: string;
  onInput: (value: string) => void;
  class?: string;
}

export function SearchBox({ value, label, placeholder, onInput, class: extra }: SearchBoxProps) {
  return (
    <label class={cx("relative block", extra)}>
      <span class="sr-only">{label}</span>
      <svg
        class="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-fg-subtle"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        stroke-width="2"
        stroke-linecap="round"
        aria-hidden="true"
      >
        <circle cx="11" cy="11" r="7" />
        <path d="m20 20-3.5-3.5" />
      </svg>
      <input
        type="search"
        value={value}
        placeholder={placeholder}
        onInput={(event) => onInput(event.currentTarget.value)}
        class={cx(CONTROL_CLASSES, "pl-9")}
      />
    </label>
  );
}
