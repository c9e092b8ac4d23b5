/** How contacts look on screen: a readable phone number and a name's initials. */

/**
 * A stored number (digits, country code first) as people write it: Brazilian numbers as
 * "+55 (11) 98765-4321" or "+55 (21) 3333-4444", others as "+" and the digits, since their
 * grouping differs by country.
 */
export function formatPhone(number: string): string {
  const br = /^55(\d{2})(\d{4,5})(\d{4})$/.exec(number);
  if (br) return `+55 (${br[1]}) ${br[2]}-${br[3]}`;
  return /^\d+$/.test(number) ? `+${number}` : number;
}

/** Up to two letters: first and last word ("Ana Maria Souza" → "AS"). */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter((word) => /\p{L}|\p{N}/u.test(word));
  const first = words[0]?.match(/[\p{L}\p{N}]/u)?.[0] ?? "";
  const last = words.length > 1 ? words.at(-1)!.match(/[\p{L}\p{N}]/u)?.[0] ?? "" : "";
  return (first + last).toUpperCase() || "?";
}

/** One of a few calm tints, the same for the same name, so avatars are told apart at a glance. */
export function avatarTint(name: string): number {
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + ch.codePointAt(0)!) >>> 0;
  return hash % AVATAR_TINTS.length;
}

export const AVATAR_TINTS = [
  "bg-brand-100 text-brand-800 dark:bg-brand-900 dark:text-brand-200",
  "bg-sky-100 text-sky-800 dark:bg-sky-900 dark:text-sky-200",
  "bg-amber-100 text-amber-800 dark:bg-amber-900 dark:text-amber-200",
  "bg-rose-100 text-rose-800 dark:bg-rose-900 dark:text-rose-200",
  "bg-violet-100 text-violet-800 dark:bg-violet-900 dark:text-violet-200",
  "bg-teal-100 text-teal-800 dark:bg-teal-900 dark:text-teal-200",
] as const;
