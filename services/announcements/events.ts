/**
 * Live announcements on `channels.announcements()`, to every socket of every company
 * (`rooms.everyone()`): a bell reloads its list, since each reader's read mark is their own.
 */
import { channels, rooms } from "../../lib/realtime/channels.ts";
import type { Hub } from "../../lib/realtime/mod.ts";
import type { Announcement } from "./types.ts";

export type AnnouncementEvent =
  | { action: "create" | "update"; record: Announcement }
  | { action: "delete"; id: number };

export async function publishAnnouncement(
  hub: Hub,
  event: AnnouncementEvent,
): Promise<void> {
  await hub.publish(rooms.everyone(), channels.announcements(), event);
}
