/**
 * The spec's client events `joinChatBox`, `joinTickets` and `joinNotification` (core §7) on
 * real sockets: accepted when the user may have what they ask for, as stored now, and refused
 * otherwise, whatever ids the client sends; an accepted chat box hears its ticket's events.
 */
import assert from "node:assert/strict";
import { sql } from "../../lib/db/mod.ts";
import { channels } from "../../lib/realtime/channels.ts";
import { createJoinAuthorizer } from "../../services/tickets/joins.ts";
import { createTestCompany, createTestUser } from "../helpers/accounts.ts";
import { openRealtimeTestApp } from "../helpers/realtime_app.ts";
import { call, createTestQueue, tokenFor } from "../helpers/users.ts";
import type { TestClient } from "../helpers/ws.ts";

Deno.test("[api] realtime joins are checked against what the user may see", async (t) => {
  const env = await openRealtimeTestApp();
  const { db } = env;
  try {
    const companyA = await createTestCompany(db);
    const companyB = await createTestCompany(db);
    const queueA = await createTestQueue(db, companyA);
    const queueB = await createTestQueue(db, companyA);
    const admin = await createTestUser(db, companyA);
    const agent = await createTestUser(db, companyA, { profile: "user" });
    const adminB = await createTestUser(db, companyB);
    await db.run(
      sql`insert into user_queues (user_id, queue_id) values (${agent.id}, ${queueA.id})`,
    );

    /** A pending ticket with two unread messages (reading it then publishes `updateUnread`). */
    const ticket = async (companyId: number, queueId: number | null) => {
      const contact = await db.one<{ id: number }>(sql`
        insert into contacts (company_id, name, number)
        values (${companyId}, 'Cliente', ${`55119${crypto.getRandomValues(new Uint32Array(1))[0]}`})
        returning id`);
      return await db.one<{ id: number; uuid: string }>(sql`
        insert into tickets (company_id, contact_id, queue_id, unread_messages)
        values (${companyId}, ${contact.id}, ${queueId}, 2)
        returning id, uuid::text as uuid`);
    };
    const inQueueA = await ticket(companyA, queueA.id);
    const inQueueB = await ticket(companyA, queueB.id);
    const withoutQueue = await ticket(companyA, null);
    const ofCompanyB = await ticket(companyB, null);

    const adminToken = await tokenFor(db, env.jwtKey, admin);
    const connect = async (user: typeof admin) =>
      await env.connect({ Authorization: `Bearer ${await tokenFor(db, env.jwtKey, user)}` });
    const agentSocket = await connect(agent);
    const adminBSocket = await connect(adminB);

    /** Sends one join and answers "joined" or the refusal's error code. */
    const join = async (socket: TestClient, event: string, data?: unknown) => {
      socket.send(data === undefined ? { event } : { event, data });
      const answer = await socket.nextOf(["joined", "error"]);
      return answer.channel === "joined" ? "joined" : (answer.data as { error: string }).error;
    };

    await t.step(
      "a user of queue A may not open a chat box of queue B or another company",
      async () => {
        assert.equal(await join(agentSocket, "joinChatBox", inQueueB.id), "ERR_FORBIDDEN_JOIN");
        assert.equal(await join(agentSocket, "joinChatBox", ofCompanyB.id), "ERR_FORBIDDEN_JOIN");
        assert.equal(await join(agentSocket, "joinChatBox", ofCompanyB.uuid), "ERR_FORBIDDEN_JOIN");
        assert.equal(await join(adminBSocket, "joinChatBox", inQueueA.id), "ERR_FORBIDDEN_JOIN");
        // Without a queue, only users with allTicket enabled see a ticket.
        assert.equal(await join(agentSocket, "joinChatBox", withoutQueue.id), "ERR_FORBIDDEN_JOIN");
      },
    );

    await t.step("hostile chat box data is refused, never an error of the server", async () => {
      for (const data of [undefined, null, true, -1, 0, 1.5, 99999999999, "1 or 1=1", {}, [1]]) {
        assert.equal(await join(agentSocket, "joinChatBox", data), "ERR_FORBIDDEN_JOIN");
      }
    });

    await t.step("a ticket of the user's queue opens by id, by digits or by uuid", async () => {
      assert.equal(await join(agentSocket, "joinChatBox", inQueueA.id), "joined");
      assert.equal(await join(agentSocket, "joinChatBox", String(inQueueA.id)), "joined");
      assert.equal(await join(agentSocket, "joinChatBox", inQueueA.uuid), "joined");
    });

    await t.step("the join follows the user as stored now, not the token", async () => {
      await db.run(sql`update users set all_ticket = 'enabled' where id = ${agent.id}`);
      assert.equal(await join(agentSocket, "joinChatBox", withoutQueue.id), "joined");
    });

    await t.step("an accepted chat box hears its ticket's events, and only those", async () => {
      const ticketChannel = channels.ticket(companyA);
      // Queue B's ticket changes first: its event must not reach the agent.
      assert.equal(
        (await call(env.app, "GET", `/api/messages/${inQueueB.id}`, adminToken)).status,
        200,
      );
      assert.equal(
        (await call(env.app, "GET", `/api/messages/${inQueueA.id}`, adminToken)).status,
        200,
      );
      const event = (await agentSocket.next(ticketChannel)).data as {
        action: string;
        ticketId: number;
      };
      assert.deepEqual([event.action, event.ticketId], ["updateUnread", inQueueA.id]);
      const heard = agentSocket.received.filter((m) => m.channel === ticketChannel)
        .map((m) => (m.data as { ticketId: number }).ticketId);
      assert.deepEqual(heard, [inQueueA.id]);
      assert.equal(adminBSocket.count(ticketChannel), 0);
    });

    await t.step("joinTickets takes a list's status; joinNotification needs no data", async () => {
      for (const status of ["open", "pending", "closed"]) {
        assert.equal(await join(agentSocket, "joinTickets", status), "joined");
      }
      assert.equal(await join(agentSocket, "joinTickets", "everything"), "ERR_FORBIDDEN_JOIN");
      assert.equal(await join(agentSocket, "joinTickets"), "ERR_FORBIDDEN_JOIN");
      assert.equal(await join(agentSocket, "joinNotification"), "joined");
    });

    await t.step("leaving a join keeps the rooms every socket always has", async () => {
      agentSocket.send({ event: "leaveChatBox", data: inQueueA.id });
      await agentSocket.next("left");
      agentSocket.send({ event: "leaveNotification" });
      await agentSocket.next("left");
      assert.deepEqual(env.hub.roomsOfUser(agent.id), [[
        `company-${companyA}`,
        "everyone",
        `user-${agent.id}`,
      ]]);
    });

    await t.step("a user who is no longer in the company may join nothing", async () => {
      const authorize = createJoinAuthorizer({ db });
      const gone = { userId: agent.id, companyId: companyB };
      assert.equal(await authorize(gone, "joinNotification", undefined), null);
      assert.equal(await authorize(gone, "joinTickets", "open"), null);
      assert.equal(await authorize(gone, "joinChatBox", ofCompanyB.id), null);
      const stillHere = { userId: agent.id, companyId: companyA };
      assert.deepEqual(await authorize(stillHere, "joinNotification", undefined), [
        `user-${agent.id}`,
      ]);
    });
  } finally {
    await env.close();
  }
});
