/**
 * deno task import:whaticket --from postgres://… [--media DIR] [--dry-run] [--keep-sessions]
 *
 * Imports a Whaticket SaaS database into this installation's database (DATABASE_URL, or the
 * embedded one under DATA_DIR), migrated first. Progress goes to stderr, the report to stdout.
 * Stop the Balcão server while it runs on the embedded database (one process at a time).
 */
import { parseArgs } from "node:util";
import { systemClock } from "../lib/clock.ts";
import { loadConfig } from "../lib/config.ts";
import { openDb } from "../lib/db/mod.ts";
import { migrate } from "../lib/db/migrate.ts";
import { openMediaStore } from "../lib/media/mod.ts";
import { secretBoxOf } from "../services/accounts/secrets.ts";
import { importWhaticket } from "../services/import_whaticket/mod.ts";

const USAGE =
  "usage: deno task import:whaticket --from postgres://user:pass@host/db [--media DIR] " +
  "[--dry-run] [--keep-sessions] [--batch N]";

const { values } = parseArgs({
  args: Deno.args,
  options: {
    from: { type: "string" },
    media: { type: "string" },
    "dry-run": { type: "boolean", default: false },
    "keep-sessions": { type: "boolean", default: false },
    batch: { type: "string" },
    help: { type: "boolean", default: false },
  },
});

if (values.help || !values.from) {
  console.error(USAGE);
  Deno.exit(values.help ? 0 : 2);
}
const batchSize = values.batch ? Number(values.batch) : 2000;
if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 50_000) {
  console.error("--batch must be a whole number from 1 to 50000");
  Deno.exit(2);
}

const config = loadConfig();
const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const media = await openMediaStore({ dataDir: config.dataDir, s3: config.mediaS3 });
try {
  await migrate(db);
  const started = performance.now();
  const report = await importWhaticket({
    from: values.from,
    db,
    media,
    secrets: secretBoxOf(db, config.encryptionKey),
    mediaDir: values.media,
    dryRun: values["dry-run"],
    batchSize,
    now: systemClock.now(),
    keepSessions: values["keep-sessions"],
    progress: true,
  });
  console.log(report.toText());
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `${values["dry-run"] ? "Dry run (nothing written)" : "Imported"}: ` +
      `${report.imported} rows in ${seconds} s.`,
  );
} finally {
  media.close();
  await db.close();
}
