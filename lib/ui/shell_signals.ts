/**
 * Hook points of the app shell that other features drive. The shell only shows these; the
 * connections, internal chat and announcements features set them from their own data and
 * realtime events, from any island on the page (islands share this module, so a signal set
 * in one is seen by the menu and the top bar).
 *
 * @example
 * // in the connections feature, whenever the list changes:
 * connectionsNeedAttention.value = list.some((c) => connectionNeedsAttention(c.status));
 */
import { signal } from "@preact/signals";

/** Connection statuses that need someone to act (core §2: qrcode, PAIRING, …, OPENING). */
export const ATTENTION_STATUSES: readonly string[] = [
  "qrcode",
  "PAIRING",
  "DISCONNECTED",
  "TIMEOUT",
  "OPENING",
];

export function connectionNeedsAttention(status: string): boolean {
  return ATTENTION_STATUSES.includes(status);
}

/** True while any connection needs attention; the menu shows its warning 2 s later. */
export const connectionsNeedAttention = signal(false);
/** The spec's delay: a connection that recovers within it never flashes a warning. */
export const CONNECTION_WARNING_DELAY_MS = 2000;

/** Unread internal chat messages of this user: a dot on the menu entry, a count on the bell. */
export const unreadChats = signal(0);

/** An announcement as the bell lists it (core §3). Priority 1 red, 2 orange, 3 grey. */
export interface AnnouncementNotice {
  id: number;
  title: string;
  text: string;
  priority: 1 | 2 | 3;
  /** A signed address of its picture, or null. */
  mediaPath: string | null;
  /** ISO timestamp. */
  createdAt: string;
  /** Whether this user has opened the bell since it appeared. */
  read: boolean;
}

/** Filled by the announcements feature; the bell shows them, newest first as given. */
export const announcementNotices = signal<AnnouncementNotice[]>([]);

/** A chat with unread messages, as the chat bell lists it; opens /chats/{uuid}. */
export interface ChatNotice {
  uuid: string;
  title: string;
  lastMessage: string;
  unreads: number;
}

/** Filled by the internal chat feature. */
export const chatNotices = signal<ChatNotice[]>([]);
