/**
 * Scheduled messages (issue 19 "Done when"), with a fake clock: each schedule is a job due at
 * its time that sends through the one send path into the contact's ticket; edited, it moves;
 * deleted, it never goes; due while the server was down, it goes once at start, late; a failed
 * send is retried, then ERRO with the reason; two instances send it once.
 */
import assert from "node:assert/strict";
import { FakeClock } from "../../lib/clock.ts";
import { sql } from "../../lib/db/mod.ts";
import { createJobRunner } from "../../lib/jobs/mod.ts";
import { createJobHandlers } from "../../services/job_handlers.ts";
import { answer } from "../helpers/api_as.ts";
import { openTicketEnv } from "../helpers/ticket_env.ts";

const SECOND = 1000;
const HOUR = 3_600_000;

Deno.test("[api] schedules: sent at their time, once, through the customer's ticket", async (t) => {
  const clock = new FakeClock(new Date());
  const env = await openTicketEnv({ clock });
  const { db, companyId, asAdmin, asAgent } = env;
  const runners: ReturnType<typeof createJobRunner>[] = [];
  const runner = (instanceId: string) => {
    const made = createJobRunner({
      deps: env.services,
      instanceId,
      handlers: createJobHandlers(env.services),
    });
    runners.push(made);
    return made;
  };
  try {
    const ticket = await env.customerWrites("5511987650101", "Rita Souza", "Oi");
    const contactId = ticket.contact.id as number;
    const at = (ms: number) => new Date(clock.now().getTime() + ms).toISOString();
    const schedule = async (body: string, sendAt: string) => {
      const { status, body: record } = await answer(
        await asAdmin("POST", "/api/schedules", { body, contactId, sendAt }),
      );
      assert.equal(status, 200, JSON.stringify(record));
      return record as { id: number; status: string };
    };
    const read = async (id: number) => (await answer(await asAdmin("GET", `/api/schedules/${id}`)));
    const messagesWith = (body: string) =>
      db.query<{ ticket_id: number; origin: string; created_at: Date }>(sql`
        select ticket_id, origin, created_at from messages
        where company_id = ${companyId} and body = ${body}`);
    const first = runner("instance-a");

    await t.step(
      "a schedule goes out at its time, variables filled in, in the ticket",
      async () => {
        const made = await schedule("Olá {{firstName}}, sua consulta é amanhã.", at(HOUR));
        assert.equal(made.status, "PENDENTE");
        await first.tick();
        clock.advance(HOUR - SECOND);
        assert.equal((await first.tick()).claimed, 0);
        assert.equal((await read(made.id)).body.status, "PENDENTE");
        clock.advance(SECOND);
        assert.equal((await first.tick()).done, 1);
        const sent = (await read(made.id)).body;
        assert.equal(sent.status, "ENVIADA");
        assert.equal(sent.lateMs, 0);
        assert.equal(new Date(sent.sentAt).getTime(), clock.now().getTime());
        const stored = await messagesWith("Olá Rita, sua consulta é amanhã.");
        assert.equal(stored.length, 1);
        assert.equal(stored[0]!.ticket_id, ticket.id);
        assert.equal(stored[0]!.origin, "schedule");
        assert.equal(sent.ticketId, ticket.id);
        const outbox = await db.one<{ n: number }>(sql`
        select count(*)::int as n from whatsapp_outbox
        where company_id = ${companyId} and origin = 'schedule'`);
        assert.equal(outbox.n, 1);
        // Live: the calendar heard AGENDADA then ENVIADA.
        const heard = env.hub.sent.filter((s) => s.channel === `company${companyId}-schedule`)
          .filter((s) => s.data.schedule?.id === made.id).map((s) => s.data.schedule.status);
        assert.deepEqual([...new Set(heard)], ["PENDENTE", "AGENDADA", "ENVIADA"]);
        // Sent: read-only.
        const edit = await answer(
          await asAdmin("PUT", `/api/schedules/${made.id}`, { body: "Outra" }),
        );
        assert.deepEqual([edit.status, edit.body.error], [400, "ERR_SCHEDULE_ALREADY_SENT"]);
      },
    );

    await t.step("edited to later, it goes out at the new time", async () => {
      const made = await schedule("Lembrete remarcado", at(HOUR));
      const moved = await answer(
        await asAdmin("PUT", `/api/schedules/${made.id}`, { sendAt: at(2 * HOUR) }),
      );
      assert.equal(moved.status, 200, JSON.stringify(moved.body));
      const jobs = await db.query(sql`
        select run_at from jobs where unique_key = ${`schedule:${made.id}`}`);
      assert.equal(jobs.length, 1, "one job, moved");
      clock.advance(HOUR);
      await first.tick();
      assert.equal((await read(made.id)).body.status, "PENDENTE");
      assert.equal((await messagesWith("Lembrete remarcado")).length, 0);
      clock.advance(HOUR);
      await first.tick();
      assert.equal((await read(made.id)).body.status, "ENVIADA");
      assert.equal((await messagesWith("Lembrete remarcado")).length, 1);
    });

    await t.step("deleted before its time, it is never sent", async () => {
      const made = await schedule("Mensagem cancelada", at(HOUR));
      const removed = await asAdmin("DELETE", `/api/schedules/${made.id}`);
      assert.equal(removed.status, 204);
      clock.advance(2 * HOUR);
      assert.equal((await first.tick()).claimed, 0);
      assert.equal((await messagesWith("Mensagem cancelada")).length, 0);
      assert.equal((await read(made.id)).status, 404);
    });

    await t.step("due while the server was down: sent once at start, lateness kept", async () => {
      const made = await schedule("Enviada depois da parada", at(HOUR));
      await first.stop();
      clock.advance(3 * HOUR);
      const restarted = runner("instance-after-restart");
      assert.equal((await restarted.tick()).done, 1);
      await restarted.tick();
      const sent = (await read(made.id)).body;
      assert.equal(sent.status, "ENVIADA");
      assert.equal(sent.lateMs, 2 * HOUR);
      assert.equal((await messagesWith("Enviada depois da parada")).length, 1);
    });

    const live = runner("instance-live");
    const setConnection = (status: string) =>
      db.run(sql`update whatsapps set status = ${status} where id = ${env.connectionId}`);

    await t.step("a failing send is retried with backoff, then ERRO with the reason", async () => {
      await setConnection("DISCONNECTED");
      const made = await schedule("Sem conexão", at(SECOND));
      clock.advance(SECOND);
      const waits = [SECOND, 4 * SECOND, 9 * SECOND];
      for (const wait of waits) {
        assert.equal((await live.tick()).retried, 1);
        const trying = (await read(made.id)).body;
        assert.deepEqual([trying.status, trying.error], ["AGENDADA", "ERR_WAPP_NOT_CONNECTED"]);
        clock.advance(wait - 1);
        assert.equal((await live.tick()).claimed, 0, "waits its backoff");
        clock.advance(1);
      }
      assert.equal((await live.tick()).failed, 1);
      const failed = (await read(made.id)).body;
      assert.deepEqual([failed.status, failed.error], ["ERRO", "ERR_WAPP_NOT_CONNECTED"]);
      assert.equal((await messagesWith("Sem conexão")).length, 0);
      // Saved again, it is tried afresh.
      await setConnection("CONNECTED");
      await asAdmin("PUT", `/api/schedules/${made.id}`, { sendAt: at(SECOND) });
      clock.advance(SECOND);
      await live.tick();
      assert.equal((await read(made.id)).body.status, "ENVIADA");
    });

    await t.step("a send that fails once goes out on the retry", async () => {
      await setConnection("DISCONNECTED");
      const made = await schedule("Volta a conexão", at(SECOND));
      clock.advance(SECOND);
      assert.equal((await live.tick()).retried, 1);
      await setConnection("CONNECTED");
      clock.advance(SECOND);
      assert.equal((await live.tick()).done, 1);
      const sent = (await read(made.id)).body;
      assert.deepEqual([sent.status, sent.error, sent.lateMs], ["ENVIADA", null, SECOND]);
    });

    await t.step("two instances on one database send it once", async () => {
      const other = runner("instance-other");
      const made = await schedule("Uma vez só", at(HOUR));
      clock.advance(HOUR);
      await Promise.all([live.tick(), other.tick(), live.tick(), other.tick()]);
      assert.equal((await messagesWith("Uma vez só")).length, 1);
      // A run repeated after a crash (at least once) finds it sent and sends nothing.
      const job = await db.one<{ id: number }>(sql`
        select id from jobs where unique_key = ${`schedule:${made.id}`}`);
      await db.run(sql`update jobs set status = 'queued' where id = ${job.id}`);
      await Promise.all([live.tick(), other.tick()]);
      assert.equal((await messagesWith("Uma vez só")).length, 1);
    });

    await t.step(
      "rules: body of 5+, contact, time; plain users change only their own",
      async () => {
        const short = await answer(
          await asAdmin("POST", "/api/schedules", { body: "Oi", contactId, sendAt: at(HOUR) }),
        );
        assert.equal(short.status, 400);
        assert.equal(short.body.fields.body.code, "ERR_SCHEDULE_BODY_TOO_SHORT");
        const noTime = await answer(
          await asAdmin("POST", "/api/schedules", { body: "Olá mundo", contactId }),
        );
        assert.equal(noTime.body.fields.sendAt.code, "ERR_SCHEDULE_SEND_AT_REQUIRED");
        const unknown = await answer(
          await asAdmin("POST", "/api/schedules", {
            body: "Olá mundo",
            contactId: 999999,
            sendAt: at(HOUR),
          }),
        );
        assert.deepEqual([unknown.status, unknown.body.error], [404, "ERR_NO_CONTACT_FOUND"]);
        const admins = await schedule("Do administrador", at(HOUR));
        const denied = await asAgent("PUT", `/api/schedules/${admins.id}`, { body: "Do agente!" });
        assert.equal(denied.status, 403);
        const own = await answer(
          await asAgent("POST", "/api/schedules", {
            body: "Do agente",
            contactId,
            sendAt: at(HOUR),
          }),
        );
        assert.equal(own.status, 200);
        const edited = await asAgent("PUT", `/api/schedules/${own.body.id}`, {
          body: "Do agente!",
        });
        assert.equal(edited.status, 200);
      },
    );

    await t.step("the list: count, search, a contact's, the calendar's window", async () => {
      const all = (await answer(await asAdmin("GET", "/api/schedules"))).body;
      assert.equal(all.count, all.schedules.length);
      const found = (await answer(await asAdmin("GET", "/api/schedules?searchParam=agente"))).body;
      assert.deepEqual(found.schedules.map((s: { body: string }) => s.body), ["Do agente!"]);
      const from = encodeURIComponent(at(1));
      const to = encodeURIComponent(at(2 * HOUR));
      const window = (await answer(await asAdmin("GET", `/api/schedules?from=${from}&to=${to}`)))
        .body;
      assert.deepEqual(
        window.schedules.map((s: { body: string }) => s.body).sort(),
        ["Do administrador", "Do agente!"],
      );
      const mine = await answer(
        await asAdmin("GET", `/api/schedules?contactId=${contactId}&pageNumber=1`),
      );
      assert.equal(mine.body.count, all.count);
    });
  } finally {
    for (const made of runners) await made.stop();
    await env.close();
  }
});
