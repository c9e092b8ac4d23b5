/**
 * The input's "/" suggestions (core §2): shown when the text starts with "/" and has more
 * than one character, matching the shortcode (or the text) of the quick messages the user
 * sees; labels are cut at 35 characters.
 */
export interface QuickReply {
  id: number;
  shortcode: string;
  message: string;
}

export const LABEL_MAX = 35;

export function suggestionsFor(text: string, replies: QuickReply[]): QuickReply[] {
  if (!text.startsWith("/") || text.length < 2) return [];
  const term = text.slice(1).toLowerCase();
  return replies.filter((reply) =>
    reply.shortcode.toLowerCase().includes(term) || reply.message.toLowerCase().includes(term)
  ).slice(0, 8);
}

export function labelOf(reply: QuickReply): string {
  const label = `${reply.shortcode} – ${reply.message}`.replace(/\s+/g, " ");
  return label.length > LABEL_MAX ? `${label.slice(0, LABEL_MAX)}…` : label;
}
