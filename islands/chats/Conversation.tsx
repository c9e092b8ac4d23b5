/**
 * One chat's messages (admin §2): the newest page first, older pages loaded when the reader
 * scrolls within 600 px of the top (keeping the place), new messages live; Enter sends,
 * Shift+Enter breaks the line, a blank message is not sent.
 */
import { useEffect, useLayoutEffect, useRef, useState } from "preact/hooks";
import type { ChatMessageRow, ChatRow } from "../../components/chats/types.ts";
import { cx } from "../../components/ui/cx.ts";
import { Button } from "../../components/ui/Button.tsx";
import { api, ApiError } from "../../lib/client/api.ts";
import { useChannel } from "../../lib/client/channel.ts";
import { clientLanguage, useT } from "../../lib/i18n/client.ts";
import { formatDateTime } from "../../lib/i18n/format.ts";
import { channels } from "../../lib/realtime/channels.ts";
import { toastError } from "../../lib/ui/toast.ts";

/** How close to the top (px) the reader comes before older messages load (the spec's 600). */
export const LOAD_OLDER_WITHIN_PX = 600;

interface Page {
  records: ChatMessageRow[];
  hasMore: boolean;
}

export function Conversation(
  { chat, userId, companyId }: { chat: ChatRow; userId: number; companyId: number },
) {
  const t = useT();
  const [messages, setMessages] = useState<ChatMessageRow[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const [draft, setDraft] = useState("");
  const scroller = useRef<HTMLDivElement>(null);
  /** What to restore after a render: stick to the bottom, or keep the place after older ones. */
  const anchor = useRef<{ bottom: true } | { fromBottom: number }>({ bottom: true });

  useEffect(() => {
    let live = true;
    setMessages([]);
    setLoading(true);
    anchor.current = { bottom: true };
    api<Page>(`/api/chats/${chat.id}/messages`).then((page) => {
      if (!live) return;
      setMessages(page.records);
      setHasMore(page.hasMore);
      setLoading(false);
    }).catch((err) => toastError(err instanceof ApiError ? err.code : undefined));
    void api(`/api/chats/${chat.id}/read`, { method: "POST", body: {} }).catch(() => {});
    return () => {
      live = false;
    };
  }, [chat.id]);

  useLayoutEffect(() => {
    const box = scroller.current;
    if (!box) return;
    const wanted = anchor.current;
    box.scrollTop = "bottom" in wanted ? box.scrollHeight : box.scrollHeight - wanted.fromBottom;
    anchor.current = { bottom: true };
  }, [messages]);

  useChannel(channels.chatOf(companyId, chat.id), (data) => {
    const message = (data as { newMessage?: ChatMessageRow }).newMessage;
    if (!message || messages.some((known) => known.id === message.id)) return;
    const box = scroller.current;
    const atBottom = !box || box.scrollHeight - box.scrollTop - box.clientHeight < 80;
    anchor.current = atBottom || message.senderId === userId
      ? { bottom: true }
      : { fromBottom: box!.scrollHeight - box!.scrollTop };
    setMessages((known) => [...known, message]);
    // The reader has it on screen: it is read.
    void api(`/api/chats/${chat.id}/read`, { method: "POST", body: {} }).catch(() => {});
  });

  async function loadOlder() {
    if (loading || !hasMore || messages.length === 0) return;
    setLoading(true);
    try {
      const page = await api<Page>(`/api/chats/${chat.id}/messages`, {
        query: { before: messages[0]!.id },
      });
      const box = scroller.current!;
      anchor.current = { fromBottom: box.scrollHeight - box.scrollTop };
      setMessages((known) => [...page.records, ...known]);
      setHasMore(page.hasMore);
    } catch (err) {
      toastError(err instanceof ApiError ? err.code : undefined);
    } finally {
      setLoading(false);
    }
  }

  async function send() {
    const text = draft.trim();
    if (!text) return;
    setDraft("");
    try {
      const message = await api<ChatMessageRow>(`/api/chats/${chat.id}/messages`, {
        method: "POST",
        body: { message: text },
      });
      anchor.current = { bottom: true };
      setMessages((known) => known.some((m) => m.id === message.id) ? known : [...known, message]);
    } catch (err) {
      setDraft(text);
      toastError(err instanceof ApiError ? err.code : undefined);
    }
  }

  const language = clientLanguage();
  return (
    <section class="flex min-h-0 flex-1 flex-col" aria-label={chat.title}>
      <div
        ref={scroller}
        data-chat-messages
        class="min-h-0 flex-1 overflow-y-auto px-3 py-4 sm:px-5"
        onScroll={(event) => {
          if (event.currentTarget.scrollTop < LOAD_OLDER_WITHIN_PX) void loadOlder();
        }}
      >
        {loading && messages.length === 0 && (
          <p class="py-8 text-center text-fg-muted">{t("common.loading")}</p>
        )}
        {!loading && messages.length === 0 && (
          <p class="py-8 text-center text-fg-muted">{t("chats.noMessages")}</p>
        )}
        <ol class="flex flex-col gap-2" aria-live="polite">
          {messages.map((message) => {
            const mine = message.senderId === userId;
            return (
              <li
                key={message.id}
                data-chat-message={message.id}
                class={cx(
                  "max-w-[85%] rounded-2xl px-3.5 py-2 text-sm shadow-sm sm:max-w-[70%]",
                  mine
                    ? "self-end rounded-br-md bg-brand-600 text-white"
                    : "self-start rounded-bl-md bg-surface ring-1 ring-line",
                )}
              >
                {!mine && (
                  <p class="mb-0.5 text-xs font-semibold text-brand-700 dark:text-brand-300">
                    {message.sender.name}
                  </p>
                )}
                <p class="whitespace-pre-wrap break-words">{message.message}</p>
                <p
                  class={cx(
                    "mt-1 text-right text-[11px]",
                    mine ? "text-white/75" : "text-fg-subtle",
                  )}
                >
                  {formatDateTime(message.createdAt, language)}
                </p>
              </li>
            );
          })}
        </ol>
      </div>
      <form
        class="flex items-end gap-2 border-t border-line bg-surface px-3 py-3 sm:px-4"
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <label for="chat-input" class="sr-only">{t("chats.messageLabel")}</label>
        <textarea
          id="chat-input"
          rows={1}
          value={draft}
          placeholder={t("chats.messagePlaceholder")}
          maxLength={5000}
          class="max-h-40 min-h-10 flex-1 resize-none rounded-xl border border-line-strong bg-surface px-3 py-2 text-sm text-fg outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30"
          onInput={(event) => setDraft(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter" && !event.shiftKey && !event.isComposing) {
              event.preventDefault();
              void send();
            }
          }}
        />
        <Button type="submit" disabled={!draft.trim()}>{t("chats.send")}</Button>
      </form>
    </section>
  );
}
