/**
 * A tag colour: one of a palette chosen to read well in both themes, or any colour through
 * the browser's own picker. The swatches are radio buttons, so arrows and screen readers work.
 */
import { cx } from "../ui/cx.ts";
import { fullHex } from "./TagChip.tsx";

export const TAG_PALETTE = [
  "#ef4444",
  "#f97316",
  "#f59e0b",
  "#eab308",
  "#84cc16",
  "#22c55e",
  "#10b981",
  "#14b8a6",
  "#06b6d4",
  "#0ea5e9",
  "#2563eb",
  "#6366f1",
  "#8b5cf6",
  "#a855f7",
  "#d946ef",
  "#ec4899",
  "#f43f5e",
  "#64748b",
  "#78716c",
  "#111827",
] as const;

export interface ColorPickerProps {
  name: string;
  value: string;
  legend: string;
  customLabel: string;
  swatchLabel: (color: string) => string;
  onChange: (color: string) => void;
  /** The swatches offered; the tags' palette unless given. */
  palette?: readonly string[];
  /** Lays a palette of ten hues out as rows of ten (the queues' 50 colours). */
  rowsOfTen?: boolean;
}

export function ColorPicker(
  { name, value, legend, customLabel, swatchLabel, onChange, palette = TAG_PALETTE, rowsOfTen }:
    ColorPickerProps,
) {
  const current = fullHex(value).toLowerCase();
  const custom = !palette.includes(current);
  const customPicker = (
    <label
      class={cx(
        "relative flex h-7 cursor-pointer items-center gap-2 rounded-full border border-line-strong pr-3 pl-1 text-[13px] text-fg-muted",
        custom && "ring-2 ring-fg ring-offset-2 ring-offset-surface",
      )}
    >
      <input
        type="color"
        value={current.length === 7 ? current : "#2563eb"}
        onInput={(event) => onChange(event.currentTarget.value.toLowerCase())}
        class="size-5 cursor-pointer rounded-full border-0 bg-transparent p-0"
        aria-label={customLabel}
      />
      {customLabel}
    </label>
  );
  return (
    <fieldset class="flex flex-col gap-2">
      <legend class="mb-1.5 text-sm font-medium text-fg">{legend}</legend>
      <div class={rowsOfTen ? "grid w-fit grid-cols-10 gap-1 sm:gap-2" : "flex flex-wrap gap-2"}>
        {palette.map((color) => (
          <label key={color} class="relative cursor-pointer" title={color}>
            <input
              type="radio"
              name={name}
              value={color}
              checked={current === color}
              onChange={() => onChange(color)}
              class="peer sr-only"
              aria-label={swatchLabel(color)}
            />
            <span
              class={cx(
                "block size-7 rounded-full ring-offset-2 ring-offset-surface transition-shadow",
                rowsOfTen && "max-sm:size-[1.625rem]",
                "peer-focus-visible:ring-2 peer-focus-visible:ring-brand-500",
                "peer-checked:ring-2 peer-checked:ring-fg",
              )}
              style={{ backgroundColor: color }}
            />
          </label>
        ))}
        {!rowsOfTen && customPicker}
      </div>
      {rowsOfTen && <div class="mt-1 flex">{customPicker}</div>}
    </fieldset>
  );
}
