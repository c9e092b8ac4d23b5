/**
 * Two instances sharing one database: the lease keeps a connection on one of them, moves
 * when its owner dies, commands reach the owner, and the outbox survives a crash mid-send.
 */
import assert from "node:assert/strict";
import { sql } from "../../lib/db/mod.ts";
import { openTestDb } from "../../tests/helpers/db.ts";
import { createTestCompany } from "../../tests/helpers/accounts.ts";
import { createConnection } from "./connections.ts";
import { createWhatsappSessions } from "./mod.ts";
import { claimDue, enqueue, MAX_ATTEMPTS, sendDue } from "../outbox/mod.ts";
import { leaseOwner } from "./lease.ts";
import { waitFor } from "../../tests/helpers/ticket_env.ts";
import { nullHub } from "../../lib/realtime/mod.ts";

/**
 * Long enough that a busy machine never lets the owner's lease lapse by accident mid-step;
 * the step about a dead owner makes its lease lapse on purpose.
 */
const LEASE_MS = 10_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits (with the tests' one deadline) until `check` answers true. */
const waitUntil = (check: () => Promise<boolean>, what: string) =>
  waitFor(async () => (await check()) || undefined, what);

Deno.test("[whatsapp] ownership lease and outbox across instances", async (t) => {
  const testDb = await openTestDb();
  const { db } = testDb;
  const options = {
    db,
    hub: nullHub(),
    leaseMs: LEASE_MS,
    sandbox: { deliveredAfterMs: 1, readAfterMs: 1 },
  };
  const a = createWhatsappSessions({ ...options, instanceId: "instance-a" });
  const b = createWhatsappSessions({ ...options, instanceId: "instance-b" });
  try {
    const companyId = await createTestCompany(db);
    const { id } = await createConnection({ db, hub: nullHub() }, companyId, {
      name: "Sim",
      provider: "sandbox",
    });
    const status = async () =>
      (await db.one<{ status: string }>(sql`select status from whatsapps where id = ${id}`)).status;

    await t.step("the instance that starts a connection owns it; the other leaves it", async () => {
      await a.start(companyId, id);
      await a.sandbox(id, { kind: "pair" });
      assert.equal(await status(), "CONNECTED");
      assert.equal(await leaseOwner(db, id), "instance-a");
      await b.tick();
      assert.equal(b.localProvider(id), undefined);
      await a.tick();
      assert.equal(await leaseOwner(db, id), "instance-a", "renewed by its owner");
    });

    await t.step("commands from another instance reach the owner", async () => {
      await a.startLoops(60_000);
      await b.start(companyId, id); // already running on A: nothing changes
      assert.equal(b.localProvider(id), undefined);
      const { outboxId: rowId } = await enqueue(db, {
        companyId,
        connectionId: id,
        origin: "agent",
        to: { number: "5511999990002" },
        body: "queued on B's side",
      });
      // The enqueue notification wakes the owner, which sends at once.
      await waitUntil(async () => {
        const row = await db.one<{ status: string }>(
          sql`select status from whatsapp_outbox where id = ${rowId}`,
        );
        return row.status === "sent";
      }, "the owner to send");
      // "New QR" and the simulated scan asked on B are carried out by A.
      await b.restart(companyId, id);
      await waitUntil(async () => await status() === "qrcode", "A to show a new QR");
      await b.sandbox(id, { kind: "pair" });
      await waitUntil(async () => await status() === "CONNECTED", "A to pair");
      assert.ok(a.localProvider(id));
      assert.equal(b.localProvider(id), undefined);
    });

    await t.step(
      "when the owner dies, its lease lapses and another instance takes over",
      async () => {
        // A stalls (its next tick is a minute away) as a dead or frozen process would, and
        // its lease runs out: set in the past rather than waited for.
        await db.run(sql`update whatsapp_leases set expires_at = now() - interval '1 second'
                         where whatsapp_id = ${id}`);
        await b.tick();
        assert.ok(b.localProvider(id), "B runs the connection now");
        assert.equal(await leaseOwner(db, id), "instance-b");
        assert.equal(await status(), "CONNECTED", "the pairing survived: no new QR");
        // If A wakes up, it sees the lease is gone and lets B run alone.
        await a.tick();
        assert.equal(a.localProvider(id), undefined);
        assert.equal(await leaseOwner(db, id), "instance-b");
      },
    );

    await t.step("a row abandoned mid-send is sent again once its claim lapses", async () => {
      const { outboxId: rowId } = await enqueue(db, {
        companyId,
        connectionId: id,
        origin: "agent",
        to: { number: "5511999990003" },
        body: "sent once the crash is over",
      });
      // A sender claims it and "crashes" before marking it sent.
      const claimed = await claimDue(
        db,
        "crashed-instance",
        { companyId, whatsappId: id },
        20,
        200,
      );
      assert.deepEqual(claimed.map((row) => row.id), [rowId]);
      assert.equal(await b.drainOutbox(id), 0, "a live claim is respected");
      await sleep(250);
      assert.equal(await b.drainOutbox(id), 1);
      const row = await db.one<{ status: string; attempts: number }>(
        sql`select status, attempts from whatsapp_outbox where id = ${rowId}`,
      );
      assert.deepEqual(row, { status: "sent", attempts: 2 });
    });

    await t.step("failures are retried later, then given up with the reason", async () => {
      const { outboxId: rowId } = await enqueue(db, {
        companyId,
        connectionId: id,
        origin: "agent",
        to: { number: "5511999990004" },
        body: "never goes out",
      });
      const target = { companyId, whatsappId: id };
      const failing = () => Promise.reject(new Error("phone unreachable"));
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
        assert.equal(await sendDue(db, "instance-b", target, failing), 0);
        const row = await db.one<
          { status: string; attempts: number; error: string; later: boolean }
        >(
          sql`select status, attempts, last_error as error, next_attempt_at > now() as later
              from whatsapp_outbox where id = ${rowId}`,
        );
        assert.equal(row.attempts, attempt);
        assert.equal(row.error, "phone unreachable");
        assert.equal(row.status, attempt < MAX_ATTEMPTS ? "pending" : "failed");
        assert.equal(row.later, true, "the next attempt waits");
        await db.run(sql`update whatsapp_outbox set next_attempt_at = now() where id = ${rowId}`);
      }
    });
  } finally {
    await a.close();
    await b.close();
    await testDb.close();
  }
});
