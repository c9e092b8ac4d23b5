/**
 * The conversation's messages (core §2): the newest page first, older pages when the reader
 * scrolls within 50 px of the top (keeping their place), a separator for each day, live
 * additions and changes (acks, deletes, edits) from `-appMessage`. Opening and reading the
 * ticket marks its messages read on the server.
 */
import { channels } from "../../lib/realtime/channels.ts";
import { useEffect, useLayoutEffect, useRef, useState } from "preact/hooks";
import { api } from "../../lib/client/api.ts";
import { useChannel } from "../../lib/client/channel.ts";
import { clientLanguage, useT } from "../../lib/i18n/client.ts";
import { pushToast } from "../../lib/ui/toast.ts";
import type { Message } from "../../services/tickets/rows.ts";
import { ConversationSkeleton } from "../../components/ui/Skeleton.tsx";
import { MessageBubble } from "./MessageBubble.tsx";
import { applyMessageEvent, mergeMessages, timeline } from "./message_state.ts";

export const LOAD_OLDER_WITHIN_PX = 50;

interface MessagePage {
  messages: Message[];
  hasMore: boolean;
  nextCursor: string | null;
}

export interface MessageViewProps {
  ticketId: number;
  companyId: number;
  onReply?: (message: Message) => void;
  onDelete?: (message: Message) => void;
  /** Read without marking read (an admin's peek). */
  peek?: boolean;
}

const dayKey = (iso: string) => new Date(iso).toDateString();

export function MessageView(
  { ticketId, companyId, onReply, onDelete, peek }: MessageViewProps,
) {
  const t = useT();
  const [messages, setMessages] = useState<Message[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const cursor = useRef<string | null>(null);
  const busy = useRef(false);
  const scroller = useRef<HTMLDivElement>(null);
  // Where to keep the reader after the list changes: at the bottom, or as far from it as before.
  const keep = useRef<{ bottom: boolean; fromBottom: number }>({ bottom: true, fromBottom: 0 });

  async function load(older: boolean) {
    if (busy.current) return;
    busy.current = true;
    setLoading(true);
    const element = scroller.current;
    if (older && element) {
      keep.current = { bottom: false, fromBottom: element.scrollHeight - element.scrollTop };
    }
    try {
      const page = await api<MessagePage>(`/api/messages/${ticketId}`, {
        query: { cursor: older ? cursor.current : undefined, peek: peek ? "true" : undefined },
      });
      if (older || cursor.current === null) {
        cursor.current = page.nextCursor;
        setHasMore(page.hasMore);
      }
      setMessages((current) => mergeMessages(current, page.messages));
    } catch {
      pushToast({ tone: "error", messageKey: "tickets.messagesError" });
    } finally {
      busy.current = false;
      setLoading(false);
    }
  }

  useEffect(() => void load(false), [ticketId]);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    element.scrollTop = keep.current.bottom
      ? element.scrollHeight
      : element.scrollHeight - keep.current.fromBottom;
  }, [messages]);

  useChannel(channels.appMessage(companyId), (event) => {
    const element = scroller.current;
    const atBottom = !element ||
      element.scrollHeight - element.scrollTop - element.clientHeight < 80;
    keep.current = {
      bottom: atBottom,
      fromBottom: element ? element.scrollHeight - element.scrollTop : 0,
    };
    setMessages((current) => applyMessageEvent(current, event, ticketId));
    const data = event as { action?: string; message?: Message };
    // A customer's message to the open conversation is read as it arrives.
    if (data.action === "create" && data.message?.ticketId === ticketId && !data.message.fromMe) {
      if (!document.hidden && !peek) void load(false);
    }
  });

  const language = clientLanguage();
  const timeFormat = new Intl.DateTimeFormat(language, { hour: "2-digit", minute: "2-digit" });
  const dayFormat = new Intl.DateTimeFormat(language, { dateStyle: "long" });
  const today = dayKey(new Date().toISOString());
  const yesterday = dayKey(new Date(Date.now() - 86_400_000).toISOString());
  const dayLabel = (day: string) =>
    day === today
      ? t("tickets.today")
      : day === yesterday
      ? t("tickets.yesterday")
      : dayFormat.format(new Date(day));

  return (
    <div
      ref={scroller}
      class="min-h-0 flex-1 overflow-y-auto px-3 py-3 sm:px-6"
      aria-busy={loading}
      aria-label={t("tickets.messagesLabel")}
      role="log"
      onScroll={(event) => {
        const element = event.currentTarget;
        if (hasMore && element.scrollTop < LOAD_OLDER_WITHIN_PX) void load(true);
      }}
    >
      {loading && messages.length === 0 && (
        <>
          <p class="sr-only">{t("tickets.loadingMessages")}</p>
          <ConversationSkeleton />
        </>
      )}
      {hasMore && (
        <p class="py-2 text-center text-xs text-fg-subtle">
          {loading ? t("tickets.loadingOlder") : t("tickets.scrollForOlder")}
        </p>
      )}
      {!loading && messages.length === 0 && (
        <p class="py-8 text-center text-sm text-fg-subtle">{t("tickets.noMessages")}</p>
      )}
      {timeline(messages, dayKey).map((item) =>
        item.kind === "ticket"
          ? (
            <div key={item.key} class="my-4 flex items-center gap-3 text-xs text-fg-subtle">
              <span class="h-px flex-1 bg-line-strong" />
              {item.ticketId === ticketId
                ? t("tickets.thisTicket", { id: item.ticketId })
                : t("tickets.earlierTicket", { id: item.ticketId })}
              <span class="h-px flex-1 bg-line-strong" />
            </div>
          )
          : item.kind === "day"
          ? (
            // In the flow, not sticky: a pinned pill covered the first message under it.
            <div key={item.key} class="my-3 flex justify-center">
              <span class="rounded-full bg-surface/95 px-3 py-1 text-xs font-medium text-fg-muted shadow-sm">
                {dayLabel(item.day)}
              </span>
            </div>
          )
          : (
            <MessageBubble
              key={item.key}
              message={item.message}
              time={timeFormat.format(new Date(item.message.createdAt))}
              // Only this ticket's messages are answered or deleted from here.
              onReply={onReply && item.message.ticketId === ticketId
                ? () => onReply(item.message)
                : undefined}
              onDelete={onDelete && item.message.ticketId === ticketId
                ? () => onDelete(item.message)
                : undefined}
            />
          )
      )}
    </div>
  );
}
