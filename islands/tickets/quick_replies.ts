/**
 * The input's "/" suggestions (core §2): shown as soon as the text starts with "/", matching
 * the shortcode (or the text) of the quick messages the user sees. Shortcodes that start with
 * what was typed come first, then other shortcode matches, then matches in the text, so the
 * reply the agent is spelling is the one highlighted. Labels are cut at 35 characters.
 */
export interface QuickReply {
  id: number;
  shortcode: string;
  message: string;
  /** The attachment's address when the quick message carries media. */
  mediaPath?: string | null;
  mediaName?: string | null;
}

export const LABEL_MAX = 35;
export const SUGGESTIONS_MAX = 8;

export function suggestionsFor(text: string, replies: QuickReply[]): QuickReply[] {
  if (!text.startsWith("/") || /\s/.test(text.slice(0, 2))) return [];
  const term = text.slice(1).toLowerCase();
  const rank = (reply: QuickReply): number => {
    const code = reply.shortcode.toLowerCase();
    if (code.startsWith(term)) return 0;
    if (code.includes(term)) return 1;
    return reply.message.toLowerCase().includes(term) ? 2 : 3;
  };
  return replies
    .map((reply, order) => ({ reply, order, rank: rank(reply) }))
    .filter((entry) => entry.rank < 3)
    .sort((a, b) => a.rank - b.rank || a.order - b.order)
    .slice(0, SUGGESTIONS_MAX)
    .map((entry) => entry.reply);
}

export function labelOf(reply: QuickReply): string {
  return `${reply.shortcode} – ${snippetOf(reply)}`;
}

/** The message part of the label, cut so that the whole label keeps within LABEL_MAX. */
export function snippetOf(reply: QuickReply): string {
  const room = LABEL_MAX - reply.shortcode.length - 3;
  const text = reply.message.replace(/\s+/g, " ");
  return text.length > room ? `${text.slice(0, Math.max(room, 0))}…` : text;
}

/** The highlighted row after an arrow key, wrapping at both ends. */
export function moveHighlight(current: number, count: number, key: "ArrowUp" | "ArrowDown") {
  if (count === 0) return 0;
  return (current + (key === "ArrowDown" ? 1 : -1) + count) % count;
}
