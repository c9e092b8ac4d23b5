/**
 * The layers of DESIGN.md §2, read from the source: `lib/` knows no domain and no web layer
 * (nothing from `services/` or `routes/`), `components/` is pure UI that never reaches the
 * server, and the services import one another without cycles.
 */
import assert from "node:assert/strict";
import { dirname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = normalize(join(dirname(fileURLToPath(import.meta.url)), ".."));

/** The browser modules that talk to the server: components leave them to islands. */
const SERVER_MODULES = [
  "lib/client/api.ts",
  "lib/client/channel.ts",
  "lib/client/realtime.ts",
  "lib/client/sign_in_watch.ts",
  "lib/client/sign_out.ts",
];

async function sourceFiles(dir: string): Promise<string[]> {
  const files: string[] = [];
  for await (const entry of Deno.readDir(join(ROOT, dir))) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory) files.push(...await sourceFiles(path));
    else if (/\.tsx?$/.test(entry.name)) files.push(path);
  }
  return files;
}

/** The repository paths a module imports by relative specifier (types included). */
async function importsOf(file: string): Promise<string[]> {
  const text = await Deno.readTextFile(join(ROOT, file));
  const specifiers = [...text.matchAll(/(?:from|import)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g)];
  return specifiers.map((match) => normalize(join(dirname(file), match[1]!)));
}

