/**
 * The tenancy sweep (issue 3, "Done when"): company A's admin makes one record of every
 * id-addressed resource; company B's admin then calls every route that takes an id with A's
 * ids and gets 404 (as if the record did not exist), or 403 on the super user's platform
 * endpoints, and A's rows are byte for byte what they were.
 *
 * The routes come from the app itself: a new route with a path parameter fails this test
 * until it is added to SWEEP (or, when its parameter is not an id of a company's record, to
 * NOT_ID_ADDRESSED with the reason).
 */
import assert from "node:assert/strict";
import { type Db, sql } from "../../lib/db/mod.ts";
import { answer, openAppWithActors } from "../helpers/api_as.ts";
import { createTestUser } from "../helpers/accounts.ts";
import { createTestConnection } from "../helpers/users.ts";

/** A's records, by resource. */
interface Ids {
  company: number;
  user: number;
  contact: number;
  tag: number;
  quickMessage: number;
  whatsapp: number;
  queue: number;
  queueOption: number;
  ticket: number;
  ticketUuid: string;
  message: number;
  note: number;
  plan: number;
  help: number;
  prompt: number;
}

interface Probe {
  path: (ids: Ids) => string;
  /** 404 for a company's records; 403 for the super user's endpoints. */
  expect: 403 | 404;
  /** A body that passes validation, so the answer is about the id, not the body. */
  body?: unknown | (() => unknown);
}

const HACK = "Hacked by B";
/** A queue of company B's, for bodies that must name one of B's own records. */
let otherQueue = 0;

/** A valid upload, so a media route's answer is about the id and not a missing file. */
function upload(): FormData {
  const form = new FormData();
  const png = Uint8Array.from(
    atob(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
    ),
    (c) => c.charCodeAt(0),
  );
  form.append("file", new File([png], "hack.png", { type: "image/png" }));
  return form;
}

