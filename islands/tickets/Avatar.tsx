/** A contact's picture, or their initials on a colour picked from the name. */
import { cx } from "../../components/ui/cx.ts";

const TONES = [
  "bg-emerald-100 text-emerald-800 dark:bg-emerald-900 dark:text-emerald-100",
  "bg-sky-100 text-sky-800 dark:bg-sky-900 dark:text-sky-100",
  "bg-amber-100 text-amber-800 dark:bg-amber-900 dark:text-amber-100",
  "bg-violet-100 text-violet-800 dark:bg-violet-900 dark:text-violet-100",
  "bg-rose-100 text-rose-800 dark:bg-rose-900 dark:text-rose-100",
  "bg-teal-100 text-teal-800 dark:bg-teal-900 dark:text-teal-100",
];

export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter((word) => /\p{L}|\p{N}/u.test(word));
  const first = words[0]?.[0] ?? "?";
  const last = words.length > 1 ? words[words.length - 1]![0] : "";
  return (first + last).toUpperCase();
}

export function Avatar(
  { name, src, size = "md" }: { name: string; src?: string; size?: "sm" | "md" },
) {
  const box = size === "sm" ? "size-9 text-xs" : "size-11 text-sm";
  if (src) {
    return <img src={src} alt="" class={cx(box, "shrink-0 rounded-full object-cover")} />;
  }
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return (
    <span
      aria-hidden="true"
      class={cx(
        box,
        "inline-flex shrink-0 items-center justify-center rounded-full font-semibold",
        TONES[hash % TONES.length],
      )}
    >
      {initialsOf(name)}
    </span>
  );
}
