/**
 * The ticket list's "last message" for a message without text: the server stores the
 * message's kind (its spec mediaType: "contactMessage", "locationMessage", "call_log",
 * "image"…), followed by ":" and the card's name for a shared contact, and the browser shows
 * it in the reader's language ("Contato: Maria"), never the raw kind.
 */
export const SUMMARY_KINDS = [
  "contactMessage",
  "locationMessage",
  "call_log",
  "image",
  "audio",
  "video",
  "application",
  "sticker",
  "reaction",
] as const;

export type SummaryKind = typeof SUMMARY_KINDS[number];

/** What to store for a message of `kind` with no text (the name only for contact cards). */
export function kindSummary(kind: string, name = ""): string {
  return kind === "contactMessage" && name ? `${kind}:${name}` : kind;
}

/** The kind (and name) a stored summary stands for, or null when it is the message's text. */
export function readSummary(text: string): { kind: SummaryKind; name: string } | null {
  const colon = text.indexOf(":");
  const head = colon < 0 ? text : text.slice(0, colon);
  if (!(SUMMARY_KINDS as readonly string[]).includes(head)) return null;
  if (colon >= 0 && head !== "contactMessage") return null;
  return { kind: head as SummaryKind, name: colon < 0 ? "" : text.slice(colon + 1).trim() };
}
