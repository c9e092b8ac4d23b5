/**
 * `deno task import:whaticket` end to end: a Whaticket-shaped source database (tests/fixtures/
 * whaticket, with the defects real ones have) imported into a fresh Balcão database, then read
 * back through the app: counts, an old password signing in (and its hash upgraded), a ticket's
 * history in order with its media and quoted link, the options tree, and a second run that
 * changes nothing. The source needs a Postgres server (WHATICKET_SOURCE_URL or DATABASE_URL);
 * the target is whichever database the suite runs on.
 */
import assert from "node:assert/strict";
import { sql } from "../../lib/db/mod.ts";
import { createDiskMediaStore } from "../../lib/media/mod.ts";
import { secretBoxOf } from "../../services/accounts/secrets.ts";
import { type ImportReport, importWhaticket } from "../../services/import_whaticket/mod.ts";
import { sealPurpose } from "../../services/integrations/integrations.ts";
import { openTestApp } from "../helpers/app.ts";
import { openWhaticketSource, sourceServerUrl } from "../helpers/whaticket_source.ts";

const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0, 1, 1, 0, 0, 1]);

function line(report: ImportReport, table: string) {
  const found = report.tables.find((t) => t.table === table);
  assert.ok(found, `no report line for ${table}`);
  return found;
}

