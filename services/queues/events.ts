/**
 * Live updates of queues and their menu options (admin §2 "Lists use live updates"). Queues
 * are company-wide, so every socket of the company hears `company-{id}-queue` with
 * `create`/`update` and the queue, or `delete` and its id. Options travel on
 * `company-{id}-queueOption`; a deleted node names every id of its subtree.
 */
import { channels, rooms } from "../../lib/realtime/channels.ts";
import type { Hub } from "../../lib/realtime/mod.ts";
import type { Queue, QueueOption } from "./types.ts";

export type QueueEvent =
  | { action: "create" | "update"; queue: Queue }
  | { action: "delete"; queueId: number };

export type QueueOptionEvent =
  | { action: "create" | "update"; queueOption: QueueOption }
  | { action: "delete"; queueId: number; queueOptionIds: number[] }
  // The whole menu was rewritten with its queue: lists load it again (an event stays small).
  | { action: "reload"; queueId: number };

async function publish(hub: Hub, companyId: number, channel: string, event: unknown) {
  try {
    await hub.publish(rooms.company(companyId), channel, event);
  } catch (err) {
    // The change is committed: answering 500 would tell the admin it failed. Lists catch up
    // on their next load.
    console.error(`queues: could not publish on ${channel}:`, err);
  }
}

export async function publishQueueEvent(
  hub: Hub,
  companyId: number,
  event: QueueEvent,
): Promise<void> {
  await publish(hub, companyId, channels.queue(companyId), event);
}

export async function publishQueueOptionEvent(
  hub: Hub,
  companyId: number,
  event: QueueOptionEvent,
): Promise<void> {
  await publish(hub, companyId, channels.queueOption(companyId), event);
}
