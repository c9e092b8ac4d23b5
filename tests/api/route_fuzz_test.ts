/**
 * The route-table fuzz test (issue 15, "Bad input never gives a 500"): every API route the
 * app registers is called with hostile values in its path, its query string and its body
 * (NUL bytes, ids beyond the integer range, negative ids, wrong types, 1 MB strings,
 * impossible dates, bad JSON, bad multipart), as a company's admin and as the super user.
 * No answer may be a 5xx, and no table may change (sessions and rate limits aside).
 *
 * The routes come from the app itself, so a new route is fuzzed without being listed here.
 */
import assert from "node:assert/strict";
import { type Db, sql } from "../../lib/db/mod.ts";
import { type ApiCall, openAppWithActors } from "../helpers/api_as.ts";
import { createTestConnection } from "../helpers/users.ts";

const NUL = "a\u0000b";
const HUGE_ID = "99999999999";
const MEGABYTE = "x".repeat(1_000_000);
/** An id within range that no test record has, so routes reach their validation, not a row. */
const ABSENT_ID = "2147483646";

/** What a path parameter is replaced with (already encoded for the URL). */
const PATH_VALUES = [
  HUGE_ID,
  "9".repeat(400),
  "-1",
  "0",
  "abc",
  "1%00",
  "%E0%A4%A",
];

/** Query keys the routes read, each sent with every hostile value at once. */
const QUERY_KEYS = [
  "searchParam",
  "pageNumber",
  "date",
  "dateStart",
  "dateEnd",
  "updatedAt",
  "status",
  "queueIds",
  "tags",
  "users",
  "showAll",
  "withUnreadMessages",
  "cursor",
  "peek",
  "ticketId",
  "queueId",
  "whatsappId",
  "number",
  "session",
  "companyId",
  // The dashboard's period (routes/api/dashboard.ts).
  "days",
  "date_from",
  "date_to",
  "initialDate",
  "finalDate",
];

const QUERY_VALUES = [
  encodeURIComponent(NUL),
  HUGE_ID,
  "-1",
  "2026-02-30",
  "[99999999999]",
  "%E0%A4%A",
];

/** One hostile key alone, so that the other keys cannot fail validation first. */
const SINGLE_QUERIES = [
  `searchParam=${encodeURIComponent(NUL)}`,
  "date=2026-02-30",
  "dateStart=2026-02-30",
  "updatedAt=2026-02-30",
  "days=99999999999",
  "date_from=2026-02-30",
  "date_from=2026-01-01&date_to=1900-01-01",
  "initialDate=1900-01-01&finalDate=9999-12-31",
  "pageNumber=99999999999",
  // One key only: twenty of them would make a 20 MB address.
  `searchParam=${MEGABYTE}`,
];

/** Body fields the routes read; every one gets the same hostile value. */
const BODY_FIELDS = [
  "name",
  "type",
  "urlN8N",
  "typebotSlug",
  "jsonContent",
  "projectName",
  "language",
  "email",
  "password",
  "number",
  "body",
  "message",
  "title",
  "description",
  "video",
  "shortcode",
  "color",
  "status",
  "profile",
  "value",
  "key",
  "note",
  "token",
  "phone",
  "dueDate",
  "date",
  "recurrence",
  "greetingMessage",
  "farewellMessage",
  "extraInfo",
  "id",
  "userId",
  "contactId",
  "ticketId",
  "queueId",
  "whatsappId",
  "companyId",
  "planId",
  "parentId",
  "quotedMsgId",
  "tags",
  "queueIds",
  "schedules",
  "rows",
  "users",
  "connections",
  "queues",
];

const BODY_VALUES: unknown[] = [
  NUL,
  "2026-02-30",
  Number(HUGE_ID),
  -1,
  1.5,
  true,
  null,
  {},
  [null],
  "y".repeat(20_000),
];

function fields(value: unknown): Record<string, unknown> {
  return Object.fromEntries(BODY_FIELDS.map((field) => [field, value]));
}

function multipart(value: string): FormData {
  const form = new FormData();
  for (const field of BODY_FIELDS) form.append(field, value);
  form.append("file", new File([NUL], NUL, { type: "image/png" }));
  form.append("medias", new File([NUL], "a\u0000.png", { type: "image/png" }));
  return form;
}

