/**
 * The job runner on a real database: one database per module, each step on its own rows
 * (steps delete what they queued). Ticks are driven by hand through `tick()`.
 */
import assert from "node:assert/strict";
import { onServer, openTestDb } from "../../tests/helpers/db.ts";
import { type Db, sql } from "../db/mod.ts";
import { createJobRunner, type JobHandler } from "./runner.ts";
import { enqueueJob } from "./queries.ts";

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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

Deno.test("jobs - claiming, running, retrying and failing", async (t) => {
  const testDb = await openTestDb();
  const { db } = testDb;
  const clean = () => db.run(sql`delete from jobs`);
  try {
    await t.step("a due job runs once and is done", async () => {
      const calls: unknown[] = [];
      const runner = createJobRunner({
        db,
        instanceId: "i1",
        handlers: { "mail.send": (job) => Promise.resolve(void calls.push(job.payload)) },
      });
      const job = await enqueueJob(db, {
        kind: "mail.send",
        payload: { to: "a@b.c" },
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
      assert.ok(state.finished_at instanceof Date);
      assert.equal((await runner.tick()).claimed, 0, "it is not run again");
      await runner.stop();
      await clean();
    });

    await t.step("a future job waits for its time", async () => {
      let runs = 0;
      const runner = createJobRunner({
        db,
        instanceId: "i1",
        handlers: { later: () => Promise.resolve(void runs++) },
      });
      const job = await enqueueJob(db, { kind: "later", runAt: new Date(Date.now() + 60_000) });
      assert.equal((await runner.tick()).claimed, 0);
      assert.equal((await stateOf(db, job.id)).status, "queued");
      await db.run(sql`update jobs set run_at = now() where id = ${job.id}`);
      assert.equal((await runner.tick()).done, 1);
      assert.equal(runs, 1);
      await runner.stop();
      await clean();
    });

    await t.step("a failing job records its reason, retries with backoff, then fails", async () => {
      let runs = 0;
      const runner = createJobRunner({
        db,
        instanceId: "i1",
        retryBaseMs: 20,
        handlers: {
          flaky: () => Promise.reject(new Error(`The SMTP server refused (run ${++runs}).`)),
        },
      });
      const job = await enqueueJob(db, { kind: "flaky", maxAttempts: 3 });
      assert.equal((await runner.tick()).retried, 1);
      let state = await stateOf(db, job.id);
      assert.equal(state.status, "queued");
      assert.equal(state.last_error, "The SMTP server refused (run 1).");
      assert.equal((await runner.tick()).claimed, 0, "the retry waits for its backoff");
      await sleep(40); // 1² × 20 ms
      assert.equal((await runner.tick()).retried, 1);
      await sleep(100); // 2² × 20 ms
      assert.equal((await runner.tick()).failed, 1);
      state = await stateOf(db, job.id);
      assert.equal(state.status, "failed");
      assert.equal(state.attempts, 3);
      assert.equal(state.last_error, "The SMTP server refused (run 3).");
      await sleep(200);
      assert.equal((await runner.tick()).claimed, 0, "a failed job stays failed");
      assert.equal(runs, 3);
      await runner.stop();
      await clean();
    });

    await t.step("a job of an unknown kind fails at once with a clear reason", async () => {
      const runner = createJobRunner({
        db,
        instanceId: "i1",
        handlers: { known: () => Promise.resolve() },
      });
      const job = await enqueueJob(db, { kind: "nobody.handles.this" });
      assert.equal((await runner.tick()).failed, 1);
      const state = await stateOf(db, job.id);
      assert.equal(state.status, "failed");
      assert.match(state.last_error ?? "", /ERR_UNKNOWN_JOB_KIND.*"nobody\.handles\.this".*known/);
      await runner.stop();
      await clean();
    });

    await t.step("a job left running by a dead instance is queued again", async () => {
      const job = await enqueueJob(db, { kind: "work" });
      await db.run(sql`update jobs set status = 'running', attempts = 1, locked_by = 'dead',
        locked_at = now() - interval '2 minutes' where id = ${job.id}`);
      const fresh = await enqueueJob(db, { kind: "work", runAt: new Date(Date.now() + 60_000) });
      await db.run(sql`update jobs set status = 'running', attempts = 1, locked_by = 'alive',
        locked_at = now() where id = ${fresh.id}`);
      const ran: number[] = [];
      const runner = createJobRunner({
        db,
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
      const job = await enqueueJob(db, { kind: "work", maxAttempts: 1 });
      await db.run(sql`update jobs set status = 'running', attempts = 1, locked_by = 'dead',
        locked_at = now() - interval '2 minutes' where id = ${job.id}`);
      const runner = createJobRunner({ db, instanceId: "i1", staleAfterMs: 60_000, handlers: {} });
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
        db,
        instanceId: "i1",
        cron: "* * * * * *",
        handlers: { slow },
      });
      const job = await enqueueJob(db, { kind: "slow" });
      runner.start();
      await started.promise;
      let stopped = false;
      const stopping = runner.stop().then(() => (stopped = true));
      await sleep(50);
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
  try {
    const calls = new Map<number, number>();
    const handler: JobHandler = async (job) => {
      calls.set(job.id, (calls.get(job.id) ?? 0) + 1);
      await sleep(Math.random() * 5);
    };
    const ids: number[] = [];
    for (let i = 0; i < 50; i++) ids.push((await enqueueJob(dbA, { kind: "count" })).id);
    const a = createJobRunner({
      db: dbA,
      instanceId: "a",
      batchSize: 4,
      handlers: { count: handler },
    });
    const b = createJobRunner({
      db: dbB,
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