Deno.test({
  name: "[import] whaticket: a Whaticket database comes over whole, repaired and repeatable",
  ignore: !sourceServerUrl,
  async fn(t) {
    const source = await openWhaticketSource();
    const { app, db, close } = await openTestApp();
    const dataDir = await Deno.makeTempDir({ prefix: "balcao-import-" });
    const mediaDir = await Deno.makeTempDir({ prefix: "whaticket-public-" });
    await Deno.writeFile(`${mediaDir}/comprovante-1714564980.jpg`, JPEG);
    await Deno.mkdir(`${mediaDir}/quickMessage`);
    await Deno.writeTextFile(`${mediaDir}/quickMessage/tabela.pdf`, "%PDF-1.4\n%tabela\n");
    await Deno.mkdir(`${mediaDir}/fileList/1`, { recursive: true });
    await Deno.writeTextFile(`${mediaDir}/fileList/1/catalogo.pdf`, "%PDF-1.4\n%catalogo\n");
    const media = createDiskMediaStore(dataDir);
    const run = () =>
      importWhaticket({
        from: source.url,
        db,
        media,
        secrets: secretBoxOf(db),
        mediaDir,
        batchSize: 2,
        now: new Date("2025-01-01T00:00:00Z"),
      });
    const count = async (table: string) =>
      (await db.one<{ n: number }>(sql`select count(*)::int as n from ${sql.ident(table)}`)).n;
    try {
      await t.step("a dry run reports what would come and writes nothing", async () => {
        const dry = await importWhaticket({
          from: source.url,
          db,
          media,
          secrets: secretBoxOf(db),
          mediaDir,
          now: new Date("2025-01-01T00:00:00Z"),
          dryRun: true,
        });
        assert.equal(line(dry, "Messages").imported, 5);
        assert.equal(await count("messages"), 0);
        assert.equal(await count("companies"), 0);
        assert.equal(await count("import_mappings"), 0);
      });

      const report = await run();

      await t.step("every table lands, orphans and defects left out or repaired", async () => {
        const counts = Object.fromEntries(
          await Promise.all(
            [
              "plans",
              "companies",
              "users",
              "queues",
              "queue_options",
              "tags",
              "contacts",
              "contact_custom_fields",
              "whatsapps",
              "whatsapp_queues",
              "user_queues",
              "tickets",
              "ticket_tags",
              "ticket_notes",
              "ticket_tracking",
              "ticket_ratings",
              "messages",
            ].map(async (table) => [table, await count(table)]),
          ),
        );
        assert.deepEqual(counts, {
          plans: 2,
          companies: 2,
          users: 2,
          queues: 2,
          queue_options: 4,
          tags: 2,
          contacts: 3,
          contact_custom_fields: 1,
          whatsapps: 1,
          whatsapp_queues: 2,
          user_queues: 1,
          tickets: 3,
          ticket_tags: 2,
          ticket_notes: 1,
          ticket_tracking: 3,
          ticket_ratings: 1,
          messages: 5,
        });
        assert.equal(line(report, "Tickets").skipped.get("its contact is missing (orphan row)"), 1);
        assert.equal(line(report, "Messages").skipped.get("its ticket is missing (orphan row)"), 1);
        assert.equal(
          line(report, "QueueOptions").skipped.get("its parent option is missing (orphan row)"),
          1,
        );
        assert.equal(
          line(report, "Settings").skipped.get(
            "duplicate key of the company: its latest row was kept",
          ),
          1,
        );
        const integrations = line(report, "QueueIntegrations");
        assert.equal(integrations.read, 4);
        assert.equal(integrations.imported, 2);
        assert.equal(integrations.skipped.get("unknown integration type"), 1);
        assert.equal(
          integrations.skipped.get("Dialogflow credentials are not a service account"),
          1,
        );
        assert.equal(line(report, "Messages").repaired.get("invisible markers stripped"), 1);
      });

      await t.step(
        "settings keep the latest of duplicates; companies and plans as they were",
        async () => {
          const company = await db.one<Record<string, unknown>>(sql`
          select c.id, c.due_date::text as due, c.recurrence, c.schedules, p.name as plan,
                 p.use_kanban, p.value::float8 as value
          from companies c join plans p on p.id = c.plan_id where c.name = 'Loja Azul'`);
          assert.equal(company.due, "2026-12-05");
          assert.equal(company.recurrence, "ANUAL");
          assert.equal(company.plan, "Plano Ouro");
          assert.equal(company.use_kanban, false);
          assert.equal(company.value, 149.9);
          assert.equal((company.schedules as unknown[]).length, 1);
          const settings = Object.fromEntries(
            (await db.query<{ key: string; value: string }>(
              sql`select key, value from settings where company_id = ${company.id}`,
            )).map((row) => [row.key, row.value]),
          );
          assert.equal(settings.userRating, "enabled");
          assert.equal(settings.scheduleType, "queue");
          assert.equal(settings.chatBotType, "text", "every other key has its default");
        },
      );

      await t.step(
        "the second ticket in progress for João is closed; tracking kept to one cycle",
        async () => {
          const rows = await db.query<{ uuid: string; status: string }>(sql`
          select uuid::text, status from tickets order by created_at`);
          assert.deepEqual(rows.map((r) => [r.uuid.slice(9, 13), r.status]), [
            ["3333", "closed"],
            ["1111", "open"],
            ["2222", "closed"],
          ]);
          assert.equal(
            line(report, "Tickets").repaired.get(
              "a second ticket in progress for the same contact and connection: closed",
            ),
            1,
          );
          const unfinished = await db.query(sql`
          select 1 from ticket_tracking where finished_at is null`);
          assert.equal(unfinished.length, 1);
          const rating = await db.one<{ rate: number }>(sql`select rate from ticket_ratings`);
          assert.equal(rating.rate, 3);
        },
      );

      await t.step(
        "a connection arrives disconnected with its texts, timers and a new token",
        async () => {
          const w = await db.one<Record<string, unknown>>(sql`select * from whatsapps`);
          assert.equal(w.status, "DISCONNECTED");
          assert.equal(w.session_wanted, false);
          assert.equal(w.is_default, true);
          assert.equal(w.greeting_message, "Olá! Digite o número:");
          assert.equal(w.complation_message, "Até logo");
          assert.equal(w.rating_message, "Avalie-nos");
          assert.equal(w.expires_ticket, 60);
          assert.equal(w.time_use_bot_queues, 5);
          assert.equal(w.time_to_transfer, 10);
          assert.ok(String(w.token).length >= 16);
          const maria = await db.one<{ whatsapp_id: number }>(
            sql`select whatsapp_id from users where email = 'maria@lojaazul.com'`,
          );
          assert.equal(maria.whatsapp_id, w.id);
        },
      );

      await t.step(
        "the options tree keeps its shape, parents created after children included",
        async () => {
          const options = await db.query<{ title: string; parent: string | null }>(sql`
          select o.title, p.title as parent from queue_options o
          left join queue_options p on p.id = o.parent_id order by o.title`);
          assert.deepEqual(options, [
            { title: "Boleto", parent: "Pagamentos" },
            { title: "Pagamentos", parent: null },
            { title: "Plano básico", parent: "Planos" },
            { title: "Planos", parent: null },
          ]);
        },
      );

      await t.step(
        "quick messages with their files; schedules still to come get their job",
        async () => {
          const quick = await db.query<{ shortcode: string; media_path: string | null }>(sql`
          select shortcode, media_path from quick_messages order by shortcode`);
          assert.deepEqual(quick.map((q) => [q.shortcode, q.media_path !== null]), [
            ["pix", false],
            ["tabela", true],
          ]);
          const schedules = await db.query<{ id: number; body: string; status: string }>(sql`
          select id, body, status from schedules order by send_at`);
          assert.deepEqual(schedules.map((s) => [s.body, s.status]), [
            ["Promoção antiga", "ERRO"],
            ["Feliz aniversário", "ENVIADA"],
            ["Lembrete da renovação", "PENDENTE"],
          ]);
          const jobs = await db.query<{ unique_key: string; run_at: Date }>(sql`
          select unique_key, run_at from jobs where kind = 'schedule.send'`);
          assert.deepEqual(jobs.map((j) => j.unique_key), [`schedule:${schedules[2]!.id}`]);
          assert.equal(new Date(jobs[0]!.run_at).toISOString(), "2025-03-01T12:00:00.000Z");
          assert.equal(await count("helps"), 1);
        },
      );

      await t.step("campaigns: what ran is history, nothing is sent by surprise", async () => {
        const rows = await db.query<{ name: string; status: string; files: number }>(sql`
          select c.name, c.status, (select count(*)::int from file_options o
            where o.file_id = c.file_list_id and o.path is not null) as files
          from campaigns c order by c.id`);
        assert.deepEqual(rows.map((c) => [c.name, c.status, c.files]), [
          ["Black Friday", "FINALIZADA", 1],
          ["Natal", "CANCELADA", 0],
          ["Carnaval", "PROGRAMADA", 0],
        ]);
        const shipped = await db.query<{ delivered: boolean; queued: boolean }>(sql`
          select delivered_at is not null as delivered, queued_at is not null as queued
          from campaign_shippings order by id`);
        assert.deepEqual(shipped, [{ delivered: true, queued: true }, {
          delivered: false,
          queued: false,
        }]);
        assert.equal(await count("contact_list_items"), 2);
        const setting = await db.one<{ value: string }>(
          sql`select value from campaign_settings where key = 'messageInterval'`,
        );
        assert.equal(setting.value, "20");
      });

      await t.step(
        "a prompt's key is sealed again for its new row; its queue points at it",
        async () => {
          const prompt = await db.one<{ id: number; api_key_sealed: string; api_key_hint: string }>(
            sql`select id, api_key_sealed, api_key_hint from prompts`,
          );
          assert.equal(prompt.api_key_hint, "abcd");
          assert.ok(!prompt.api_key_sealed.includes("sk-antiga"));
          assert.equal(
            await secretBoxOf(db).open(prompt.api_key_sealed, `prompt:${prompt.id}:apiKey`),
            "sk-antiga-chave-0123456789abcd",
          );
          const queue = await db.one<{ prompt_id: number }>(
            sql`select prompt_id from queues where name = 'Financeiro'`,
          );
          assert.equal(queue.prompt_id, prompt.id);
        },
      );

      await t.step(
        "queue integrations come with a signing secret each; their queue points at them",
        async () => {
          const rows = await db.query<Record<string, unknown>>(sql`
            select id, type, name, project_name, url_n8n, typebot_slug, typebot_expires,
                   typebot_delay_message, hmac_secret_sealed
            from queue_integrations order by name`);
          assert.deepEqual(rows.map((row) => [row.type, row.name, row.project_name]), [
            ["n8n", "fluxo", "fluxo"],
            ["typebot", "robo", "robo"],
          ]);
          const typebot = rows[1]!;
          assert.equal(typebot.url_n8n, "https://typebot.example.com");
          assert.equal(typebot.typebot_slug, "loja-azul");
          assert.equal(typebot.typebot_expires, 30);
          assert.equal(typebot.typebot_delay_message, 60000, "90 s is held to our limit");
          const secret = await secretBoxOf(db).open(
            String(rows[0]!.hmac_secret_sealed),
            sealPurpose(Number(rows[0]!.id), "hmacSecret"),
          );
          assert.match(secret, /^[0-9a-f]{64}$/);
          const queue = await db.one<{ integration_id: number }>(
            sql`select integration_id from queues where name = 'Financeiro'`,
          );
          assert.equal(queue.integration_id, typebot.id);
        },
      );

      await t.step("internal chat, announcements and invoices", async () => {
        const messages = await db.query<{ message: string }>(
          sql`select message from chat_messages order by id`,
        );
        assert.deepEqual(messages.map((m) => m.message), ["bom dia", "📎 escala.xlsx"]);
        assert.equal(await count("chat_users"), 1);
        assert.equal(await count("announcements"), 1);
        const invoices = await db.query<{ status: string; paid: boolean }>(sql`
          select status, paid_at is not null as paid from invoices order by due_date`);
        assert.deepEqual(invoices, [{ status: "paid", paid: true }, {
          status: "open",
          paid: false,
        }]);
      });

      let token = "";
      await t.step("a user signs in with the old password; the hash becomes ours", async () => {
        const login = (password: string) =>
          app.request("/api/auth/login", {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify({ email: "maria@lojaazul.com", password }),
          });
        assert.equal((await login("senha-errada")).status, 401);
        const before = await db.one<{ password_hash: string }>(
          sql`select password_hash from users where email = 'maria@lojaazul.com'`,
        );
        assert.match(before.password_hash, /^\$2b\$08\$/);
        const res = await login("senha-antiga-1");
        assert.equal(res.status, 200);
        token = (await res.json()).token;
        const after = await db.one<{ password_hash: string }>(
          sql`select password_hash from users where email = 'maria@lojaazul.com'`,
        );
        assert.match(after.password_hash, /^scrypt\$/);
        assert.equal((await login("senha-antiga-1")).status, 200, "and signs in again on ours");
      });

      await t.step(
        "a ticket's history in order, with its media file and the quoted message",
        async () => {
          const ticket = await db.one<{ id: number }>(
            sql`select id from tickets where uuid = '6f1c2a34-1111-4a5b-8c9d-0123456789ab'`,
          );
          const res = await app.request(`/api/messages/${ticket.id}`, {
            headers: { Authorization: `Bearer ${token}` },
          });
          assert.equal(res.status, 200);
          const { messages } = await res.json() as {
            messages: {
              wid: string;
              body: string;
              fromMe: boolean;
              mediaUrl: string | null;
              quotedMsg?: { body: string } | null;
            }[];
          };
          assert.deepEqual(messages.map((m) => m.wid), [
            "BAE5AA01",
            "3EB0BB02",
            "BAE5CC03",
            "3EB0DD04",
          ]);
          assert.equal(messages[1]!.body, "Bem-vindo! Digite 1 para planos");
          assert.equal(messages[1]!.fromMe, true);
          assert.equal(messages[3]!.quotedMsg?.body, "segue o comprovante");
          const stored = await db.one<{ media_path: string }>(
            sql`select media_path from messages where wid = 'BAE5CC03'`,
          );
          assert.deepEqual(await media.read(stored.media_path), JPEG);
          assert.ok(messages[2]!.mediaUrl?.includes(stored.media_path));
        },
      );

      await t.step(
        "a second run changes nothing; a later one brings only what is new",
        async () => {
          const again = await run();
          assert.equal(again.imported, 0);
          assert.equal(line(again, "Messages").skipped.get("already imported"), 5);
          assert.equal(await count("messages"), 5);
          assert.equal(await count("tickets"), 3);

          await source.run(`
          insert into "Messages" (id, body, "fromMe", "ticketId", "contactId", "companyId", "createdAt")
          values ('BAE5GG07', 'voltei', false, 10, 1, 2, '2024-05-03T08:00:00Z')`);
          const later = await run();
          assert.equal(later.imported, 1);
          assert.equal(line(later, "Messages").imported, 1);
          assert.equal(await count("messages"), 6);
        },
      );
    } finally {
      await close();
      await source.close();
      await Deno.remove(dataDir, { recursive: true });
      await Deno.remove(mediaDir, { recursive: true });
    }
  },
});
