/**
 * Sending a schedule when its job comes due (DESIGN §8). The job runner claims the job with
 * SKIP LOCKED, so one instance runs it; the schedule row is then locked and its status read
 * in the transaction that queues the message, so a run repeated after a crash (runs are at
 * least once) finds it ENVIADA and sends nothing twice. A job due while the server was down
 * is claimed at start like any due job; how late it went is kept in `late_ms`.
 *
 * The message goes through the one send path on the contact's current conversation's
 * connection when that one is connected, else the company's default connected one, into the
 * contact's ticket. A failed try keeps its reason and the schedule AGENDADA; the runner tries
 * again after attempts² seconds, and after the last try the schedule is ERRO with the reason.
 */
import { type Queryable, sql } from "../../lib/db/mod.ts";
import { AppError } from "../../lib/http/errors.ts";
import type { Job } from "../../lib/jobs/mod.ts";
import { fileTypeOf } from "../../lib/media/types.ts";
import type { ServiceDeps } from "../deps.ts";
import { announceToContact, queueToContact } from "../tickets/mod.ts";
import { publishSchedule } from "./events.ts";
import { findSchedule, withMediaLink } from "./queries.ts";

export type SendDeps = Pick<ServiceDeps, "db" | "hub" | "media" | "clock" | "log" | "mediaLinks">;

/** Later than this is worth a line in the log (a restart, an overloaded runner). */
const LATE_LOG_MS = 5_000;

interface DueRow {
  contact_id: number;
  body: string;
  send_at: Date;
  status: string;
  media_path: string | null;
  media_name: string | null;
}

/** The connected connection that sends to `contactId` (see the module comment). */
async function connectionFor(
  db: Queryable,
  companyId: number,
  contactId: number,
): Promise<number> {
  const row = await db.maybeOne<{ id: number }>(sql`
    select w.id from whatsapps w
    where w.company_id = ${companyId} and w.status = 'CONNECTED'
    order by (w.id = (select t.whatsapp_id from tickets t
                      where t.company_id = ${companyId} and t.contact_id = ${contactId}
                      order by (t.status <> 'closed') desc, t.updated_at desc, t.id desc
                      limit 1)) is true desc,
             w.is_default desc, w.id
    limit 1`);
  if (!row) throw new AppError("ERR_WAPP_NOT_CONNECTED", 409);
  return row.id;
}

async function publishCurrent(deps: SendDeps, companyId: number, id: number): Promise<void> {
  const record = await findSchedule(deps.db, companyId, id);
  if (!record) return;
  const schedule = withMediaLink(deps.mediaLinks, record);
  await publishSchedule(deps.hub, companyId, { action: "update", schedule });
}

export async function sendSchedule(deps: SendDeps, job: Job): Promise<void> {
  const id = Number(job.payload.id);
  const companyId = job.companyId;
  if (!companyId || !Number.isInteger(id)) return;
  // Its time came: the calendar shows it being sent (AGENDADA) while it is.
  const started = await deps.db.run(sql`
    update schedules set status = 'AGENDADA'
    where company_id = ${companyId} and id = ${id} and status = 'PENDENTE'`);
  if (started.rowCount > 0) await publishCurrent(deps, companyId, id);
  try {
    const queued = await deps.db.transaction(async (tx) => {
      const row = await tx.maybeOne<DueRow>(sql`
        select contact_id, body, send_at, status, media_path, media_name from schedules
        where company_id = ${companyId} and id = ${id}
        for update`);
      // Deleted, or sent by an earlier run of this job.
      if (!row || row.status === "ENVIADA") return null;
      const connectionId = await connectionFor(tx, companyId, row.contact_id);
      const now = deps.clock.now();
      const media = row.media_path
        ? [{
          kind: "image" as const,
          mimetype: fileTypeOf(row.media_name ?? row.media_path)?.mime ?? "image/jpeg",
          fileName: row.media_name ?? "imagem",
          path: row.media_path,
        }]
        : undefined;
      const result = await queueToContact(tx, {
        companyId,
        connectionId,
        contactId: row.contact_id,
        body: row.body,
        media,
        origin: "schedule",
        now,
        links: deps.mediaLinks,
      });
      const lateMs = Math.max(0, now.getTime() - new Date(row.send_at).getTime());
      await tx.run(sql`
        update schedules
        set status = 'ENVIADA', sent_at = ${now.toISOString()}::timestamptz, late_ms = ${lateMs},
            error = null, ticket_id = ${result.ticketId}, message_id = ${result.messages[0]!.id}
        where company_id = ${companyId} and id = ${id}`);
      return { result, lateMs };
    });
    if (!queued) return;
    if (queued.lateMs > LATE_LOG_MS) {
      deps.log.info(
        `schedules: schedule ${id} went out ${Math.round(queued.lateMs / 1000)} s late`,
      );
    }
    await announceToContact(deps, companyId, queued.result);
  } catch (err) {
    const reason = err instanceof Error ? err.message || err.name : String(err);
    const last = job.attempts >= job.maxAttempts;
    await deps.db.run(sql`
      update schedules set error = ${reason.slice(0, 1000)},
                           status = ${last ? "ERRO" : "AGENDADA"}
      where company_id = ${companyId} and id = ${id} and status <> 'ENVIADA'`);
    await publishCurrent(deps, companyId, id);
    throw err;
  }
  await publishCurrent(deps, companyId, id);
}
