/**
 * What the /users page renders with (core §2, §6): the first page of users, the company's
 * queues for the dialog's picker (rendered with the page, so opening the dialog waits for
 * nothing), the connections for the default-connection select, and which dialog fields the
 * viewer may change.
 */
import type { Queryable } from "../../lib/db/mod.ts";
import type { Principal } from "../../lib/http/auth.ts";
import { can } from "../accounts/permissions.ts";
import { listUsers, type UserPage } from "./list_users.ts";
import { listConnectionChoices } from "./user_connection.ts";
import { listQueueChoices } from "./user_queues.ts";
import type { ConnectionChoice } from "./types.ts";
import type { QueueChip } from "./user_view.ts";

export interface UserFieldPermissions {
  /** `user-modal:editProfile`: profile, default connection and allTicket. */
  editProfile: boolean;
  /** `user-modal:editQueues`. */
  editQueues: boolean;
}

export interface UsersPageData {
  initial: UserPage;
  queues: QueueChip[];
  connections: ConnectionChoice[];
  permissions: UserFieldPermissions;
  currentUserId: number;
  companyId: number;
}

export async function usersPageData(db: Queryable, viewer: Principal): Promise<UsersPageData> {
  const [initial, queues, connections] = await Promise.all([
    listUsers(db, viewer.companyId),
    listQueueChoices(db, viewer.companyId),
    listConnectionChoices(db, viewer.companyId),
  ]);
  return {
    initial,
    queues,
    connections,
    permissions: {
      editProfile: can(viewer, "user-modal:editProfile"),
      editQueues: can(viewer, "user-modal:editQueues"),
    },
    currentUserId: viewer.userId,
    companyId: viewer.companyId,
  };
}
