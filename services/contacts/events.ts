/**
 * Contact changes reach the company's open pages over realtime (core §7): room
 * `company-{id}`, channel `company-{id}-contact`. After an import, one `reload` replaces
 * what would otherwise be thousands of `create` events (each one a database notification
 * between instances); lists answer it by fetching their first page again.
 */
import type { ServiceDeps } from "../deps.ts";
import { channels, rooms } from "../../lib/realtime/channels.ts";
import type { Contact } from "./types.ts";

export type ContactsDeps = Pick<ServiceDeps, "db" | "hub">;

export type ContactEvent =
  | { action: "create" | "update"; contact: Contact }
  | { action: "delete"; contactId: number }
  | { action: "reload"; created: number };

export async function publishContactEvent(
  deps: ContactsDeps,
  companyId: number,
  event: ContactEvent,
): Promise<void> {
  await deps.hub.publish(rooms.company(companyId), channels.contact(companyId), event);
}
