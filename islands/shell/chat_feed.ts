/**
 * Feeds the top bar's chat icon and the menu's dot (core §2): this user's chats with unread
 * messages, loaded once and kept current by the user's chat channel.
 */
import { useEffect } from "preact/hooks";
import { type ChatRow, unreadsOf } from "../../components/chats/types.ts";
import { api } from "../../lib/client/api.ts";
import { useChannel } from "../../lib/client/channel.ts";
import { applyLiveEvent } from "../../lib/client/live_list.ts";
import { channels } from "../../lib/realtime/channels.ts";
import { chatNotices, unreadChats } from "../../lib/ui/shell_signals.ts";

let known: ChatRow[] = [];

function publish(userId: number, chats: ChatRow[]): void {
  known = chats;
  const unread = chats.filter((chat) => unreadsOf(chat, userId) > 0);
  unreadChats.value = unread.reduce((sum, chat) => sum + unreadsOf(chat, userId), 0);
  chatNotices.value = unread.map((chat) => ({
    uuid: chat.uuid,
    title: chat.title,
    lastMessage: chat.lastMessage,
    unreads: unreadsOf(chat, userId),
  }));
}

/** Nothing happens when `who` is null (the plan has no internal chat). */
export function useChatFeed(who: { userId: number; companyId: number } | null): void {
  useEffect(() => {
    if (!who) return;
    // A failed load leaves the icon as it was; the next event brings the chat anyway.
    void api<{ records: ChatRow[] }>("/api/chats")
      .then((page) => publish(who.userId, page.records))
      .catch(() => {});
  }, [who?.userId]);
  useChannel(who ? channels.chatOfUser(who.companyId, who.userId) : null, (data) => {
    const event = data as { action: string; chat?: ChatRow; id?: number };
    const normalized = event.chat ? { action: event.action, record: event.chat } : data;
    publish(who!.userId, applyLiveEvent(known, normalized));
  });
}
