/**
 * Live updates of the users lists (admin §2 "Lists use live updates"): every socket of the
 * company hears `company-{id}-user` with `create`/`update` and the user, or `delete` and the
 * id. Every colleague is in that room, so the user travels as the colleague view (no e-mail,
 * no settings), the same as `GET /api/users/list`; the admins' table loads the full user.
 */
import { channels, rooms } from "../../lib/realtime/channels.ts";
import type { Hub } from "../../lib/realtime/mod.ts";
import { colleagueOf, type ColleagueView, type UserView } from "./user_view.ts";

/** What the services announce: the full user, trimmed before it leaves. */
export type UserChange =
  | { action: "create" | "update"; user: UserView }
  | { action: "delete"; userId: number };

/** What the sockets receive. */
export type UserEvent =
  | { action: "create" | "update"; user: ColleagueView }
  | { action: "delete"; userId: number };

export async function publishUserEvent(
  hub: Hub,
  companyId: number,
  change: UserChange,
): Promise<void> {
  const event: UserEvent = change.action === "delete"
    ? change
    : { action: change.action, user: colleagueOf(change.user) };
  try {
    await hub.publish(rooms.company(companyId), channels.user(companyId), event);
  } catch (err) {
    // The change is committed: answering 500 would tell the admin it failed. Lists catch up
    // on their next load.
    console.error(`users: could not publish the ${change.action} event:`, err);
  }
}