/** Every body an unsafe method is tried with. */
function hostileBodies(): unknown[] {
  return [
    ...BODY_VALUES.map(fields),
    // NUL alone in one text field, so that the rest of the body cannot fail first.
    ...["name", "body", "title", "note", "email"].map((field) => ({ [field]: NUL })),
    { shortcode: NUL, message: NUL },
    // An id beyond the range beside otherwise valid fields, so that only the id can fail.
    { ticketId: Number(HUGE_ID), note: "fuzz note" },
    { ticketId: HUGE_ID, tags: [Number(HUGE_ID)] },
    { contactId: Number(HUGE_ID) },
    { queueId: Number(HUGE_ID), title: "fuzz" },
    { body: "fuzz", quotedMsgId: HUGE_ID },
    { name: MEGABYTE },
    { body: MEGABYTE },
    new Blob(["{"], { type: "application/json" }),
    new Blob(["null"], { type: "application/json" }),
    new Blob(['"text"'], { type: "application/json" }),
    new Blob(["[1e999]"], { type: "application/json" }),
    new Blob(["name=x"], { type: "text/plain" }),
    new Blob(["garbage"], { type: "multipart/form-data" }),
    new Blob(["garbage"], { type: "multipart/form-data; boundary=zzz" }),
    multipart(NUL),
  ];
}

/** `path` with each `:param{regex}` replaced by `value`. */
function fill(path: string, value: string): string {
  return path.replace(/:[A-Za-z]+(\{[^}]*\})?/g, value);
}

/**
 * Records whose only required field is a free-text name: "2026-02-30" is a fine name, so
 * the hostile body that carries it makes one, as it should; every other change still counts.
 */
const NAME_ONLY_CREATES: Record<string, string> = {
  contact_lists: "POST /api/contact-lists needs only a name",
  files: "POST /api/files needs only a name and a message (options may be empty)",
};

/** Sessions, rate limits, lockouts and token deny-lists: what signing in may change. */
const SESSION_TABLES = /refresh_token|rate_limit|login_attempt|lockout|throttle|revoked|deny/;

/**
 * Every table but the ones a signed-in call may legitimately touch (sessions, rate limits
 * and token deny-lists), as sorted row text, so any change shows as a difference.
 */
async function dumpTables(db: Db): Promise<Record<string, string>> {
  const tables = await db.query<{ name: string }>(sql`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`);
  const dump: Record<string, string> = {};
  for (const { name } of tables) {
    if (SESSION_TABLES.test(name)) continue;
    const { rows } = await db.one<{ rows: string | null }>(
      sql.raw(`select string_agg(t::text, E'\\n' order by t::text) as rows from "${name}" t`),
    );
    dump[name] = rows ?? "";
  }
  return dump;
}

Deno.test("[api] hostile input on every route gives no 5xx and changes nothing", async () => {
  const env = await openAppWithActors();
  const { app, db, asAdmin, asSuper } = env;
  try {
    const all = [
      ...new Map(
        app.routes
          .filter((route) => route.path.startsWith("/api/") && route.method !== "ALL")
          .map((route) => [`${route.method} ${route.path}`, route]),
      ).values(),
    ];
    assert.ok(all.length > 80, `only ${all.length} routes found`);
    // Logout after the rest, and outside the comparison: ending the caller's own session is
    // its job (and would turn every later call into a 401).
    const isLogout = (route: { path: string }) => route.path.endsWith("/logout");

    const failures: string[] = [];
    const bodies = hostileBodies();
    const refused = new Set<string>();
    const probe = async (
      call: ApiCall,
      who: string,
      method: string,
      url: string,
      body?: unknown,
    ) => {
      const res = await call(method, url, body);
      await res.body?.cancel();
      if (res.status >= 500) {
        const what = body instanceof Blob ? `${body.type} ${await body.text()}` : body instanceof
            FormData
          ? "multipart"
          : JSON.stringify(body)?.slice(0, 80);
        failures.push(`${who} ${method} ${url.slice(0, 120)} ${what ?? ""} → ${res.status}`);
      }
      return res.status;
    };
    const fuzz = async (routes: typeof all) => {
      for (const [who, call] of [["admin", asAdmin], ["super", asSuper]] as const) {
        for (const { method, path } of routes) {
          const base = fill(path, ABSENT_ID);
          if (path.includes("/:")) {
            for (const value of PATH_VALUES) await probe(call, who, method, fill(path, value));
          }
          for (const value of QUERY_VALUES) {
            const query = QUERY_KEYS.map((key) => `${key}=${value}`).join("&");
            await probe(call, who, method, `${base}?${query}`);
          }
          for (const query of SINGLE_QUERIES) await probe(call, who, method, `${base}?${query}`);
          // Bodies as the admin; as the super user only where the admin may not call at all.
          if (method !== "GET" && (who === "admin" || refused.has(`${method} ${path}`))) {
            for (const body of bodies) {
              const status = await probe(call, who, method, base, body);
              if (status === 401 || status === 403) refused.add(`${method} ${path}`);
            }
          }
        }
      }
    };

    const before = await dumpTables(db);
    await fuzz(all.filter((route) => !isLogout(route)));
    const after = await dumpTables(db);
    await fuzz(all.filter(isLogout));
    assert.deepEqual(failures, [], "hostile requests answered 5xx");
    for (const table of Object.keys(before)) {
      const made = table in NAME_ONLY_CREATES
        ? after[table]!.split("\n").filter((row) => !row.includes(",2026-02-30,")).join("\n")
        : after[table];
      assert.equal(made, before[table], `table ${table} changed`);
    }
  } finally {
    await env.close();
  }
});

