/**
 * The inputs issue 15 found answering 500 ("Bad input never gives a 500"): NUL bytes in
 * text, impossible dates, ids beyond Postgres' integer range and multipart bodies without
 * a boundary. Each gets a 4xx with a code the browser translates, and nothing is written.
 */
import assert from "node:assert/strict";
import { sql } from "../../lib/db/mod.ts";
import { answer, openAppWithActors } from "../helpers/api_as.ts";
import { createTestConnection } from "../helpers/users.ts";

const env = await openAppWithActors();
const { db, asAdmin, asSuper, companyId } = env;

Deno.test.afterAll(() => env.close());

Deno.test("[api] text with a NUL byte is refused with 400 ERR_INVALID_TEXT, body or query", async () => {
  const calls: Array<[ReturnType<typeof asAdmin>, string]> = [
    [asAdmin("POST", "/api/tags", { name: "Vendas\u0000" }), "tag name"],
    [asAdmin("POST", "/api/quick-messages", { shortcode: "oi", message: "a\u0000b" }), "message"],
    [asAdmin("POST", "/api/whatsapp", { name: "Loja\u0000" }), "connection name"],
    [asSuper("POST", "/api/plans", { name: "Ouro\u0000" }), "plan name"],
    [asAdmin("GET", "/api/tickets?searchParam=%00"), "ticket search"],
    [asAdmin("GET", "/api/contacts?searchParam=a%00"), "contact search"],
  ];
  for (const [call, what] of calls) {
    const { status, body } = await answer(await call);
    assert.equal(status, 400, `${what}: ${JSON.stringify(body)}`);
    assert.equal(body.error, "ERR_INVALID_TEXT", what);
    const fields = Object.values(body.fields ?? {});
    assert.deepEqual(fields, [{ code: "ERR_INVALID_TEXT" }], `${what}: the field's code`);
  }
  const tags = await db.one<{ n: number }>(sql`select count(*)::int as n from tags`);
  assert.equal(tags.n, 0, "nothing was written");
});

Deno.test("[api] a refused field answers its code and limit, never a sentence", async () => {
  const tooLong = await answer(await asAdmin("POST", "/api/tags", { name: "x".repeat(51) }));
  assert.deepEqual([tooLong.status, tooLong.body], [400, {
    error: "ERR_VALIDATION",
    fields: { name: { code: "ERR_TOO_LONG", maximum: 50 } },
  }]);
  const page = await answer(await asAdmin("GET", "/api/tickets?pageNumber=0"));
  assert.deepEqual([page.status, page.body], [400, {
    error: "ERR_VALIDATION",
    fields: { pageNumber: { code: "ERR_TOO_SMALL", minimum: 1 } },
  }]);
  const tags = await db.one<{ n: number }>(sql`select count(*)::int as n from tags`);
  assert.equal(tags.n, 0, "nothing was written");
});

Deno.test("[api] an impossible date is a 400, not a database error", async () => {
  for (const path of ["/api/tickets?date=2026-02-30", "/api/tickets?updatedAt=2026-13-01"]) {
    const { status, body } = await answer(await asAdmin("GET", path));
    assert.equal(status, 400, `${path}: ${JSON.stringify(body)}`);
    assert.equal(body.error, "ERR_VALIDATION", path);
  }
  const contacts = await answer(await asAdmin("GET", "/api/contacts?dateStart=2026-02-30"));
  assert.deepEqual([contacts.status, contacts.body], [400, {
    error: "ERR_VALIDATION",
    fields: { dateStart: { code: "ERR_INVALID_DATE" } },
  }]);
  // A real date still filters.
  assert.equal((await asAdmin("GET", "/api/tickets?date=2024-02-29")).status, 200);
});

Deno.test("[api] ids beyond the integer range are not found (404), on every kind of route", async () => {
  const huge = "99999999999";
  const calls: Array<[ReturnType<typeof asAdmin>, string]> = [
    [asSuper("GET", `/api/plans/${huge}`), "ERR_NO_PLAN_FOUND"],
    [asSuper("DELETE", `/api/plans/${huge}`), "ERR_NO_PLAN_FOUND"],
    [asSuper("DELETE", `/api/helps/${huge}`), "ERR_NO_HELP_FOUND"],
    [asSuper("GET", `/api/companies/${huge}`), "ERR_NO_COMPANY_FOUND"],
    [asSuper("GET", `/api/companies/listPlan/${huge}`), "ERR_NO_COMPANY_FOUND"],
    [asAdmin("GET", `/api/whatsapp/${huge}`), "ERR_NO_WAPP_FOUND"],
    [asAdmin("POST", `/api/whatsappsession/${huge}`), "ERR_NO_WAPP_FOUND"],
    [asAdmin("POST", `/api/sandbox/${huge}/pair`), "ERR_NO_WAPP_FOUND"],
    [asAdmin("GET", `/api/sandbox/${huge}/customers`), "ERR_NO_WAPP_FOUND"],
    [asAdmin("GET", `/api/users/${huge}`), "ERR_NO_USER_FOUND"],
    [asAdmin("GET", "/api/whatsapp/abc"), "ERR_NO_WAPP_FOUND"],
  ];
  for (const [call, code] of calls) {
    const { status, body } = await answer(await call);
    assert.equal(status, 404, `${code}: ${JSON.stringify(body)}`);
    assert.equal(body.error, code);
  }
  // In a body, the same id is a validation error of its field.
  const note = await answer(
    await asAdmin("POST", "/api/ticket-notes", { ticketId: Number(huge), note: "uma nota" }),
  );
  assert.deepEqual([note.status, note.body], [400, {
    error: "ERR_VALIDATION",
    fields: { ticketId: { code: "ERR_INVALID_OPTION" } },
  }]);
});

Deno.test("[api] a multipart request without a boundary is a 400", async () => {
  const connection = await createTestConnection(db, companyId);
  const garbage = new Blob(["number=5511999990000"], { type: "multipart/form-data" });
  for (const path of [`/api/sandbox/${connection}/inbound`, "/api/messages/1"]) {
    const { status, body } = await answer(await asAdmin("POST", path, garbage));
    assert.equal(status, 400, `${path}: ${JSON.stringify(body)}`);
    assert.equal(body.error, "ERR_BAD_REQUEST");
  }
});

Deno.test("[api] ids beyond the integer range in bodies are refused before the database", async () => {
  const huge = 99_999_999_999;
  const connection = await createTestConnection(db, companyId);
  const calls: Array<[ReturnType<typeof asAdmin>, string]> = [
    [
      asAdmin("POST", "/api/users", {
        name: "Bia",
        email: "bia@example.com",
        password: "senha-boa-1",
        whatsappId: huge,
      }),
      "user's connection",
    ],
    [
      asAdmin("POST", "/api/users", {
        name: "Bia",
        email: "b@x.com",
        password: "senha-boa-1",
        queueIds: [huge],
      }),
      "user's queues",
    ],
    [asAdmin("PUT", `/api/whatsapp/${connection}`, { transferQueueId: huge }), "transfer queue"],
    [asAdmin("PUT", `/api/whatsapp/${connection}`, { queueIds: [huge] }), "connection's queues"],
    [asSuper("POST", "/api/companies", { name: "Nova", planId: huge }), "company's plan"],
  ];
  for (const [call, what] of calls) {
    const { status, body } = await answer(await call);
    assert.equal(status, 400, `${what}: ${JSON.stringify(body)}`);
  }
});
