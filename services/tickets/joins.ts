/**
 * The client events of the spec that ask for live updates (core §7, DESIGN §5):
 * `joinChatBox` with a ticket id, `joinTickets` with a status, and `joinNotification`.
 *
 * Ticket and message events already go to each user who may see the ticket, on that user's
 * own room, worked out when the event happens (rows.ts `audienceSql`). So no join needs a
 * wider room: each one is checked against what the server allows this user now (company,
 * profile, queues and allTicket as stored; never an id the client sends), answered `joined`,
 * and held on the user's room. A shared ticket or status room would be worse: a user moved
 * out of a ticket's queue would keep hearing it until the tab left the room.
 */
import { type Queryable, type Sql, sql } from "../../lib/db/mod.ts";
import { rooms } from "../../lib/realtime/channels.ts";
import type { AuthorizeJoin, Principal } from "../../lib/realtime/types.ts";
import { audienceSql } from "./rows.ts";

/** The statuses a `joinTickets` may name: the ticket lists' tabs. */
const TICKET_STATUSES: ReadonlySet<unknown> = new Set(["open", "pending", "closed"]);
const MAX_TICKET_ID = 2_147_483_647;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The condition naming the ticket a `joinChatBox` sends: its id (a number, or digits as the
 * spec's client sends it) or its uuid; null for anything else.
 */
function ticketMatch(data: unknown): Sql | null {
  if (typeof data === "string" && UUID.test(data)) return sql`t.uuid = ${data.toLowerCase()}::uuid`;
  const id = typeof data === "string" && /^[0-9]{1,10}$/.test(data) ? Number(data) : data;
  if (typeof id !== "number" || !Number.isInteger(id) || id < 1 || id > MAX_TICKET_ID) return null;
  return sql`t.id = ${id}`;
}

/** Whether the principal may see the ticket, by the same rule as the ticket's events. */
async function maySeeTicket(db: Queryable, who: Principal, match: Sql): Promise<boolean> {
  const audience = audienceSql(sql`t.company_id`, sql`t.queue_id`, sql`t.user_id`);
  const row = await db.maybeOne(sql`
    select 1 from tickets t
    where t.company_id = ${who.companyId} and ${match}
      and ${rooms.user(who.userId)}::text = any(${audience}::text[])`);
  return row !== undefined;
}

/** Whether the principal is still a user of its company (a join from a deleted user is not). */
async function isMember(db: Queryable, who: Principal): Promise<boolean> {
  const row = await db.maybeOne(sql`
    select 1 from users where id = ${who.userId} and company_id = ${who.companyId}`);
  return row !== undefined;
}

/** The hub's `authorizeJoin`: the rooms a join adds, or null to refuse it. */
export function createJoinAuthorizer(deps: { db: Queryable }): AuthorizeJoin {
  return async (principal, event, data) => {
    const own = [rooms.user(principal.userId)];
    switch (event) {
      case "joinChatBox": {
        const match = ticketMatch(data);
        return match && await maySeeTicket(deps.db, principal, match) ? own : null;
      }
      case "joinTickets":
        return TICKET_STATUSES.has(data) && await isMember(deps.db, principal) ? own : null;
      case "joinNotification":
        return await isMember(deps.db, principal) ? own : null;
      default:
        return null;
    }
  };
}
