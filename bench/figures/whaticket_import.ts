/**
 * `deno task import:whaticket` at scale (issue 24), on a Postgres server (DATABASE_URL; skipped
 * without one): a generated Whaticket database of 20k contacts, 100k tickets and 1M messages,
 * built on the server with generate_series, imported into a fresh Balcão database; then the
 * second run, which reads everything again and imports nothing.
 */
import { systemClock } from "../../lib/clock.ts";
import { createDiskMediaStore } from "../../lib/media/mod.ts";
import { secretBoxOf } from "../../services/accounts/secrets.ts";
import { importWhaticket } from "../../services/import_whaticket/mod.ts";
import { openTestDb } from "../../tests/helpers/db.ts";
import { openWhaticketSource } from "../../tests/helpers/whaticket_source.ts";
import { type Figure, round } from "../figure.ts";

const CONTACTS = 20_000;
const TICKETS = 100_000;
const MESSAGES_PER_TICKET = 10;

const SEED = `
  insert into "Plans" (id, name, users, connections, queues, value) values (1, 'Plano 1', 10, 10, 10, 30);
  insert into "Companies" (id, name, "dueDate", "planId") values (1, 'Empresa 1', '2093-03-14', 1);
  insert into "Users" (id, name, email, "passwordHash", profile, "companyId")
    values (1, 'Admin', 'admin@admin.com', '', 'admin', 1);
  insert into "Queues" (id, name, color, "companyId") values (1, 'Vendas', '#00AA00', 1);
  insert into "Whatsapps" (id, name, "isDefault", token, "companyId") values (1, 'Principal', true, '', 1);
  insert into "Contacts" (id, name, number, "companyId")
    select n, 'Cliente ' || n, (5511900000000 + n)::text, 1 from generate_series(1, ${CONTACTS}) n;
  insert into "Tickets" (id, status, "lastMessage", uuid, "userId", "contactId", "whatsappId",
      "queueId", "companyId", "createdAt", "updatedAt")
    select n, 'closed', 'mensagem', gen_random_uuid(), 1, (n % ${CONTACTS}) + 1, 1, 1, 1,
      timestamptz '2024-01-01' + n * interval '1 minute',
      timestamptz '2024-01-01' + n * interval '1 minute'
    from generate_series(1, ${TICKETS}) n;
  insert into "Messages" (id, body, ack, read, "fromMe", "mediaType", "ticketId", "contactId",
      "companyId", "createdAt", "updatedAt")
    select '3EB0' || lpad(to_hex(n), 12, '0'), 'mensagem número ' || n, 2, true, n % 2 = 0,
      'conversation', (n % ${TICKETS}) + 1, case when n % 2 = 0 then null else ((n % ${TICKETS}) % ${CONTACTS}) + 1 end,
      1, timestamptz '2024-01-01' + n * interval '1 second', timestamptz '2024-01-01' + n * interval '1 second'
    from generate_series(1, ${TICKETS * MESSAGES_PER_TICKET}) n;
  analyze;`;

export default async function whaticketImportFigures(): Promise<Figure[]> {
  if (!Deno.env.get("DATABASE_URL")) {
    console.log("whaticket import: skipped, it needs a Postgres server in DATABASE_URL");
    return [];
  }
  const source = await openWhaticketSource(SEED);
  const target = await openTestDb();
  const dataDir = await Deno.makeTempDir({ prefix: "balcao-bench-import-" });
  try {
    const run = async () => {
      const started = performance.now();
      const report = await importWhaticket({
        from: source.url,
        db: target.db,
        media: createDiskMediaStore(dataDir),
        secrets: secretBoxOf(target.db),
        now: systemClock.now(),
      });
      return { seconds: (performance.now() - started) / 1000, report };
    };
    const first = await run();
    const messages = first.report.tables.find((t) => t.table === "Messages")?.imported ?? 0;
    if (messages !== TICKETS * MESSAGES_PER_TICKET) {
      throw new Error(`imported ${messages} messages of ${TICKETS * MESSAGES_PER_TICKET}`);
    }
    const second = await run();
    if (second.report.imported !== 0) throw new Error("the second run imported rows");
    return [
      {
        name: "Whaticket import: 100k tickets, 1M messages (first run)",
        value: round(first.seconds, 1),
        unit: "s",
      },
      {
        name: "Whaticket import: rows imported per second (first run)",
        value: Math.round(first.report.imported / first.seconds),
        unit: "rows/s",
        better: "higher",
      },
      {
        name: "Whaticket import: second run over the same 1M messages (imports nothing)",
        value: round(second.seconds, 1),
        unit: "s",
      },
    ];
  } finally {
    await target.close();
    await source.close();
    await Deno.remove(dataDir, { recursive: true });
  }
}

if (import.meta.main) console.log(await whaticketImportFigures());