/** Routes signed in by a connection's token (the integrators' API), not by a user session. */
const TOKEN_ROUTES = [
  "POST /api/messages/send",
  "POST /api/send",
  "GET /api/messages/send/:messageId{[0-9]+}",
];

Deno.test("[api] hostile input on the token-signed routes gives no 5xx and changes nothing", async () => {
  const env = await openAppWithActors();
  const { app, db, companyId } = env;
  try {
    const registered = app.routes.map((route) => `${route.method} ${route.path}`);
    assert.deepEqual(TOKEN_ROUTES.filter((name) => !registered.includes(name)), []);
    // Several connections (never connected), so the per-token rate limit does not answer
    // before the validation does: each token makes fewer calls than the limit.
    const tokens: string[] = [];
    for (let i = 0; i < 12; i++) {
      const { token } = await db.one<{ token: string }>(sql`
        select token from whatsapps where id = ${await createTestConnection(db, companyId)}`);
      tokens.push(token);
    }
    let calls = 0;
    const asConnection: ApiCall = (method, path, body) => {
      const token = tokens[Math.floor(calls++ / 50) % tokens.length]!;
      const multipart = body instanceof FormData;
      const raw = body instanceof Blob;
      const type = raw ? body.type : multipart ? undefined : "application/json";
      return Promise.resolve(app.request(path, {
        method,
        headers: { Authorization: `Bearer ${token}`, ...(type ? { "Content-Type": type } : {}) },
        body: body === undefined ? undefined : multipart || raw ? body : JSON.stringify(body),
      }));
    };
    const failures: string[] = [];
    const before = await dumpTables(db);
    for (const name of TOKEN_ROUTES) {
      const [method, path] = name.split(" ") as [string, string];
      const urls = [
        ...(path.includes("/:") ? PATH_VALUES.map((value) => fill(path, value)) : []),
        ...QUERY_VALUES.map((value) =>
          `${fill(path, ABSENT_ID)}?${QUERY_KEYS.map((key) => `${key}=${value}`).join("&")}`
        ),
      ];
      const bodies = method === "GET" ? [undefined] : hostileBodies();
      for (const url of urls) {
        for (const body of method === "GET" ? [undefined] : [bodies[0]]) {
          const res = await asConnection(method, url, body);
          await res.body?.cancel();
          if (res.status >= 500) failures.push(`${method} ${url} → ${res.status}`);
        }
      }
      for (const body of bodies) {
        const res = await asConnection(method, fill(path, ABSENT_ID), body);
        await res.body?.cancel();
        if (res.status >= 500) {
          failures.push(`${method} ${path} ${JSON.stringify(body)?.slice(0, 80)} → ${res.status}`);
        }
        if (res.status === 429) failures.push(`${method} ${path}: rate limited, add tokens`);
      }
    }
    assert.deepEqual(failures, [], "hostile requests answered 5xx");
    const after = await dumpTables(db);
    for (const table of Object.keys(before)) {
      assert.equal(after[table], before[table], `table ${table} changed`);
    }
  } finally {
    await env.close();
  }
});
