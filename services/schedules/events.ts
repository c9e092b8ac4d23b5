/** Live updates of schedules on `channels.schedule`, to the whole company (the calendar is shared). */
import { channels, rooms } from "../../lib/realtime/channels.ts";
import type { Hub } from "../../lib/realtime/mod.ts";
import type { Schedule } from "./queries.ts";

export type ScheduleEvent =
  | { action: "create" | "update"; schedule: Schedule }
  | { action: "delete"; scheduleId: number };

export async function publishSchedule(
  hub: Hub,
  companyId: number,
  event: ScheduleEvent,
): Promise<void> {
  await hub.publish(rooms.company(companyId), channels.schedule(companyId), event);
}