Deno.test("layers - lib/ imports nothing from services/ or routes/", async () => {
  const offences: string[] = [];
  for (const file of await sourceFiles("lib")) {
    for (const target of await importsOf(file)) {
      if (/^(services|routes)\//.test(target)) offences.push(`${file} → ${target}`);
    }
  }
  assert.deepEqual(offences, []);
});

Deno.test("layers - components/ hold no server calls: no API modules, fetch or sockets", async () => {
  const offences: string[] = [];
  for (const file of await sourceFiles("components")) {
    for (const target of await importsOf(file)) {
      if (SERVER_MODULES.includes(target)) offences.push(`${file} → ${target}`);
    }
    const text = await Deno.readTextFile(join(ROOT, file));
    if (/\bfetch\(|new WebSocket\(/.test(text)) offences.push(`${file} calls the server itself`);
  }
  assert.deepEqual(offences, []);
});

/** The import cycles among `files` (Tarjan's strongly connected components, size > 1). */
function cycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

Deno.test("layers - services/ import one another without cycles", async () => {
  const graph = new Map<string, string[]>();
  for (const file of await sourceFiles("services")) {
    if (!file.includes("_test.")) graph.set(file, await importsOf(file));
  }
  assert.deepEqual(cycles(graph), []);
});

Deno.test("layers - the cycle finder sees a cycle through a type-only import", () => {
  const graph = new Map([
    ["services/a/events.ts", ["services/a/mod.ts"]],
    ["services/a/mod.ts", ["services/a/events.ts", "lib/db/mod.ts"]],
    ["services/a/types.ts", []],
  ]);
  assert.deepEqual(cycles(graph), [["services/a/events.ts", "services/a/mod.ts"]]);
});

/** The product's source (tests, migrations and the benchmark's measuring queries aside). */
async function productFiles(): Promise<string[]> {
  const dirs = ["services", "lib", "routes", "islands", "components", "cli"];
  const files = ["main.ts", "dev.ts", ...(await Promise.all(dirs.map(sourceFiles))).flat()];
  return files.filter((file) => !/_test\.tsx?$/.test(file));
}

/** The product files whose text matches `pattern` outside the `owner` folder. */
async function writersOutside(pattern: RegExp, owner: string): Promise<string[]> {
  const offences: string[] = [];
  for (const file of await productFiles()) {
    if (file.startsWith(owner)) continue;
    if (pattern.test(await Deno.readTextFile(join(ROOT, file)))) offences.push(file);
  }
  return offences;
}

/** SQL that changes tickets or stores messages (DESIGN §8a: only the tickets area does). */
const TICKET_WRITES = /\bupdate\s+tickets\b|\binsert\s+into\s+messages\b/i;
/** The outbox's table, in any SQL or notification (DESIGN §6: one module owns it). */
const OUTBOX_TABLE = /\bwhatsapp_outbox\b/;

Deno.test("layers - only services/tickets/ changes tickets or stores messages", async () => {
  assert.deepEqual(await writersOutside(TICKET_WRITES, "services/tickets/"), []);
});

Deno.test("layers - only services/outbox/ touches whatsapp_outbox", async () => {
  assert.deepEqual(await writersOutside(OUTBOX_TABLE, "services/outbox/"), []);
});

/** Areas that react to the tickets' changes through hooks (services/hooks.ts). */
const HOOKED_AREAS = ["automation", "campaigns", "integrations", "prompts"];

Deno.test("layers - services/tickets/ imports none of the areas its hooks call", async () => {
  const offences: string[] = [];
  for (const file of await sourceFiles("services/tickets")) {
    for (const target of await importsOf(file)) {
      const area = /^services\/([^/]+)\//.exec(target)?.[1];
      if (area && HOOKED_AREAS.includes(area)) offences.push(`${file} → ${target}`);
    }
  }
  assert.deepEqual(offences, []);
});

Deno.test("layers - the ownership patterns see what they are meant to see", () => {
  assert.ok(TICKET_WRITES.test("await db.run(sql`update tickets set status = 'closed'`)"));
  assert.ok(TICKET_WRITES.test("INSERT INTO messages (company_id) values (1)"));
  assert.ok(TICKET_WRITES.test("update\n      tickets t set x = 1"));
  assert.ok(!TICKET_WRITES.test("update ticket_tracking set finished_at = now()"));
  assert.ok(!TICKET_WRITES.test("insert into messages_archive select 1"));
  assert.ok(OUTBOX_TABLE.test("left join whatsapp_outbox o on o.id = s.message_outbox_id"));
});

/** The tables lib/ may query: its own plumbing, none of the domain's. */
const LIB_TABLES = new Set([
  "schema_migrations",
  "jobs",
  "rate_limit_windows",
  "mail_outbox",
  "realtime_payloads",
]);

/** Words that follow from/join/update/into in SQL without naming a table. */
const NOT_TABLES = new Set(["set", "skip", "nowait", "of", "lateral", "select"]);

/**
 * The tables the SQL templates (sql`…`) of a source text name after from/join/update/into,
 * leaving out the names of its common table expressions; comments are not read.
 */
function tablesQueried(text: string): string[] {
  const code = text.replace(/^\s*(\*|\/\/).*$/gm, "");
  const tables = new Set<string>();
  for (const [, query] of code.matchAll(/\bsql`([^`]*)`/g)) {
    const ctes = new Set([...query!.matchAll(/\b([a-z_]+)\s+as\s+(?:materialized\s+)?\(/gi)]
      .map((m) => m[1]!.toLowerCase()));
    for (const [, name] of query!.matchAll(/\b(?:from|join|update|into)\s+([a-z_][a-z0-9_]*)/gi)) {
      const table = name!.toLowerCase();
      if (!NOT_TABLES.has(table) && !ctes.has(table)) tables.add(table);
    }
  }
  return [...tables];
}

Deno.test("layers - lib/ queries only its own plumbing tables, never the domain's", async () => {
  const offences: string[] = [];
  for (const file of await sourceFiles("lib")) {
    if (file.includes("_test.")) continue;
    const text = await Deno.readTextFile(join(ROOT, file));
    for (const table of tablesQueried(text)) {
      if (!LIB_TABLES.has(table)) offences.push(`${file} → ${table}`);
    }
  }
  assert.deepEqual(offences, []);
});

Deno.test("layers - the table finder reads a lib query of a domain table", () => {
  const text = "await db.maybeOne(sql`select u.id from users u join companies c on c.id = 1`);";
  assert.deepEqual(tablesQueried(text), ["users", "companies"]);
  const cte = "sql`with due as materialized (select id from jobs for update skip locked)\n" +
    "  update jobs set state = 1 from due where jobs.id = due.id`";
  assert.deepEqual(tablesQueried(cte), ["jobs"]);
});

Deno.test("layers - services/ know no HTTP framework: route guards live in routes/", async () => {
  const offences: string[] = [];
  for (const file of await sourceFiles("services")) {
    if (file.includes("_test.")) continue;
    const text = await Deno.readTextFile(join(ROOT, file));
    if (/from\s+["']hono(\/[^"']*)?["']/.test(text)) offences.push(file);
  }
  assert.deepEqual(offences, []);
});

/** The top-level functions of a source text longer than `max` lines, as `name (lines)`. */
function longFunctions(text: string, max: number): string[] {
  const long: string[] = [];
  const lines = text.split("\n");
  let open: { name: string; at: number } | null = null;
  lines.forEach((line, index) => {
    const start = line.match(
      /^(?:export )?(?:default )?(?:async )?function\*? (\w+)|^(?:export )?const (\w+)\b[^=]*= (?:async )?(?:\([^)]*\)|\w+)(?:: [^=]+)? =>\s*\{?$/,
    );
    if (!open && start) open = { name: start[1] ?? start[2]!, at: index };
    else if (open && /^\}/.test(line)) {
      const length = index - open.at + 1;
      if (length > max) long.push(`${open.name} (${length})`);
      open = null;
    }
  });
  return long;
}

Deno.test("layers - routes/ and lib/ have no function over 200 lines", async () => {
  const offences: string[] = [];
  for (const dir of ["routes", "lib"]) {
    for (const file of await sourceFiles(dir)) {
      if (file.includes("_test.")) continue;
      const text = await Deno.readTextFile(join(ROOT, file));
      offences.push(...longFunctions(text, 200).map((name) => `${file}: ${name}`));
    }
  }
  assert.deepEqual(offences, []);
});

Deno.test("layers - the length finder measures a top-level function to its closing brace", () => {
  const body = Array.from({ length: 5 }, (_, i) => `  step(${i});`).join("\n");
  const text = `export function routes(deps: Deps): Hono {\n${body}\n}\n` +
    `const short = () => {\n  return 1;\n};\n`;
  assert.deepEqual(longFunctions(text, 6), ["routes (7)"]);
  assert.deepEqual(longFunctions(text, 7), []);
});
