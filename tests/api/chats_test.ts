/**
 * `/api/chats`: chats with members and an owner, unread counts per member, paged messages,
 * live events to members only, the plan flag and other companies kept out.
 */
import assert from "node:assert/strict";
import { sql } from "../../lib/db/mod.ts";
import { channels } from "../../lib/realtime/channels.ts";
import { answer, apiAs } from "../helpers/api_as.ts";
import { createCompanyWithUsers } from "../helpers/company.ts";
import { openRealtimeTestApp } from "../helpers/realtime_app.ts";

Deno.test("[api] /api/chats", async (t) => {
  const env = await openRealtimeTestApp();
  const { app, db, jwtKey } = env;
  try {
    const acme = await createCompanyWithUsers(db, jwtKey, {
      ana: { profile: "user" },
      bia: { profile: "user" },
      caio: { profile: "user" },
    });
    const other = await createCompanyWithUsers(db, jwtKey, { eve: {} });
    const { ana, bia, caio } = acme.users;
    const asAna = await apiAs(app, jwtKey, ana);
    const asBia = await apiAs(app, jwtKey, bia);
    const asCaio = await apiAs(app, jwtKey, caio);
    const asEve = await apiAs(app, jwtKey, other.users.eve);
    await db.run(sql`update users set name = 'Ana Souza' where id = ${ana.id}`);
    const biaSocket = await env.connect({ Authorization: `Bearer ${bia.token}` });

    let chat = { id: 0, uuid: "" };
    await t.step("a chat has a title and members; the owner is one of them", async () => {
      const res = await answer(
        await asAna("POST", "/api/chats", { title: "Plantão", users: [{ id: bia.id }] }),
      );
      assert.equal(res.status, 201);
      assert.equal(res.body.ownerId, ana.id);
      assert.deepEqual(
        res.body.users.map((m: { userId: number }) => m.userId).sort(),
        [ana.id, bia.id].sort(),
      );
      chat = res.body;
      const heard = await biaSocket.next(channels.chatOfUser(acme.companyId, bia.id));
      assert.equal((heard.data as { action: string }).action, "create");
    });

    await t.step("validation: title, at least one user, users of this company only", async () => {
      const empty = await answer(await asAna("POST", "/api/chats", { title: " ", users: [] }));
      assert.equal(empty.status, 400);
      assert.deepEqual(Object.keys(empty.body.fields).sort(), ["title", "users"]);
      const outsider = await answer(
        await asAna("POST", "/api/chats", { title: "x", users: [other.users.eve.id] }),
      );
      assert.deepEqual(outsider, { status: 400, body: { error: "ERR_CHAT_UNKNOWN_USER" } });
    });

    await t.step("a message: the others' unread goes up, the sender's to 0, live", async () => {
      const blank = await answer(
        await asAna("POST", `/api/chats/${chat.id}/messages`, {
          message: "  \n ",
        }),
      );
      assert.equal(blank.status, 400);
      const sent = await answer(
        await asAna("POST", `/api/chats/${chat.id}/messages`, { message: "Bom dia!" }),
      );
      assert.equal(sent.status, 201);
      assert.equal(sent.body.sender.name, "Ana Souza");
      const heard = await biaSocket.next(channels.chatOf(acme.companyId, chat.id));
      assert.equal(
        (heard.data as { newMessage: { message: string } }).newMessage.message,
        "Bom dia!",
      );
      const list = await answer(await asBia("GET", "/api/chats"));
      const mine = list.body.records[0];
      assert.equal(mine.lastMessage, "Ana Souza: Bom dia!");
      const unread = (id: number) =>
        mine.users.find((m: { userId: number }) => m.userId === id).unreads;
      assert.equal(unread(bia.id), 1);
      assert.equal(unread(ana.id), 0);
      const read = await answer(await asBia("POST", `/api/chats/${chat.id}/read`, {}));
      assert.equal(
        read.body.users.find((m: { userId: number }) => m.userId === bia.id).unreads,
        0,
      );
    });

    await t.step("messages page from the newest back; `before` is a keyset cursor", async () => {
      for (let i = 1; i <= 40; i++) {
        await db.run(
          sql`insert into chat_messages (chat_id, company_id, sender_id, message, created_at)
          values (${chat.id}, ${acme.companyId}, ${bia.id}, ${`m${i}`}, now())`,
        );
      }
      const first = await answer(await asAna("GET", `/api/chats/${chat.id}/messages`));
      assert.equal(first.body.records.length, 30);
      assert.equal(first.body.hasMore, true);
      assert.equal(first.body.records.at(-1).message, "m40", "oldest first, newest last");
      const oldest = first.body.records[0].id;
      const older = await answer(
        await asAna("GET", `/api/chats/${chat.id}/messages?before=${oldest}`),
      );
      assert.equal(older.body.hasMore, false);
      assert.deepEqual(older.body.records.map((m: { message: string }) => m.message).slice(0, 2), [
        "Bom dia!",
        "m1",
      ]);
      const page2 = await answer(await asAna("GET", `/api/chats/${chat.id}/messages?pageNumber=2`));
      assert.deepEqual(page2.body.records, older.body.records);
    });

    await t.step("only members see it; only the owner edits or deletes it", async () => {
      assert.equal((await asCaio("GET", `/api/chats/${chat.id}`)).status, 404);
      assert.equal((await asCaio("GET", `/api/chats/${chat.uuid}`)).status, 404);
      assert.equal((await asCaio("GET", `/api/chats/${chat.id}/messages`)).status, 404);
      const post = await asCaio("POST", `/api/chats/${chat.id}/messages`, { message: "oi" });
      assert.equal(post.status, 404);
      assert.equal((await asBia("GET", `/api/chats/${chat.uuid}`)).status, 200);
      const edit = await answer(await asBia("PUT", `/api/chats/${chat.id}`, { title: "Meu" }));
      assert.deepEqual(edit, { status: 403, body: { error: "ERR_CHAT_OWNER_ONLY" } });
      assert.equal((await asBia("DELETE", `/api/chats/${chat.id}`)).status, 403);
      const renamed = await answer(
        await asAna("PUT", `/api/chats/${chat.id}`, { title: "Plantão noturno", users: [caio.id] }),
      );
      assert.equal(renamed.body.title, "Plantão noturno");
      assert.deepEqual(
        renamed.body.users.map((m: { userId: number }) => m.userId).sort(),
        [ana.id, caio.id].sort(),
      );
      const gone = await biaSocket.next(channels.chatOfUser(acme.companyId, bia.id));
      assert.ok(["update", "delete"].includes((gone.data as { action: string }).action));
      assert.equal((await asBia("GET", `/api/chats/${chat.id}`)).status, 404, "bia was removed");
    });

    await t.step("a search over the member's chats, by title or by a member's name", async () => {
      const made = await answer(
        await asAna("POST", "/api/chats", { title: "Financeiro 50%", users: [{ id: bia.id }] }),
      );
      assert.equal(made.status, 201);
      const titles = async (call: typeof asAna, search: string) =>
        (await answer(await call("GET", `/api/chats?searchParam=${encodeURIComponent(search)}`)))
          .body.records.map((row: { title: string }) => row.title);
      assert.deepEqual(await titles(asAna, "plant"), ["Plantão noturno"]);
      assert.deepEqual(await titles(asAna, "FINAN"), ["Financeiro 50%"]);
      // By a member's name: Caio is only in "Plantão noturno", Bia only in the new one.
      const nameOf = async (id: number) =>
        (await db.one<{ name: string }>(sql`select name from users where id = ${id}`)).name;
      assert.deepEqual(await titles(asAna, await nameOf(caio.id)), ["Plantão noturno"]);
      assert.deepEqual(await titles(asAna, await nameOf(bia.id)), ["Financeiro 50%"]);
      assert.deepEqual(await titles(asAna, "souza"), ["Financeiro 50%", "Plantão noturno"]);
      // Wildcards are plain characters; a chat one is not in never shows.
      assert.deepEqual(await titles(asAna, "%"), ["Financeiro 50%"]);
      assert.deepEqual(await titles(asCaio, "finan"), []);
      assert.deepEqual(await titles(asEve, "plant"), []);
      assert.equal((await asAna("DELETE", `/api/chats/${made.body.id}`)).status, 204);
    });

    await t.step("another company's user reaches nothing", async () => {
      assert.equal((await asEve("GET", `/api/chats/${chat.id}`)).status, 404);
      assert.equal((await asEve("PUT", `/api/chats/${chat.id}`, { title: "x" })).status, 404);
      assert.equal((await asEve("DELETE", `/api/chats/${chat.id}`)).status, 404);
      assert.deepEqual((await answer(await asEve("GET", "/api/chats"))).body.records, []);
    });

    await t.step("the owner deletes it", async () => {
      assert.equal((await asAna("DELETE", `/api/chats/${chat.id}`)).status, 204);
      assert.equal((await asAna("GET", `/api/chats/${chat.id}`)).status, 404);
    });

    await t.step("without useInternalChat in the plan: 403", async () => {
      await db.run(sql`update plans set use_internal_chat = false
        where id = (select plan_id from companies where id = ${acme.companyId})`);
      const res = await answer(await asAna("GET", "/api/chats"));
      assert.deepEqual(res, { status: 403, body: { error: "ERR_FEATURE_NOT_IN_PLAN" } });
    });
  } finally {
    await env.close();
  }
});
