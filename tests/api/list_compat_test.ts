/**
 * How the spec's clients call lists (issue 15, "What Whaticket's clients send"): a trailing
 * slash is the same path, empty JSON lists (`tags=[]`) mean no filter, and tickets and
 * messages page by `pageNumber` as well as by cursor, with `hasMore` in both and `count` in
 * pages by number (a cursor's page leaves the count out: lib/db/paging.ts `countOf`).
 */
import assert from "node:assert/strict";
import { sql } from "../../lib/db/mod.ts";
import { answer, openAppWithActors } from "../helpers/api_as.ts";
import { createTestConnection } from "../helpers/users.ts";

const env = await openAppWithActors();
const { db, asAdmin, asSuper, companyId } = env;
Deno.test.afterAll(() => env.close());

const TICKETS = 45;
const MESSAGES = 25;
const connection = await createTestConnection(db, companyId);
// Each ticket its own contact (one open ticket per contact and connection), a minute apart.
await db.run(sql`
  insert into contacts (company_id, name, number)
  select ${companyId}, 'Cliente ' || n, '55119000' || lpad(n::text, 5, '0')
  from generate_series(1, ${TICKETS}) n`);
await db.run(sql`
  insert into tickets (company_id, contact_id, whatsapp_id, status, updated_at)
  select ${companyId}, c.id, ${connection}, 'open', now() - c.id * interval '1 minute'
  from contacts c where c.company_id = ${companyId}`);
const busy = await db.one<{ id: number; contact_id: number }>(sql`
  select id, contact_id from tickets where company_id = ${companyId} order by id limit 1`);
await db.run(sql`
  insert into messages (company_id, ticket_id, contact_id, whatsapp_id, wid, body, created_at)
  select ${companyId}, ${busy.id}, ${busy.contact_id}, ${connection}, 'W' || n, 'mensagem ' || n,
         now() - n * interval '1 second'
  from generate_series(1, ${MESSAGES}) n`);

const ids = (rows: { id: number }[]) => rows.map((row) => row.id);

Deno.test("[api] a trailing slash is the same API path", async () => {
  for (const path of ["/api/users/", "/api/tags/", "/api/contacts/", "/api/settings/"]) {
    const { status, body } = await answer(await asAdmin("GET", path));
    assert.equal(status, 200, `${path}: ${JSON.stringify(body)}`);
  }
  assert.equal((await asAdmin("GET", "/api/whatsapp/?session=0")).status, 200);
  assert.equal((await asSuper("GET", "/api/plans/")).status, 200);
  assert.equal((await asAdmin("GET", `/api/tickets/${busy.id}/`)).status, 200);
  // Still JSON 404 for a path that does not exist.
  const unknown = await answer(await asAdmin("GET", "/api/nothing-here/"));
  assert.deepEqual([unknown.status, unknown.body.error], [404, "ERR_NOT_FOUND"]);
});

Deno.test("[api] empty JSON lists in the tickets query mean no filter", async () => {
  const plain = await answer(await asAdmin("GET", "/api/tickets?showAll=true&status=open"));
  const empty = await answer(
    await asAdmin("GET", "/api/tickets?showAll=true&status=open&tags=[]&users=[]&queueIds=[]"),
  );
  assert.equal(empty.status, 200, JSON.stringify(empty.body));
  assert.deepEqual(ids(empty.body.tickets), ids(plain.body.tickets));
  const blank = await asAdmin("GET", "/api/tickets?showAll=true&tags=&users=&queueIds=");
  assert.equal(blank.status, 200);
});

Deno.test("[api] tickets page by pageNumber (40 a page) and by cursor, with hasMore and count by number", async () => {
  const list = "/api/tickets?showAll=true&status=open";
  const first = await answer(await asAdmin("GET", `${list}&pageNumber=1`));
  const second = await answer(await asAdmin("GET", `${list}&pageNumber=2`));
  assert.equal(first.status, 200, JSON.stringify(first.body));
  assert.equal(first.body.tickets.length, 40);
  assert.deepEqual([first.body.hasMore, first.body.count], [true, TICKETS]);
  assert.equal(second.body.tickets.length, TICKETS - 40);
  assert.deepEqual([second.body.hasMore, second.body.count], [false, TICKETS]);
  const seen = new Set([...ids(first.body.tickets), ...ids(second.body.tickets)]);
  assert.equal(seen.size, TICKETS, "page 2 repeats none of page 1");

  const byCursor = await answer(
    await asAdmin("GET", `${list}&cursor=${encodeURIComponent(first.body.nextCursor)}`),
  );
  assert.deepEqual(ids(byCursor.body.tickets), ids(second.body.tickets));
  assert.deepEqual([byCursor.body.hasMore, byCursor.body.count], [false, undefined]);
  assert.equal((await answer(await asAdmin("GET", list))).body.count, TICKETS);
  // A page past the end is empty and still counts every match.
  const past = await answer(await asAdmin("GET", `${list}&pageNumber=3`));
  assert.deepEqual([past.body.tickets.length, past.body.hasMore, past.body.count], [
    0,
    false,
    TICKETS,
  ]);
});

Deno.test("[api] messages page by pageNumber (20 a page) and by cursor, with hasMore and count by number", async () => {
  const path = `/api/messages/${busy.id}`;
  const first = await answer(await asAdmin("GET", `${path}?pageNumber=1`));
  const second = await answer(await asAdmin("GET", `${path}?pageNumber=2`));
  assert.equal(first.status, 200, JSON.stringify(first.body));
  assert.equal(first.body.messages.length, 20);
  assert.deepEqual([first.body.hasMore, first.body.count], [true, MESSAGES]);
  assert.equal(second.body.messages.length, MESSAGES - 20);
  assert.deepEqual([second.body.hasMore, second.body.count], [false, MESSAGES]);
  const seen = new Set([...ids(first.body.messages), ...ids(second.body.messages)]);
  assert.equal(seen.size, MESSAGES, "page 2 repeats none of page 1");
  // Oldest first within a page; page 2 is older than page 1.
  assert.equal(second.body.messages.at(-1).body, "mensagem 21");
  assert.equal(first.body.messages.at(-1).body, "mensagem 1");

  const byCursor = await answer(
    await asAdmin("GET", `${path}?cursor=${encodeURIComponent(first.body.nextCursor)}`),
  );
  assert.deepEqual(ids(byCursor.body.messages), ids(second.body.messages));
  assert.deepEqual([byCursor.body.hasMore, byCursor.body.count], [false, undefined]);
  const past = await answer(await asAdmin("GET", `${path}?pageNumber=4`));
  assert.deepEqual([past.body.messages.length, past.body.count], [0, MESSAGES]);
});
