/**
 * Every statement on `mail_outbox` (migrations/0003_mail_outbox.sql), one function each.
 * A row is written before any delivery attempt, so a crash mid-send leaves it `pending`
 * rather than losing the message.
 */
import { type Queryable, sql } from "../db/mod.ts";

/** `error` keeps the start of long messages only. */
const MAX_ERROR_LENGTH = 2000;

export type OutboxStatus = "pending" | "sent" | "failed" | "logged";

export interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Null or absent for platform mail. */
  companyId?: number | null;
}

export async function insertOutbox(db: Queryable, message: OutboxMessage): Promise<number> {
  const row = await db.one<{ id: number }>(
    sql`insert into mail_outbox (company_id, to_address, subject, text_body, html_body)
        values (${message.companyId ?? null}, ${message.to}, ${message.subject},
                ${message.text}, ${message.html ?? null})
        returning id`,
  );
  return Number(row.id);
}

export async function markSent(db: Queryable, id: number): Promise<void> {
  await db.run(sql`update mail_outbox set status = 'sent', error = null, sent_at = now()
                   where id = ${id}`);
}

/** `sent_at` stays null: nothing left the machine. */
export async function markLogged(db: Queryable, id: number): Promise<void> {
  await db.run(sql`update mail_outbox set status = 'logged' where id = ${id}`);
}

export async function markFailed(db: Queryable, id: number, error: string): Promise<void> {
  await db.run(
    sql`update mail_outbox set status = 'failed', error = ${
      error.slice(0, MAX_ERROR_LENGTH)
    } where id = ${id}`,
  );
}
