/** How the shell shortens a person's name: the first name for greetings, initials for avatars. */

/** "Ana Ribeiro" → "Ana". */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] || name;
}

/** Up to two initials: "Ana Ribeiro Lima" → "AL", "ana" → "A", "" → "?". */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words;
  return letters.map((word) => [...word][0]!.toUpperCase()).join("") || "?";
}
