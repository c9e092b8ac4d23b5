/** The internal chat's shapes (admin §3): chats with their members, and their messages. */
import type { ServiceDeps } from "../deps.ts";

export interface ChatMember {
  userId: number;
  unreads: number;
  user: { id: number; name: string };
}

export interface Chat {
  id: number;
  uuid: string;
  title: string;
  /** Null once the owner's account is gone: nobody may then edit the chat. */
  ownerId: number | null;
  /** "<sender>: text" of the newest message. */
  lastMessage: string;
  createdAt: string;
  updatedAt: string;
  users: ChatMember[];
}

export interface ChatMessage {
  id: number;
  chatId: number;
  senderId: number | null;
  sender: { id: number | null; name: string };
  message: string;
  createdAt: string;
}

/** Who acts: the signed-in member, in their own company. */
export interface Member {
  companyId: number;
  userId: number;
}

export type ChatDeps = Pick<ServiceDeps, "db" | "hub" | "clock">;
