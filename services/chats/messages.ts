/**
 * Messages of an internal chat (admin §3): members read them a page at a time from the newest
 * back (keyset on the message id, or the spec's pageNumber), send them (the sender's unread
 * count goes to 0, everyone else's up by one) and mark the chat read.
 */
import { type Queryable, sql } from "../../lib/db/mod.ts";
import { publishChatTo, publishNewMessage } from "./events.ts";
import { findChat } from "./chats.ts";
import type { Chat, ChatDeps, ChatMessage, Member } from "./types.ts";

/** A conversation's page: 30 messages, so a tall screen fills on the first load. */
export const MESSAGE_PAGE = 30;

const COLUMNS = sql`m.id, m.chat_id as "chatId", m.sender_id as "senderId",
  json_build_object('id', u.id, 'name', coalesce(u.name, '')) as sender,
  m.message, m.created_at as "createdAt"`;

export interface MessagePageQuery {
  /** Messages older than this id (keyset); the newest when absent. */
  before?: number;
  /** The spec's paging, used when `before` is absent. @default 1 */
  pageNumber?: number;
}

/** A page of messages, oldest first within the page, and whether older ones remain. */
export async function listChatMessages(
  db: Queryable,
  who: Member,
  chatId: number,
  query: MessagePageQuery,
): Promise<{ records: ChatMessage[]; hasMore: boolean }> {
  await findChat(db, who, chatId);
  const keyset = query.before ? sql`and m.id < ${query.before}` : sql.empty;
  const offset = query.before ? 0 : ((query.pageNumber ?? 1) - 1) * MESSAGE_PAGE;
  const rows = await db.query<ChatMessage>(sql`
    select ${COLUMNS} from chat_messages m left join users u on u.id = m.sender_id
    where m.chat_id = ${chatId} ${keyset}
    order by m.id desc limit ${MESSAGE_PAGE + 1} offset ${offset}`);
  return { records: rows.slice(0, MESSAGE_PAGE).reverse(), hasMore: rows.length > MESSAGE_PAGE };
}

export async function sendChatMessage(
  deps: ChatDeps,
  who: Member,
  chatId: number,
  text: string,
): Promise<ChatMessage> {
  const now = deps.clock.now();
  const { chat, message } = await deps.db.transaction(async (tx) => {
    await findChat(tx, who, chatId);
    const { id } = await tx.one<{ id: number }>(sql`
      insert into chat_messages (chat_id, company_id, sender_id, message, created_at)
      values (${chatId}, ${who.companyId}, ${who.userId}, ${text}, ${now}) returning id`);
    await tx.run(sql`
      update chats set updated_at = ${now},
        last_message = (select name from users where id = ${who.userId}) || ': ' || ${text}
      where id = ${chatId}`);
    await tx.run(sql`
      update chat_users set unreads = case when user_id = ${who.userId} then 0 else unreads + 1 end
      where chat_id = ${chatId}`);
    const message = await tx.one<ChatMessage>(sql`
      select ${COLUMNS} from chat_messages m left join users u on u.id = m.sender_id
      where m.id = ${id}`);
    return { chat: await findChat(tx, who, chatId), message };
  });
  await publishNewMessage(deps.hub, chat, who.companyId, message);
  return message;
}

/** The caller has read the chat: their unread count goes to 0 (the spec's body userId is not trusted). */
export async function markChatRead(deps: ChatDeps, who: Member, chatId: number): Promise<Chat> {
  await findChat(deps.db, who, chatId);
  await deps.db.run(sql`
    update chat_users set unreads = 0 where chat_id = ${chatId} and user_id = ${who.userId}`);
  const chat = await findChat(deps.db, who, chatId);
  await publishChatTo(deps.hub, who.companyId, [who.userId], { action: "update", chat });
  return chat;
}
