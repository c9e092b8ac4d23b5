/**
 * Live updates of contact lists (admin §2 "Lists use live updates"): the lists page hears
 * `company-{id}-ContactList`; a list's items page hears its own
 * `company-{id}-ContactListItem-{listId}` (an import sends `progress` while it runs, then one
 * `reload`, instead of thousands of `create` events).
 */
import { channels, rooms } from "../../lib/realtime/channels.ts";
import type { ServiceDeps } from "../deps.ts";
import type { ContactList, ContactListItem } from "./types.ts";

export type ContactListsDeps = Pick<ServiceDeps, "db" | "hub">;

export type ContactListEvent =
  | { action: "create" | "update"; record: ContactList }
  | { action: "delete"; id: number };

export type ContactListItemEvent =
  | { action: "create" | "update"; record: ContactListItem }
  | { action: "delete"; id: number }
  | { action: "progress"; done: number; total: number }
  | { action: "reload" };

export async function publishList(
  deps: ContactListsDeps,
  companyId: number,
  event: ContactListEvent,
): Promise<void> {
  await deps.hub.publish(rooms.company(companyId), channels.contactList(companyId), event);
}

export async function publishItems(
  deps: ContactListsDeps,
  companyId: number,
  listId: number,
  event: ContactListItemEvent,
): Promise<void> {
  const room = rooms.company(companyId);
  await deps.hub.publish(room, channels.contactListItemsOf(companyId, listId), event);
  await deps.hub.publish(room, channels.contactListItem(companyId), { ...event, listId });
}
