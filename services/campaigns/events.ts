/** Campaign changes on `company-{id}-campaign` (admin §2: lists and the report are live). */
import { channels, rooms } from "../../lib/realtime/channels.ts";
import type { ServiceDeps } from "../deps.ts";
import type { Campaign } from "./types.ts";
import type { CampaignCounts } from "./report.ts";

export type CampaignEvent =
  | { action: "create" | "update"; record: Campaign }
  | { action: "delete"; id: number }
  /** Counters moved (a shipment went out, was confirmed…): the report page's live feed. */
  | { action: "progress"; id: number; counts: CampaignCounts; status: string };

export async function publishCampaign(
  deps: Pick<ServiceDeps, "hub">,
  companyId: number,
  event: CampaignEvent,
): Promise<void> {
  await deps.hub.publish(rooms.company(companyId), channels.campaign(companyId), event);
}
