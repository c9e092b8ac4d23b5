/**
 * The job runner on a real database: one database per module, each step on its own rows
 * (steps delete what they queued). Ticks are driven by hand through `tick()`, and time by a
 * fake clock shared by every runner of a test, as instances share the wall clock.
 */
import assert from "node:assert/strict";
import { onServer, openTestDb } from "../../tests/helpers/db.ts";
import { type Db, sql } from "../db/mod.ts";
import { FakeClock } from "../clock.ts";
import { createJobRunner, type JobHandler } from "./runner.ts";
import { enqueueJob, enqueueSweep } from "./queries.ts";

const SECOND = 1000;
const HOUR = 60 * 60 * SECOND;

interface JobState {
  status: string;
  attempts: number;
  last_error: string | null;
  locked_by: string | null;
  finished_at: Date | null;
}

function stateOf(db: Db, id: number): Promise<JobState> {
  return db.one<JobState>(
    sql`select status, attempts, last_error, locked_by, finished_at from jobs where id = ${id}`,
  );
}

/** Lets pending callbacks run: enough for a promise that could settle to settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

Deno.test("jobs - claiming, running, retrying and failing", async (t) => {
  const testDb = await openTestDb();
  const { db } = testDb;
  const clock = new FakeClock(new Date("2026-03-02T12:00:00Z"));
  const deps = { db, clock };
  const now = () => clock.now();
  const clean = () => db.run(sql`delete from jobs`);
  try {
    await t.step("a due job runs once and is done", async () => {
      const calls: unknown[] = [];
      const runner = createJobRunner({
        deps,
        instanceId: "i1",
        handlers: { "mail.send": (job) => Promise.resolve(void calls.push(job.payload)) },
      });
      const job = await enqueueJob(db, {
        kind: "mail.send",
        payload: { to: "a@b.c" },
        runAt: now(),
        companyId: 4,
      });
      assert.equal(job.companyId, 4);
      const first = await runner.tick();
      assert.equal(first.claimed, 1);
      assert.equal(first.done, 1);
      assert.deepEqual(calls, [{ to: "a@b.c" }]);
      const state = await stateOf(db, job.id);
      assert.equal(state.status, "done");
      assert.equal(state.attempts, 1);
      assert.equal(state.locked_by, null);
      assert.equal(state.finished_at?.getTime(), now().getTime(), "finished at the clock's time");
      assert.equal((await runner.tick()).claimed, 0, "it is not run again");
      await runner.stop();
      await clean();
    });

    await t.step("a future job waits for its time", async () => {
      let runs = 0;
      const runner = createJobRunner({
        deps,
        instanceId: "i1",
        handlers: { later: () => Promise.resolve(void runs++) },
      });
      const job = await enqueueJob(db, {
        kind: "later",
        runAt: new Date(now().getTime() + 60_000),
      });
      assert.equal((await runner.tick()).claimed, 0);
      assert.equal((await stateOf(db, job.id)).status, "queued");
      clock.advance(60_000 - 1);
      assert.equal((await runner.tick()).claimed, 0, "one millisecond early");
      clock.advance(1);
      assert.equal((await runner.tick()).done, 1);
      assert.equal(runs, 1);
      await runner.stop();
      await clean();
    });

    await t.step("a failing job records its reason, retries with backoff, then fails", async () => {
      let runs = 0;
      const runner = createJobRunner({
        deps,
        instanceId: "i1",
        retryBaseMs: SECOND,
        handlers: {
          flaky: () => Promise.reject(new Error(`The SMTP server refused (run ${++runs}).`)),
        },
      });
      const job = await enqueueJob(db, { kind: "flaky", runAt: now(), maxAttempts: 3 });
      assert.equal((await runner.tick()).retried, 1);
      let state = await stateOf(db, job.id);
      assert.equal(state.status, "queued");
      assert.equal(state.last_error, "The SMTP server refused (run 1).");
      clock.advance(SECOND - 1);
      assert.equal((await runner.tick()).claimed, 0, "the retry waits for its backoff");
      clock.advance(1); // 1² × 1 s
      assert.equal((await runner.tick()).retried, 1);
      clock.advance(4 * SECOND - 1);
      assert.equal((await runner.tick()).claimed, 0, "the backoff grows");
      clock.advance(1); // 2² × 1 s
      assert.equal((await runner.tick()).failed, 1);
      state = await stateOf(db, job.id);
      assert.equal(state.status, "failed");
      assert.equal(state.attempts, 3);
      assert.equal(state.last_error, "The SMTP server refused (run 3).");
      clock.advance(HOUR);
      assert.equal((await runner.tick()).claimed, 0, "a failed job stays failed");
      assert.equal(runs, 3);
      await runner.stop();
      await clean();
    });

    await t.step("a job of an unknown kind fails at once with a clear reason", async () => {
      const runner = createJobRunner({
        deps,
        instanceId: "i1",
        handlers: { known: () => Promise.resolve() },
      });
      const job = await enqueueJob(db, { kind: "nobody.handles.this", runAt: now() });
      assert.equal((await runner.tick()).failed, 1);
      const state = await stateOf(db, job.id);
      assert.equal(state.status, "failed");
      assert.match(state.last_error ?? "", /ERR_UNKNOWN_JOB_KIND.*"nobody\.handles\.this".*known/);
      await runner.stop();
      await clean();
    });

    await t.step("a job left running by a dead instance is queued again", async () => {
      const job = await enqueueJob(db, { kind: "work", runAt: now() });
      await db.run(sql`update jobs set status = 'running', attempts = 1, locked_by = 'dead',
        locked_at = ${now().toISOString()}::timestamptz where id = ${job.id}`);
      clock.advance(2 * 60 * SECOND);
      const fresh = await enqueueJob(db, {
        kind: "work",
        runAt: new Date(now().getTime() + 60_000),
      });
      await db.run(sql`update jobs set status = 'running', attempts = 1, locked_by = 'alive',
        locked_at = ${now().toISOString()}::timestamptz where id = ${fresh.id}`);
      const ran: number[] = [];
      const runner = createJobRunner({
        deps,
        instanceId: "i1",
        staleAfterMs: 60_000,
        handlers: { work: (j) => Promise.resolve(void ran.push(j.id)) },
      });
      const result = await runner.tick();
      assert.equal(result.requeued, 1);
      assert.deepEqual(ran, [job.id]);
      const state = await stateOf(db, job.id);
      assert.equal(state.status, "done");
      assert.equal(state.attempts, 2);
      assert.equal(
        (await stateOf(db, fresh.id)).status,
        "running",
        "a live instance's job is left",
      );
      await runner.stop();
      await clean();
    });

    await t.step("a stale job on its last attempt is failed, not looped", async () => {
      const job = await enqueueJob(db, { kind: "work", runAt: now(), maxAttempts: 1 });
      await db.run(sql`update jobs set status = 'running', attempts = 1, locked_by = 'dead',
        locked_at = ${now().toISOString()}::timestamptz where id = ${job.id}`);
      clock.advance(2 * 60 * SECOND);
      const runner = createJobRunner({
        deps,
        instanceId: "i1",
        staleAfterMs: 60_000,
        handlers: {},
      });
      assert.equal((await runner.tick()).requeued, 1);
      const state = await stateOf(db, job.id);
      assert.equal(state.status, "failed");
      assert.match(state.last_error ?? "", /Instance dead did not finish/);
      await runner.stop();
      await clean();
    });

    await t.step("stop() stops the schedule and waits for the job in flight", async () => {
      let release!: () => void;
      const started = Promise.withResolvers<void>();
      const slow: JobHandler = () => {
        started.resolve();
        return new Promise<void>((resolve) => (release = resolve));
      };
      const runner = createJobRunner({
        deps,
        instanceId: "i1",
        cron: "* * * * * *",
        handlers: { slow },
      });
      const job = await enqueueJob(db, { kind: "slow", runAt: now() });
      runner.start();
      await started.promise;
      let stopped = false;
      const stopping = runner.stop().then(() => (stopped = true));
      await settle();
      assert.equal(stopped, false, "stop waits for the handler");
      release();
      await stopping;
      assert.equal((await stateOf(db, job.id)).status, "done");
      assert.equal((await runner.tick()).claimed, 0, "a stopped runner claims nothing");
      await clean();
    });
  } finally {
    await testDb.close();
  }
});

Deno.test("jobs - two runners on one database run each job exactly once", async () => {
  const testDb = await openTestDb();
  const dbA = testDb.db;
  const dbB = onServer ? testDb.openAnother() : testDb.db;
  const clock = new FakeClock();
  try {
    const calls = new Map<number, number>();
    const handler: JobHandler = async (job) => {
      calls.set(job.id, (calls.get(job.id) ?? 0) + 1);
      // A few turns of the event loop, so the two runners' claims interleave.
      for (let i = Math.floor(Math.random() * 3); i > 0; i--) await settle();
    };
    const ids: number[] = [];
    for (let i = 0; i < 50; i++) {
      ids.push((await enqueueJob(dbA, { kind: "count", runAt: clock.now() })).id);
    }
    const a = createJobRunner({
      deps: { db: dbA, clock },
      instanceId: "a",
      batchSize: 4,
      handlers: { count: handler },
    });
    const b = createJobRunner({
      deps: { db: dbB, clock },
      instanceId: "b",
      batchSize: 4,
      handlers: { count: handler },
    });
    const doneBy = { a: 0, b: 0 };
    const drain = async (name: "a" | "b", runner: typeof a) => {
      for (let i = 0; i < 100; i++) {
        const result = await runner.tick();
        doneBy[name] += result.done;
        if (result.claimed === 0) return;
      }
    };
    await Promise.all([drain("a", a), drain("b", b)]);
    await a.stop();
    await b.stop();
    assert.deepEqual([...calls.keys()].sort((x, y) => x - y), ids);
    assert.ok([...calls.values()].every((n) => n === 1), "no job ran twice");
    assert.equal(doneBy.a + doneBy.b, 50);
    const left = await dbA.one<{ n: number }>(
      sql`select count(*) as n from jobs where status <> 'done'`,
    );
    assert.equal(left.n, 0);
    if (onServer) {
      assert.ok(doneBy.a > 0 && doneBy.b > 0, `both instances worked: ${JSON.stringify(doneBy)}`);
    }
  } finally {
    await testDb.close();
  }
});

Deno.test("jobs - a unique key keeps one job while it waits or runs", async (t) => {
  const testDb = await openTestDb();
  const { db } = testDb;
  const clock = new FakeClock(new Date("2026-03-02T12:00:00Z"));
  const at = (ms: number) => new Date(clock.now().getTime() + ms);
  const live = () =>
    db.query<{ id: number; run_at: Date; payload: { v: number }; status: string }>(
      sql`select id, run_at, payload, status from jobs
          where unique_key = 'schedule:42' and status in ('queued', 'running')`,
    );
  try {
    await t.step("enqueueing a queued key again moves that job instead of adding one", async () => {
      const first = await enqueueJob(db, {
        kind: "schedule.send",
        payload: { v: 1 },
        runAt: at(HOUR),
        uniqueKey: "schedule:42",
      });
      const again = await enqueueJob(db, {
        kind: "schedule.send",
        payload: { v: 2 },
        runAt: at(3 * HOUR),
        uniqueKey: "schedule:42",
      });
      assert.equal(again.id, first.id);
      assert.equal(again.uniqueKey, "schedule:42");
      const rows = await live();
      assert.equal(rows.length, 1);
      assert.equal(new Date(rows[0]!.run_at).getTime(), at(3 * HOUR).getTime());
      assert.deepEqual(rows[0]!.payload, { v: 2 }, "the latest enqueue wins");
    });

    await t.step("a running key is left alone, and may be queued again once done", async () => {
      let release!: () => void;
      const started = Promise.withResolvers<void>();
      const runner = createJobRunner({
        deps: { db, clock },
        instanceId: "i1",
        handlers: {
          "schedule.send": () => {
            started.resolve();
            return new Promise<void>((resolve) => (release = resolve));
          },
        },
      });
      clock.advance(3 * HOUR);
      const ticking = runner.tick();
      await started.promise;
      const during = await enqueueJob(db, {
        kind: "schedule.send",
        payload: { v: 3 },
        runAt: clock.now(),
        uniqueKey: "schedule:42",
      });
      const rows = await live();
      assert.equal(rows.length, 1, "no second job while the first runs");
      assert.equal(rows[0]!.status, "running");
      assert.equal(during.id, rows[0]!.id);
      assert.deepEqual(rows[0]!.payload, { v: 2 }, "the running job is not changed");
      release();
      assert.equal((await ticking).done, 1);
      const next = await enqueueJob(db, {
        kind: "schedule.send",
        runAt: at(HOUR),
        uniqueKey: "schedule:42",
      });
      assert.notEqual(next.id, during.id, "a done job's key is free again");
      assert.equal((await live()).length, 1);
      await runner.stop();
    });

    await t.step("a job without a run-at time is refused", async () => {
      await assert.rejects(
        () => enqueueJob(db, { kind: "x", runAt: new Date(Number.NaN) }),
        /needs a valid runAt/,
      );
    });
  } finally {
    await testDb.close();
  }
});

Deno.test("jobs - a job due in two hours runs once, when the clock gets there, on one of two instances", async () => {
  const testDb = await openTestDb();
  const dbA = testDb.db;
  const dbB = onServer ? testDb.openAnother() : testDb.db;
  const clock = new FakeClock(new Date("2026-03-02T09:00:00Z"));
  try {
    const ran: string[] = [];
    const handlers = (instance: string): Record<string, JobHandler> => ({
      "schedule.send": async (job, ctx) => {
        ran.push(`${instance}:${job.payload.scheduleId}`);
        assert.equal(ctx.instanceId, instance);
        assert.equal(ctx.deps.clock, clock, "handlers get the runner's dependencies");
        // The other instance ticks meanwhile: the row is claimed, so it cannot take it.
        await settle();
      },
    });
    const a = createJobRunner({
      deps: { db: dbA, clock },
      instanceId: "a",
      handlers: handlers("a"),
    });
    const b = createJobRunner({
      deps: { db: dbB, clock },
      instanceId: "b",
      handlers: handlers("b"),
    });
    const inTwoHours = new Date(clock.now().getTime() + 2 * HOUR);
    // Both instances queue the same schedule (e.g. two saves racing): one job.
    await Promise.all([dbA, dbB].map((db) =>
      enqueueJob(db, {
        kind: "schedule.send",
        payload: { scheduleId: 42 },
        runAt: inTwoHours,
        uniqueKey: "schedule:42",
        companyId: 1,
      })
    ));
    const tickBoth = async () => {
      const [ra, rb] = await Promise.all([a.tick(), b.tick()]);
      return ra.done + rb.done;
    };
    assert.equal(await tickBoth(), 0, "not yet due");
    clock.advance(HOUR);
    assert.equal(await tickBoth(), 0, "an hour later, still not due");
    clock.advance(HOUR - 1);
    assert.equal(await tickBoth(), 0, "a millisecond early");
    clock.advance(1);
    assert.equal(await tickBoth(), 1, "due: run by exactly one instance");
    clock.advance(HOUR);
    assert.equal(await tickBoth(), 0, "never again");
    assert.equal(ran.length, 1, `ran once: ${ran.join(", ")}`);
    assert.match(ran[0]!, /^[ab]:42$/);
    const rows = await dbA.query<{ status: string }>(
      sql`select status from jobs where unique_key = 'schedule:42'`,
    );
    assert.deepEqual(rows.map((r) => r.status), ["done"]);
    await a.stop();
    await b.stop();
  } finally {
    await testDb.close();
  }
});

Deno.test("jobs - a recurring sweep is one job across instances, queued by croner", async (t) => {
  const testDb = await openTestDb();
  const dbA = testDb.db;
  const dbB = onServer ? testDb.openAnother() : testDb.db;
  const clock = new FakeClock(new Date("2026-03-02T03:00:00Z"));
  try {
    await t.step("two instances queueing the same sweep at once make one job", async () => {
      const sweep = { kind: "tidy", cron: "0 0 3 * * *" };
      const [a, b] = await Promise.all([
        enqueueSweep(dbA, sweep, clock.now()),
        enqueueSweep(dbB, sweep, clock.now()),
      ]);
      assert.equal(a.id, b.id);
      assert.equal(a.uniqueKey, "sweep:tidy");
      let runs = 0;
      const runner = createJobRunner({
        deps: { db: dbA, clock },
        instanceId: "a",
        handlers: { tidy: () => Promise.resolve(void runs++) },
      });
      assert.equal((await runner.tick()).done, 1);
      assert.equal(runs, 1);
      await runner.stop();
    });

    await t.step("a started runner queues its sweeps at their times", async () => {
      const swept = Promise.withResolvers<number>();
      const runner = createJobRunner({
        deps: { db: dbA, clock },
        instanceId: "a",
        // Croner drives both: the sweep queues its job, the next tick runs it.
        cron: "* * * * * *",
        sweeps: [{ kind: "every.second", cron: "* * * * * *", payload: { n: 7 } }],
        handlers: {
          "every.second": (job) => Promise.resolve(swept.resolve(Number(job.payload.n))),
        },
      });
      runner.start();
      assert.equal(await swept.promise, 7);
      await runner.stop();
    });

    await t.step("a sweep whose kind has no handler is refused at once", () => {
      assert.throws(
        () =>
          createJobRunner({
            deps: { db: dbA },
            instanceId: "a",
            sweeps: [{ kind: "nobody", cron: "* * * * * *" }],
            handlers: {},
          }),
        /"nobody" has no handler/,
      );
    });
  } finally {
    await testDb.close();
  }
});

Deno.test("jobs - a job due between two ticks runs at its time, not at the next tick", async () => {
  const testDb = await openTestDb();
  const { db } = testDb;
  try {
    let ranAt!: (at: number) => void;
    const ran = new Promise<number>((resolve) => (ranAt = resolve));
    const runner = createJobRunner({
      deps: { db },
      instanceId: "i1",
      handlers: { "on.time": () => Promise.resolve(ranAt(Date.now())) },
    });
    // 100 ms past a whole second, where croner ticks: the tick before it is 900 ms too soon,
    // the one after 900 ms too late.
    const due = Math.ceil((Date.now() + 1500) / SECOND) * SECOND + 100;
    await enqueueJob(db, { kind: "on.time", runAt: new Date(due) });
    runner.start();
    const late = await ran - due;
    await runner.stop();
    assert.ok(late >= 0 && late < 600, `ran ${late} ms after its time`);
  } finally {
    await testDb.close();
  }
});