/** Every route with a path parameter, as `app.routes` names it. */
const SWEEP: Record<string, Probe> = {
  "GET /api/users/:id": { path: (i) => `/api/users/${i.user}`, expect: 404 },
  "PUT /api/users/:id": { path: (i) => `/api/users/${i.user}`, expect: 404, body: { name: HACK } },
  "DELETE /api/users/:id": { path: (i) => `/api/users/${i.user}`, expect: 404 },

  "GET /api/contacts/:id{[0-9]+}": { path: (i) => `/api/contacts/${i.contact}`, expect: 404 },
  "PUT /api/contacts/:id{[0-9]+}": {
    path: (i) => `/api/contacts/${i.contact}`,
    expect: 404,
    body: { name: HACK, number: "5511988887777" },
  },
  "DELETE /api/contacts/:id{[0-9]+}": { path: (i) => `/api/contacts/${i.contact}`, expect: 404 },

  "GET /api/prompt/:id{[0-9]+}": { path: (i) => `/api/prompt/${i.prompt}`, expect: 404 },
  "PUT /api/prompt/:id{[0-9]+}": {
    path: (i) => `/api/prompt/${i.prompt}`,
    expect: 404,
    // B's own queue, so that only the prompt's id can make the answer 404.
    body: () => ({ name: HACK, prompt: HACK, queueId: otherQueue }),
  },
  "DELETE /api/prompt/:id{[0-9]+}": { path: (i) => `/api/prompt/${i.prompt}`, expect: 404 },
  "GET /api/tags/:id{[0-9]+}": { path: (i) => `/api/tags/${i.tag}`, expect: 404 },
  "PUT /api/tags/:id{[0-9]+}": {
    path: (i) => `/api/tags/${i.tag}`,
    expect: 404,
    body: { name: HACK },
  },
  "DELETE /api/tags/:id{[0-9]+}": { path: (i) => `/api/tags/${i.tag}`, expect: 404 },

  "GET /api/quick-messages/:id{[0-9]+}": {
    path: (i) => `/api/quick-messages/${i.quickMessage}`,
    expect: 404,
  },
  "PUT /api/quick-messages/:id{[0-9]+}": {
    path: (i) => `/api/quick-messages/${i.quickMessage}`,
    expect: 404,
    body: { shortcode: "hacked", message: HACK },
  },
  "DELETE /api/quick-messages/:id{[0-9]+}": {
    path: (i) => `/api/quick-messages/${i.quickMessage}`,
    expect: 404,
  },
  "POST /api/quick-messages/:id{[0-9]+}/media-upload": {
    path: (i) => `/api/quick-messages/${i.quickMessage}/media-upload`,
    expect: 404,
    body: upload,
  },
  "DELETE /api/quick-messages/:id{[0-9]+}/media-upload": {
    path: (i) => `/api/quick-messages/${i.quickMessage}/media-upload`,
    expect: 404,
  },

  "GET /api/whatsapp/:id": { path: (i) => `/api/whatsapp/${i.whatsapp}`, expect: 404 },
  "PUT /api/whatsapp/:id": {
    path: (i) => `/api/whatsapp/${i.whatsapp}`,
    expect: 404,
    body: { name: HACK },
  },
  "DELETE /api/whatsapp/:id": { path: (i) => `/api/whatsapp/${i.whatsapp}`, expect: 404 },
  "POST /api/whatsappsession/:id": {
    path: (i) => `/api/whatsappsession/${i.whatsapp}`,
    expect: 404,
  },
  "PUT /api/whatsappsession/:id": {
    path: (i) => `/api/whatsappsession/${i.whatsapp}`,
    expect: 404,
  },
  "DELETE /api/whatsappsession/:id": {
    path: (i) => `/api/whatsappsession/${i.whatsapp}`,
    expect: 404,
  },
  "POST /api/sandbox/:id/pair": {
    path: (i) => `/api/sandbox/${i.whatsapp}/pair`,
    expect: 404,
  },
  "POST /api/sandbox/:id/inbound": {
    path: (i) => `/api/sandbox/${i.whatsapp}/inbound`,
    expect: 404,
    body: { number: "5511988887777", body: HACK },
  },
  "GET /api/sandbox/:id/outbound": {
    path: (i) => `/api/sandbox/${i.whatsapp}/outbound?number=5511988887777`,
    expect: 404,
  },

  "GET /api/sandbox/:id/customers": {
    path: (i) => `/api/sandbox/${i.whatsapp}/customers`,
    expect: 404,
  },
  "GET /api/sandbox/:id/conversation": {
    path: (i) => `/api/sandbox/${i.whatsapp}/conversation?number=5511911112222`,
    expect: 404,
  },

  "GET /api/queue/:id{[0-9]+}": { path: (i) => `/api/queue/${i.queue}`, expect: 404 },
  "PUT /api/queue/:id{[0-9]+}": {
    path: (i) => `/api/queue/${i.queue}`,
    expect: 404,
    body: { name: HACK, color: "#000001" },
  },
  "DELETE /api/queue/:id{[0-9]+}": { path: (i) => `/api/queue/${i.queue}`, expect: 404 },
  "POST /api/queue/:id{[0-9]+}/media-upload": {
    path: (i) => `/api/queue/${i.queue}/media-upload`,
    expect: 404,
    body: upload,
  },
  "DELETE /api/queue/:id{[0-9]+}/media-upload": {
    path: (i) => `/api/queue/${i.queue}/media-upload`,
    expect: 404,
  },
  "GET /api/queue-options/:id{[0-9]+}": {
    path: (i) => `/api/queue-options/${i.queueOption}`,
    expect: 404,
  },
  "PUT /api/queue-options/:id{[0-9]+}": {
    path: (i) => `/api/queue-options/${i.queueOption}`,
    expect: 404,
    body: { title: HACK },
  },
  "DELETE /api/queue-options/:id{[0-9]+}": {
    path: (i) => `/api/queue-options/${i.queueOption}`,
    expect: 404,
  },
  "POST /api/queue-options/:id{[0-9]+}/media-upload": {
    path: (i) => `/api/queue-options/${i.queueOption}/media-upload`,
    expect: 404,
    body: upload,
  },
  "DELETE /api/queue-options/:id{[0-9]+}/media-upload": {
    path: (i) => `/api/queue-options/${i.queueOption}/media-upload`,
    expect: 404,
  },

  "GET /api/tickets/:id{[0-9]+}": { path: (i) => `/api/tickets/${i.ticket}`, expect: 404 },
  "GET /api/tickets/u/:uuid": { path: (i) => `/api/tickets/u/${i.ticketUuid}`, expect: 404 },
  "PUT /api/tickets/:id{[0-9]+}": {
    path: (i) => `/api/tickets/${i.ticket}`,
    expect: 404,
    body: { status: "closed" },
  },
  "DELETE /api/tickets/:id{[0-9]+}": { path: (i) => `/api/tickets/${i.ticket}`, expect: 404 },
  "GET /api/messages/:ticketId{[0-9]+}": {
    path: (i) => `/api/messages/${i.ticket}`,
    expect: 404,
  },
  "POST /api/messages/:ticketId{[0-9]+}": {
    path: (i) => `/api/messages/${i.ticket}`,
    expect: 404,
    body: { body: HACK },
  },
  "DELETE /api/messages/:id{[0-9]+}": { path: (i) => `/api/messages/${i.message}`, expect: 404 },
  "DELETE /api/ticket-notes/:id{[0-9]+}": {
    path: (i) => `/api/ticket-notes/${i.note}`,
    expect: 404,
  },

  "GET /api/media/:companyId{[0-9]+}/:area{[a-z][a-z-]*}/:file{[A-Za-z0-9][A-Za-z0-9._-]*}": {
    path: (i) => `/api/media/${i.company}/quick-messages/1_file.png`,
    expect: 404,
  },

  // A company reads its own company and plan flags; the rest is the super user's.
  "GET /api/companies/:id{[0-9]+}": { path: (i) => `/api/companies/${i.company}`, expect: 404 },
  "GET /api/companies/listPlan/:companyId{[0-9]+}": {
    path: (i) => `/api/companies/listPlan/${i.company}`,
    expect: 404,
  },
  "PUT /api/companies/:id{[0-9]+}/schedules": {
    path: (i) => `/api/companies/${i.company}/schedules`,
    expect: 404,
    body: { schedules: [] },
  },
  "PUT /api/companies/:id{[0-9]+}": {
    path: (i) => `/api/companies/${i.company}`,
    expect: 403,
    body: { name: HACK },
  },
  "DELETE /api/companies/:id{[0-9]+}": {
    path: (i) => `/api/companies/${i.company}`,
    expect: 403,
  },

  // Plans and help videos are the platform's, not a company's: super user only; a company
  // admin reads only its own company's plan, so another plan does not exist for it.
  "GET /api/plans/:id{[0-9]+}": { path: (i) => `/api/plans/${i.plan}`, expect: 404 },
  "PUT /api/plans/:id{[0-9]+}": {
    path: (i) => `/api/plans/${i.plan}`,
    expect: 403,
    body: { name: HACK },
  },
  "DELETE /api/plans/:id{[0-9]+}": { path: (i) => `/api/plans/${i.plan}`, expect: 403 },
  "PUT /api/helps/:id{[0-9]+}": {
    path: (i) => `/api/helps/${i.help}`,
    expect: 403,
    body: { title: HACK },
  },
  "DELETE /api/helps/:id{[0-9]+}": { path: (i) => `/api/helps/${i.help}`, expect: 403 },
};

