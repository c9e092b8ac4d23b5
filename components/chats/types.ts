/** The internal chat as the API answers it (admin §3): the service's own shapes. */
import type { Chat, ChatMember, ChatMessage } from "../../services/chats/types.ts";

export type ChatMemberRow = ChatMember;
export type ChatRow = Omit<Chat, "createdAt">;
export type ChatMessageRow = ChatMessage;

/** This user's unread count in a chat. */
export function unreadsOf(chat: ChatRow, userId: number): number {
  return chat.users.find((member) => member.userId === userId)?.unreads ?? 0;
}
