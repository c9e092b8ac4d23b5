/** The ticket list's last-message line in the reader's language (lib/message_summary.ts). */
import { readSummary } from "../../lib/message_summary.ts";

type Translate = (key: string, options?: Record<string, unknown>) => string;

export function lastMessageText(t: Translate, text: string): string {
  const summary = readSummary(text);
  if (!summary) return text;
  if (summary.kind === "contactMessage" && summary.name) {
    return t("tickets.media.contactNamed", { name: summary.name });
  }
  return t(`tickets.media.${summary.kind}`);
}
