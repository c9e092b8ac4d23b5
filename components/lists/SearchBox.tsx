/** The search field above a list; the list itself debounces and lowercases (admin §9). */
import { SearchIcon } from "../icons.tsx";
import { cx } from "../ui/cx.ts";
import { CONTROL_CLASSES } from "../ui/Field.tsx";

export interface SearchBoxProps {
  value: string;
  label: string;
  placeholder: string;
  onInput: (value: string) => void;
  class?: string;
  /** The label's id, for a shortcut that focuses the field. */
  id?: string;
}

export function SearchBox(
  { value, label, placeholder, onInput, class: extra, id }: SearchBoxProps,
) {
  return (
    <label id={id} class={cx("relative block", extra)}>
      <span class="sr-only">{label}</span>
      <SearchIcon
        size={16}
        class="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-fg-subtle"
      />
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
