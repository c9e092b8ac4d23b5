/** The internal chat: what routes and pages may call. */
export * from "./chats.ts";
export * from "./messages.ts";
export type * from "./types.ts";
export type { ChatListEvent } from "./events.ts";
