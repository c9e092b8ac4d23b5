/**
 * The "/" suggestions above the reply box: a listbox the text box drives with
 * aria-activedescendant (the focus never leaves the text box), so arrows move the highlight,
 * Enter or Tab inserts it and Escape closes the list. A click inserts too.
 */
import { cx } from "../../components/ui/cx.ts";
import { useT } from "../../lib/i18n/client.ts";
import { PaperclipIcon } from "../../components/icons.tsx";
import { type QuickReply, snippetOf } from "./quick_replies.ts";

export const QUICK_REPLY_LIST_ID = "quick-reply-list";

export function quickReplyOptionId(reply: QuickReply): string {
  return `quick-reply-${reply.id}`;
}

export interface QuickReplyMenuProps {
  suggestions: QuickReply[];
  highlight: number;
  onHighlight: (index: number) => void;
  onChoose: (reply: QuickReply) => void;
}

export function QuickReplyMenu(props: QuickReplyMenuProps) {
  const t = useT();
  return (
    <div class="absolute right-2 bottom-full left-2 z-10 mb-1 overflow-hidden rounded-xl border border-line bg-surface shadow-(--shadow-pop) sm:right-4 sm:left-4">
      <ul
        id={QUICK_REPLY_LIST_ID}
        role="listbox"
        aria-label={t("tickets.quickReplies")}
        class="max-h-72 overflow-y-auto py-1"
      >
        {props.suggestions.map((reply, index) => (
          <li
            key={reply.id}
            id={quickReplyOptionId(reply)}
            role="option"
            aria-selected={index === props.highlight}
            class={cx(
              "flex cursor-pointer items-center gap-2 px-3 py-2 text-sm",
              index === props.highlight
                ? "bg-brand-50 text-fg dark:bg-brand-950"
                : "text-fg-muted hover:bg-surface-muted",
            )}
            // The text box keeps the focus: a press must not blur it before the click lands.
            onMouseDown={(event) => event.preventDefault()}
            onMouseEnter={() => props.onHighlight(index)}
            onClick={() => props.onChoose(reply)}
          >
            <span class="shrink-0 font-mono text-xs font-semibold text-brand-700 dark:text-brand-300">
              /{reply.shortcode}
            </span>
            <span class="min-w-0 flex-1 truncate">{snippetOf(reply)}</span>
            {reply.mediaPath && (
              <span class="inline-flex shrink-0 items-center gap-1 text-xs text-fg-subtle">
                <PaperclipIcon size={12} />
                <span class="max-w-[8rem] truncate">{reply.mediaName}</span>
              </span>
            )}
          </li>
        ))}
      </ul>
      <p class="border-t border-line bg-surface-muted px-3 py-1 text-[11px] text-fg-subtle">
        {t("tickets.quickRepliesHint")}
      </p>
    </div>
  );
}
