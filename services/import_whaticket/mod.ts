/**
 * `deno task import:whaticket`: brings a Whaticket SaaS database (and its media folder) into
 * Balcão. Steps run in dependency order; each reads its source table in batches and commits
 * each batch with its mappings, so running it again changes nothing and a later run imports
 * only the rows that are new. A dry run does the same inside one transaction rolled back.
 */
import type { Db, Queryable } from "../../lib/db/mod.ts";
import type { MediaStore } from "../../lib/media/mod.ts";
import type { SecretBox } from "../../lib/crypto/secret_box.ts";
import { integrationLinks, queueIntegrations } from "./steps/integrations.ts";
import { type ImportContext, loadIds } from "./context.ts";
import { runStep, type TableStep } from "./engine.ts";
import { ImportReport, Progress } from "./report.ts";
import { withSource } from "./source.ts";
import { companies, plans, settings, users } from "./steps/accounts.ts";
import { contactCustomFields, contacts } from "./steps/contacts.ts";
import { usersDefaultConnection, whatsappQueues, whatsapps } from "./steps/connections.ts";
import { messages } from "./steps/messages.ts";
import { queueOptions, queues, tags, userQueues } from "./steps/queues.ts";
import { helps, quickMessages, schedules } from "./steps/extras.ts";
import { keepSessions } from "./steps/sessions.ts";
import {
  campaigns,
  campaignSettings,
  campaignShipping,
  contactListItems,
  contactLists,
  files,
  filesOptions,
} from "./steps/outreach.ts";
import {
  announcements,
  chatMessages,
  chats,
  chatUsers,
  invoices,
  promptLinks,
  prompts,
} from "./steps/team.ts";
import { ticketNotes, tickets, ticketTags, ticketTracking, userRatings } from "./steps/tickets.ts";

export { ImportReport } from "./report.ts";

export interface ImportOptions {
  /** The Whaticket database's URL (read only). */
  from: string;
  db: Db;
  media: MediaStore;
  secrets: SecretBox;
  mediaDir?: string;
  dryRun?: boolean;
  batchSize?: number;
  /** "Now" (the CLI passes the clock's time; tests a fixed one). */
  now: Date;
  /** Carry each connection's WhatsApp session over (best effort), instead of a new QR code. */
  keepSessions?: boolean;
  /** Draw the progress bars on stderr. */
  progress?: boolean;
}

type Step = TableStep | ((ctx: ImportContext) => Promise<void>);

/** In dependency order: each step's references were imported by the steps before it. */
const STEPS: Step[] = [
  plans,
  companies,
  users,
  settings,
  queues,
  userQueues,
  queueOptions,
  tags,
  contacts,
  contactCustomFields,
  whatsapps,
  whatsappQueues,
  usersDefaultConnection,
  tickets,
  ticketTags,
  ticketNotes,
  ticketTracking,
  userRatings,
  messages,
  quickMessages,
  schedules,
  helps,
  contactLists,
  contactListItems,
  files,
  filesOptions,
  campaigns,
  campaignSettings,
  campaignShipping,
  prompts,
  promptLinks,
  queueIntegrations,
  integrationLinks,
  chats,
  chatUsers,
  chatMessages,
  announcements,
  invoices,
];

/** Whaticket tables with nothing to go to here (yet), reported so nobody looks for them. */
const NOT_CARRIED: Record<string, string> = {
  Subscriptions: "unused by Whaticket (its writes are commented out)",
  Baileys: "phone address books are synced again by the connection",
};

class DryRunDone extends Error {}

export async function importWhaticket(options: ImportOptions): Promise<ImportReport> {
  const report = new ImportReport();
  const run = (target: Queryable, batch: ImportContext["batch"]) =>
    withSource(options.from, async (source) => {
      const cache = new Map<string, Map<string, number>>();
      const ctx: ImportContext = {
        source,
        target,
        batch,
        report,
        progress: new Progress(options.progress ?? false),
        batchSize: options.batchSize ?? 2000,
        dryRun: options.dryRun ?? false,
        now: options.now,
        mediaDir: options.mediaDir,
        media: options.media,
        secrets: options.secrets,
        async ids(table) {
          let found = cache.get(table);
          if (!found) {
            found = await loadIds(target, source.name, table);
            cache.set(table, found);
          }
          return found;
        },
        loadedIds: (table) => cache.get(table),
      };
      const steps = options.keepSessions
        ? [
          ...STEPS.slice(0, STEPS.indexOf(whatsappQueues)),
          keepSessions,
          ...STEPS.slice(STEPS.indexOf(whatsappQueues)),
        ]
        : STEPS;
      for (const step of steps) {
        if (typeof step === "function") await step(ctx);
        else await runStep(ctx, step);
      }
      for (const [table, reason] of Object.entries(NOT_CARRIED)) {
        if (!await source.hasTable(table)) continue;
        const [{ n }] = await source.query(`select count(*)::int as n from "${table}"`) as [
          { n: number },
        ];
        const line = report.table(table);
        line.read += n;
        if (n > 0) line.skipped.set(reason, n);
      }
    });

  // The secret box may read its key from the database: read it now, before any transaction
  // holds the embedded database's one connection.
  await options.secrets.seal("", "import:whaticket");
  if (!options.dryRun) {
    await run(options.db, (work) => options.db.transaction(work));
    return report;
  }
  try {
    await options.db.transaction(async (tx) => {
      await run(tx, (work) => work(tx));
      throw new DryRunDone();
    });
  } catch (err) {
    if (!(err instanceof DryRunDone)) throw err;
  }
  return report;
}