/** Calls that name a record of A's in their body or query instead of their path. */
const BY_BODY: Array<{ method: string; path: (i: Ids) => string; body?: (i: Ids) => unknown }> = [
  { method: "POST", path: () => "/api/tickets", body: (i) => ({ contactId: i.contact }) },
  {
    method: "POST",
    path: () => "/api/tags/sync",
    body: (i) => ({ ticketId: i.ticket, tags: [] }),
  },
  {
    method: "POST",
    path: () => "/api/ticket-notes",
    body: (i) => ({ ticketId: i.ticket, note: HACK }),
  },
  { method: "GET", path: (i) => `/api/ticket-notes/list?ticketId=${i.ticket}` },
];

/** Routes whose path parameter names no company's record, each with the reason. */
const NOT_ID_ADDRESSED: Record<string, string> = {
  "PUT /api/settings/:key": "a setting's key; always the caller's own company's row",
  "POST /api/forgetpassword/:email": "public password reset, step 1; the e-mail decides",
  "POST /api/resetpasswords/:email/:token/:newPassword":
    "public password reset; the e-mail and code decide, never the caller's company",
};

/** Everything of A's (and the platform's) that B's calls could change. */
async function snapshot(db: Db, companyId: number): Promise<string> {
  const rows = {
    company: await db.query(sql`select * from companies where id = ${companyId}`),
    users: await db.query(sql`select * from users where company_id = ${companyId} order by id`),
    contacts: await db.query(
      sql`select * from contacts where company_id = ${companyId} order by id`,
    ),
    tags: await db.query(sql`select * from tags where company_id = ${companyId} order by id`),
    prompts: await db.query(sql`select * from prompts where company_id = ${companyId} order by id`),
    quickMessages: await db.query(
      sql`select * from quick_messages where company_id = ${companyId} order by id`,
    ),
    whatsapps: await db.query(
      sql`select * from whatsapps where company_id = ${companyId} order by id`,
    ),
    queues: await db.query(sql`select * from queues where company_id = ${companyId} order by id`),
    queueOptions: await db.query(
      sql`select * from queue_options where company_id = ${companyId} order by id`,
    ),
    tickets: await db.query(sql`select * from tickets where company_id = ${companyId} order by id`),
    messages: await db.query(
      sql`select * from messages where company_id = ${companyId} order by id`,
    ),
    notes: await db.query(
      sql`select * from ticket_notes where company_id = ${companyId} order by id`,
    ),
    ticketTags: await db.query(
      sql`select * from ticket_tags where company_id = ${companyId} order by ticket_id, tag_id`,
    ),
    settings: await db.query(
      sql`select * from settings where company_id = ${companyId} order by key`,
    ),
    plans: await db.query(sql`select * from plans order by id`),
    helps: await db.query(sql`select * from helps order by id`),
  };
  return JSON.stringify(rows, null, 1);
}

