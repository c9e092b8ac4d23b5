/**
 * Live updates of quick messages on `channels.quickMessage` (the name the spec's client
 * listens on). Shared ones go to the whole
 * company's room; private ones only to their owner's room, so nobody else's socket ever
 * carries them. A message that stops being shared is first removed from the company's lists,
 * then updated in its owner's; the hub delivers one publisher's events in order.
 */
import { channels, rooms } from "../../lib/realtime/channels.ts";
import type { Hub } from "../../lib/realtime/mod.ts";
import type { QuickMessage } from "./queries.ts";

export type QuickMessageEvent =
  | { action: "create" | "update"; record: QuickMessage }
  | { action: "delete"; id: number };

function roomOf(companyId: number, record: Pick<QuickMessage, "geral" | "userId">): string {
  return record.geral ? rooms.company(companyId) : rooms.user(record.userId);
}

/** After a create or an update; `wasGeral` is the shared flag before an update. */
export async function publishSaved(
  hub: Hub,
  companyId: number,
  action: "create" | "update",
  record: QuickMessage,
  wasGeral = record.geral,
): Promise<void> {
  if (wasGeral && !record.geral) {
    await hub.publish(
      rooms.company(companyId),
      channels.quickMessage(companyId),
      {
        action: "delete",
        id: record.id,
      } satisfies QuickMessageEvent,
    );
  }
  await hub.publish(
    roomOf(companyId, record),
    channels.quickMessage(companyId),
    {
      action,
      record,
    } satisfies QuickMessageEvent,
  );
}

export async function publishDeleted(
  hub: Hub,
  companyId: number,
  record: Pick<QuickMessage, "id" | "geral" | "userId">,
): Promise<void> {
  await hub.publish(
    roomOf(companyId, record),
    channels.quickMessage(companyId),
    {
      action: "delete",
      id: record.id,
    } satisfies QuickMessageEvent,
  );
}
