/**
 * Live internal chat: each member's list hears `channels.chatOfUser` (`create`, `update`,
 * `delete`), and an open conversation hears `channels.chatOf` (`new-message`). Both go only to
 * the members' own rooms, never to the whole company.
 */
import { channels, rooms } from "../../lib/realtime/channels.ts";
import type { Hub } from "../../lib/realtime/mod.ts";
import type { Chat, ChatMessage } from "./types.ts";

export type ChatListEvent =
  | { action: "create" | "update"; chat: Chat }
  | { action: "delete"; id: number };

export async function publishChatTo(
  hub: Hub,
  companyId: number,
  userIds: readonly number[],
  event: ChatListEvent,
): Promise<void> {
  for (const userId of userIds) {
    await hub.publish(rooms.user(userId), channels.chatOfUser(companyId, userId), event);
  }
}

export async function publishNewMessage(
  hub: Hub,
  chat: Chat,
  companyId: number,
  message: ChatMessage,
): Promise<void> {
  const members = chat.users.map((member) => rooms.user(member.userId));
  await hub.publish(members, channels.chatOf(companyId, chat.id), {
    action: "new-message",
    newMessage: message,
    chat,
  });
  await publishChatTo(
    hub,
    companyId,
    chat.users.map((member) => member.userId),
    { action: "update", chat },
  );
}
