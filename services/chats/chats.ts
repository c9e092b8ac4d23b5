/**
 * Internal chats of a company (admin §2, §3): a title and members; the creator owns the chat
 * and is always a member. Only members see a chat (a non-member gets 404, as if it did not
 * exist); only the owner edits or deletes it.
 */
import { type Queryable, type Sql, sql } from "../../lib/db/mod.ts";
import { containsPattern } from "../../lib/db/paging.ts";
import { AppError } from "../../lib/http/errors.ts";
import { publishChatTo } from "./events.ts";
import type { Chat, ChatDeps, Member } from "./types.ts";

const NOT_FOUND = "ERR_NO_CHAT_FOUND";

export interface ChatInput {
  title: string;
  /** Members besides the owner, who is added anyway. */
  users: number[];
}

function selectChats(where: Sql): Sql {
  return sql`
    select c.id, c.uuid, c.title, c.owner_id as "ownerId", c.last_message as "lastMessage",
           c.created_at as "createdAt", c.updated_at as "updatedAt",
           coalesce((
             select json_agg(json_build_object(
                      'userId', cu.user_id, 'unreads', cu.unreads,
                      'user', json_build_object('id', u.id, 'name', u.name))
                    order by u.name, u.id)
             from chat_users cu join users u on u.id = cu.user_id
             where cu.chat_id = c.id), '[]'::json) as users
    from chats c
    where ${where}`;
}

/**
 * The member's chats, most recently active first; with `search`, those whose title or a
 * member's name contains it (admin §7: `GET /chats?searchParam=`).
 */
export async function listChats(db: Queryable, who: Member, search = ""): Promise<Chat[]> {
  const pattern = containsPattern(search);
  const matching = search
    ? sql`and (lower(c.title) like ${pattern} or exists (
        select 1 from chat_users s join users su on su.id = s.user_id
        where s.chat_id = c.id and lower(su.name) like ${pattern}))`
    : sql``;
  return await db.query<Chat>(sql`${
    selectChats(sql`c.company_id = ${who.companyId} and exists (
      select 1 from chat_users m where m.chat_id = c.id and m.user_id = ${who.userId}) ${matching}`)
  } order by c.updated_at desc, c.id desc limit 500`);
}

/** One chat by id or uuid, when the caller is a member; 404 otherwise. */
export async function findChat(db: Queryable, who: Member, key: number | string): Promise<Chat> {
  const match = typeof key === "number" ? sql`c.id = ${key}` : sql`c.uuid::text = ${key}`;
  const chat = await db.maybeOne<Chat>(selectChats(sql`${match} and c.company_id = ${who.companyId}
    and exists (select 1 from chat_users m where m.chat_id = c.id and m.user_id = ${who.userId})`));
  if (!chat) throw new AppError(NOT_FOUND, 404);
  return chat;
}

/** The distinct members with the owner, after checking they all belong to the company. */
async function membersOf(db: Queryable, who: Member, users: number[]): Promise<number[]> {
  const ids = [...new Set([who.userId, ...users])];
  const found = await db.query<{ id: number }>(sql`
    select id from users where company_id = ${who.companyId} and id = any(${ids}::int[])`);
  if (found.length !== ids.length) throw new AppError("ERR_CHAT_UNKNOWN_USER", 400);
  return ids;
}

export async function createChat(deps: ChatDeps, who: Member, input: ChatInput): Promise<Chat> {
  const now = deps.clock.now();
  const chat = await deps.db.transaction(async (tx) => {
    const members = await membersOf(tx, who, input.users);
    const { id } = await tx.one<{ id: number }>(sql`
      insert into chats (company_id, title, owner_id, created_at, updated_at)
      values (${who.companyId}, ${input.title}, ${who.userId}, ${now}, ${now}) returning id`);
    await tx.run(sql`
      insert into chat_users (chat_id, user_id, company_id)
      select ${id}, member, ${who.companyId} from unnest(${members}::int[]) as member`);
    return await findChat(tx, who, id);
  });
  await publishChatTo(deps.hub, who.companyId, chat.users.map((m) => m.userId), {
    action: "create",
    chat,
  });
  return chat;
}

/** The chat, locked, when the caller owns it: 404 for non-members, 403 for other members. */
async function lockOwned(tx: Queryable, who: Member, id: number): Promise<Chat> {
  const chat = await findChat(tx, who, id);
  await tx.run(sql`select id from chats where id = ${id} for update`);
  if (chat.ownerId !== who.userId) throw new AppError("ERR_CHAT_OWNER_ONLY", 403);
  return chat;
}

export async function updateChat(
  deps: ChatDeps,
  who: Member,
  id: number,
  input: Partial<ChatInput>,
): Promise<Chat> {
  const { before, chat } = await deps.db.transaction(async (tx) => {
    const before = await lockOwned(tx, who, id);
    await tx.run(sql`
      update chats set title = coalesce(${input.title ?? null}, title),
        updated_at = ${deps.clock.now()}
      where id = ${id}`);
    if (input.users) {
      const members = await membersOf(tx, who, input.users);
      await tx.run(sql`
        delete from chat_users where chat_id = ${id} and user_id <> all(${members}::int[])`);
      await tx.run(sql`
        insert into chat_users (chat_id, user_id, company_id)
        select ${id}, member, ${who.companyId} from unnest(${members}::int[]) as member
        on conflict do nothing`);
    }
    return { before, chat: await findChat(tx, who, id) };
  });
  const now = chat.users.map((m) => m.userId);
  const removed = before.users.map((m) => m.userId).filter((userId) => !now.includes(userId));
  await publishChatTo(deps.hub, who.companyId, now, { action: "update", chat });
  await publishChatTo(deps.hub, who.companyId, removed, { action: "delete", id });
  return chat;
}

export async function deleteChat(deps: ChatDeps, who: Member, id: number): Promise<void> {
  const chat = await deps.db.transaction(async (tx) => {
    const chat = await lockOwned(tx, who, id);
    await tx.run(sql`delete from chats where id = ${id}`);
    return chat;
  });
  await publishChatTo(deps.hub, who.companyId, chat.users.map((m) => m.userId), {
    action: "delete",
    id,
  });
}