Deno.test("[api] company B's admin reaches none of company A's records by id", async () => {
  const env = await openAppWithActors();
  const { app, db, companyId, asAdmin, asSuper, asOtherAdmin } = env;
  try {
    const made = async (res: Promise<Response>, what: string): Promise<number> => {
      const { status, body } = await answer(await res);
      assert.ok(status === 200 || status === 201, `${what}: ${status} ${JSON.stringify(body)}`);
      return body.id;
    };
    const whatsapp = await createTestConnection(db, companyId);
    await db.run(sql`update whatsapps set name = 'Zeta conexão' where id = ${whatsapp}`);
    const user = await createTestUser(db, companyId, { profile: "user" });
    await db.run(sql`update users set name = 'Zeta agente' where id = ${user.id}`);
    const queue = await made(
      asAdmin("POST", "/api/queue", { name: "Zeta Suporte", color: "#B80000" }),
      "queue",
    );
    const ids: Ids = {
      company: companyId,
      user: user.id,
      contact: await made(
        asAdmin("POST", "/api/contacts", { name: "Ana Zeta", number: "5511911112222" }),
        "contact",
      ),
      tag: await made(asAdmin("POST", "/api/tags", { name: "Zeta Vendas" }), "tag"),
      quickMessage: await made(
        asAdmin("POST", "/api/quick-messages", { shortcode: "zeta", message: "Olá da Zeta!" }),
        "quick message",
      ),
      whatsapp,
      queue,
      ticket: 0,
      ticketUuid: "",
      message: 0,
      note: 0,
      queueOption: await made(
        asAdmin("POST", "/api/queue-options", {
          queueId: queue,
          title: "Zeta opção",
          parentId: -1,
        }),
        "queue option",
      ),
      plan: await made(asSuper("POST", "/api/plans", { name: "Ouro" }), "plan"),
      help: await made(
        asSuper("POST", "/api/helps", { title: "Primeiros passos", video: "dQw4w9WgXcQ" }),
        "help",
      ),
      prompt: 0,
    };
    ids.prompt = await made(
      asAdmin("POST", "/api/prompt", {
        name: "Zeta IA",
        prompt: "Zeta atende.",
        apiKey: "sk-zeta-0123456789",
        queueId: queue,
      }),
      "prompt",
    );
    const ticket = await db.one<{ id: number; uuid: string }>(sql`
      insert into tickets (company_id, contact_id, whatsapp_id, last_message)
      values (${companyId}, ${ids.contact}, ${whatsapp}, 'Zeta pergunta')
      returning id, uuid::text as uuid`);
    ids.ticket = ticket.id;
    ids.ticketUuid = ticket.uuid;
    ids.message = (await db.one<{ id: number }>(sql`
      insert into messages (company_id, ticket_id, contact_id, whatsapp_id, wid, body, from_me)
      values (${companyId}, ${ticket.id}, ${ids.contact}, ${whatsapp}, 'ZETA-1', 'Zeta resposta', true)
      returning id`)).id;
    ids.note = (await db.one<{ id: number }>(sql`
      insert into ticket_notes (company_id, ticket_id, contact_id, note)
      values (${companyId}, ${ticket.id}, ${ids.contact}, 'Zeta nota')
      returning id`)).id;
    await db.run(sql`insert into ticket_tags (ticket_id, tag_id, company_id)
                     values (${ticket.id}, ${ids.tag}, ${companyId})`);
    otherQueue = await made(
      asOtherAdmin("POST", "/api/queue", { name: "Fila de B", color: "#00B800" }),
      "B's queue",
    );
    const before = await snapshot(db, companyId);

    const withParams = app.routes
      .filter((route) => route.path.startsWith("/api/") && route.method !== "ALL")
      .filter((route) => route.path.includes("/:"))
      .map((route) => `${route.method} ${route.path}`);
    const unlisted = [...new Set(withParams)]
      .filter((name) => !(name in SWEEP) && !(name in NOT_ID_ADDRESSED));
    assert.deepEqual(
      unlisted,
      [],
      "routes with a path parameter that the tenancy sweep does not know: add each to SWEEP " +
        "in tests/api/tenancy_sweep_test.ts with the answer another company must get (or to " +
        "NOT_ID_ADDRESSED with the reason its parameter names no company's record)",
    );
    const stale = Object.keys(SWEEP).filter((name) => !withParams.includes(name));
    assert.deepEqual(stale, [], "SWEEP lists routes the app no longer has");

    const leaks: string[] = [];
    for (const [name, probe] of Object.entries(SWEEP)) {
      const method = name.split(" ")[0]!;
      const path = probe.path(ids);
      const { status, body } = await answer(
        await asOtherAdmin(
          method,
          path,
          method === "GET"
            ? undefined
            : typeof probe.body === "function"
            ? probe.body()
            : probe.body ?? {},
        ),
      );
      if (status !== probe.expect) {
        leaks.push(
          `${method} ${path} → ${status} (wanted ${probe.expect}) ${JSON.stringify(body)}`,
        );
      }
    }
    for (const probe of BY_BODY) {
      const path = probe.path(ids);
      const { status, body } = await answer(
        await asOtherAdmin(probe.method, path, probe.body?.(ids)),
      );
      if (status !== 404) leaks.push(`${probe.method} ${path} → ${status} ${JSON.stringify(body)}`);
    }
    assert.deepEqual(leaks, [], "company B's admin got something other than 404/403");

    // Every list B may read: none shows a record of A's (all of A's are named "Zeta …").
    const lists = [
      "/api/users",
      "/api/users/list",
      "/api/contacts",
      "/api/contacts/list",
      "/api/tags",
      "/api/tags/list",
      "/api/quick-messages",
      "/api/quick-messages/list",
      "/api/queue",
      "/api/prompt",
      `/api/queue-options?queueId=${ids.queue}`,
      "/api/whatsapp",
      "/api/settings",
      "/api/tickets",
    ];
    for (const path of lists) {
      const { status, body } = await answer(await asOtherAdmin("GET", path));
      assert.ok(status === 200 || status === 404, `${path}: ${status}`);
      assert.ok(!JSON.stringify(body).includes("Zeta"), `${path} shows company A's rows`);
    }
    // The same lists do show them to A's admin, so the check above can fail.
    const own = await answer(await asAdmin("GET", "/api/contacts/list"));
    assert.ok(JSON.stringify(own.body).includes("Zeta"), "A's admin sees A's contact");
    assert.equal(await snapshot(db, companyId), before, "company A's rows changed");
  } finally {
    await env.close();
  }
});
