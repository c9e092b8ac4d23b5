import assert from "node:assert/strict";
import { sql } from "../../lib/db/mod.ts";
import { answer, openAppWithActors } from "../helpers/api_as.ts";

Deno.test("[api] /api/plans", async (t) => {
  const { db, asSuper, asAdmin, companyId, close } = await openAppWithActors();
  try {
    let planId = 0;
    await t.step("POST creates a plan with the form's defaults: 0 and every flag on", async () => {
      const { status, body } = await answer(await asSuper("POST", "/api/plans", { name: "Ouro" }));
      assert.equal(status, 201);
      assert.equal(body.name, "Ouro");
      for (const limit of ["users", "connections", "queues", "value"]) assert.equal(body[limit], 0);
      const flags = Object.keys(body).filter((key) => /^use[A-Z]/.test(key));
      assert.equal(flags.length, 7);
      for (const flag of flags) assert.equal(body[flag], true, flag);
      planId = body.id;
    });

    await t.step("POST keeps given limits, price (rounded to cents) and flags", async () => {
      const { status, body } = await answer(
        await asSuper("POST", "/api/plans", {
          name: "  Prata  ",
          users: 3,
          connections: 2,
          queues: 4,
          value: 49.999,
          useKanban: false,
        }),
      );
      assert.equal(status, 201);
      assert.equal(body.name, "Prata");
      assert.deepEqual([body.users, body.connections, body.queues, body.value], [3, 2, 4, 50]);
      assert.equal(body.useKanban, false);
      assert.equal(body.useOpenAi, true);
    });

    await t.step("POST validates every field", async () => {
      const { status, body } = await answer(
        await asSuper("POST", "/api/plans", {
          name: "  ",
          users: -1,
          connections: 1.5,
          queues: "3",
          value: -0.01,
          useCampaigns: "yes",
        }),
      );
      assert.equal(status, 400);
      assert.equal(body.error, "ERR_VALIDATION");
      assert.deepEqual(
        Object.keys(body.fields).sort(),
        ["connections", "name", "queues", "useCampaigns", "users", "value"],
      );
    });

    await t.step("a name already taken, whatever its case, answers 409", async () => {
      const res = await answer(await asSuper("POST", "/api/plans", { name: "OURO" }));
      assert.deepEqual(res, { status: 409, body: { error: "ERR_PLAN_NAME_ALREADY_EXISTS" } });
      const renamed = await answer(await asSuper("PUT", `/api/plans/${planId}`, { name: "prata" }));
      assert.deepEqual(renamed, { status: 409, body: { error: "ERR_PLAN_NAME_ALREADY_EXISTS" } });
    });

    await t.step("GET /{id} and PUT /{id} change only the fields sent", async () => {
      const updated = await answer(
        await asSuper("PUT", `/api/plans/${planId}`, { value: 99.9, useOpenAi: false }),
      );
      assert.equal(updated.status, 200);
      assert.equal(updated.body.value, 99.9);
      assert.equal(updated.body.useOpenAi, false);
      assert.equal(updated.body.name, "Ouro");
      const shown = await answer(await asSuper("GET", `/api/plans/${planId}`));
      assert.deepEqual(shown.body, updated.body);
      const same = await answer(await asSuper("PUT", `/api/plans/${planId}`, { name: "ouro" }));
      assert.equal(same.body.name, "ouro", "renaming to its own name in another case is fine");
    });

    await t.step("an unknown id answers 404 ERR_NO_PLAN_FOUND", async () => {
      for (const method of ["GET", "PUT", "DELETE"]) {
        const body = method === "PUT" ? {} : undefined;
        const res = await answer(await asSuper(method, "/api/plans/999999", body));
        assert.deepEqual(res, { status: 404, body: { error: "ERR_NO_PLAN_FOUND" } }, method);
      }
    });

    await t.step("GET /all lists every plan; GET / pages and searches", async () => {
      for (let i = 0; i < 21; i++) {
        await db.run(
          sql`insert into plans (name) values (${`Lote ${String(i).padStart(2, "0")}`})`,
        );
      }
      const all = await answer(await asSuper("GET", "/api/plans/all"));
      assert.ok(all.body.length >= 24);
      const first = await answer(await asSuper("GET", "/api/plans?searchParam=LOTE"));
      assert.equal(first.body.plans.length, 20);
      assert.equal(first.body.hasMore, true);
      assert.equal(first.body.plans[0].name, "Lote 00");
      const second = await answer(await asSuper("GET", "/api/plans?searchParam=lote&pageNumber=2"));
      assert.deepEqual(second.body.plans.map((p: { name: string }) => p.name), ["Lote 20"]);
      assert.equal(second.body.hasMore, false);
      const literal = await answer(await asSuper("GET", "/api/plans?searchParam=%25"));
      assert.equal(literal.body.plans.length, 0, "% is searched literally");
      const bad = await answer(await asSuper("GET", "/api/plans?pageNumber=0"));
      assert.equal(bad.status, 400);
    });

    await t.step("a plan in use cannot be deleted; a free one can", async () => {
      const used = await db.one<{ plan_id: number }>(
        sql`select plan_id from companies where id = ${companyId}`,
      );
      const refused = await answer(await asSuper("DELETE", `/api/plans/${used.plan_id}`));
      assert.deepEqual(refused, { status: 409, body: { error: "ERR_PLAN_IN_USE" } });
      const deleted = await asSuper("DELETE", `/api/plans/${planId}`);
      assert.equal(deleted.status, 204);
      assert.equal((await asSuper("GET", `/api/plans/${planId}`)).status, 404);
    });

    // Reading the public plan list and its own plan is allowed (tests/api/whaticket_admin_test.ts).
    await t.step("a company admin gets 403 ERR_NO_PERMISSION on every change", async () => {
      const calls: [string, string, unknown?][] = [
        ["GET", "/api/plans"],
        ["POST", "/api/plans", { name: "Hack" }],
        ["PUT", "/api/plans/1", { value: 0 }],
        ["DELETE", "/api/plans/1"],
      ];
      for (const [method, path, body] of calls) {
        const res = await answer(await asAdmin(method, path, body));
        assert.deepEqual(res, { status: 403, body: { error: "ERR_NO_PERMISSION" } }, path);
      }
      const hack = await db.maybeOne(sql`select 1 from plans where name = 'Hack'`);
      assert.equal(hack, undefined);
    });

    await t.step(
      "/api/plans/list is not this router's: it never meets the super guard",
      async () => {
        const res = await asAdmin("GET", "/api/plans/list");
        assert.notEqual(res.status, 403);
        await res.body?.cancel();
      },
    );
  } finally {
    await close();
  }
});
