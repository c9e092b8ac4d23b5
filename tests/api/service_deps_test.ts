/**
 * ServiceDeps reach the services: what a test gives createApp (here a fake clock) is what
 * the services use, so business time can be set instead of waited for.
 */
import assert from "node:assert/strict";
import { sql } from "../../lib/db/mod.ts";
import { FakeClock } from "../../lib/clock.ts";
import { openTestApp } from "../helpers/app.ts";

Deno.test("[api] the app's clock is the services' clock: a sign-up's trial counts from it", async () => {
  const clock = new FakeClock(new Date("2031-01-30T23:30:00Z"));
  const { app, db, close } = await openTestApp({ clock });
  try {
    const plan = await db.one<{ id: number }>(sql`
      insert into plans (name, users, connections, queues, value)
      values ('Relógio', 3, 1, 2, 10) returning id`);
    const res = await app.request("/api/companies/cadastro", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        name: "Padaria do Relógio",
        email: "dono@relogio.example",
        phone: "11912345678",
        password: "segredo1",
        planId: plan.id,
      }),
    }, { remoteAddr: { hostname: "198.51.100.200", port: 40000, transport: "tcp" } });
    assert.equal(res.status, 201, await res.clone().text());
    const row = await db.one<{ due: string }>(
      sql`select to_char(due_date, 'YYYY-MM-DD') as due from companies
          where name = 'Padaria do Relógio'`,
    );
    assert.equal(row.due, "2031-02-02", "three days after the clock's today");
  } finally {
    await close();
  }
});
