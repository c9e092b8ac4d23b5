/**
 * Live updates of the users lists (admin §2 "Lists use live updates"): every socket of the
 * company hears `company-{id}-user` with `create`/`update` and the user, or `delete` and the
 * id. The event carries the same view the API answers, so a list can upsert it as it is.
 */
import type { Hub } from "../../lib/realtime/mod.ts";
import type { UserView } from "./user_view.ts";

export type UserEvent =
  | { action: "create" | "update"; user: UserView }
  | { action: "delete"; userId: number };

export function userChannel(companyId: number): string {
  return `company-${companyId}-user`;
}

export async function publishUserEvent(
  hub: Hub | undefined,
  companyId: number,
  event: UserEvent,
): Promise<void> {
  try {
    await hub?.publish(`company-${companyId}`, userChannel(companyId), event);
  } catch (err) {
    // The change is committed: answering 500 would tell the admin it failed. Lists catch up
    // on their next load.
    console.error(`users: could not publish the ${event.action} event:`, err);
  }
}
