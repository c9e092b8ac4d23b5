/**
 * Campaigns end to end on the sandbox phone with a fake clock (issue 20): contact lists and
 * their WhatsApp check, the plan of each shipment, variants and variables, confirmation by
 * reply, cancel and restart keeping the spacing, the edit window, tag lists, replies that
 * open tickets without touching open ones, pausing on a lost connection, and two sweeps at
 * once sending each shipment once.
 */
import assert from "node:assert/strict";
import { sql } from "../../lib/db/mod.ts";
import { random } from "../../services/campaigns/shipping.ts";
import { answer } from "../helpers/api_as.ts";
import { openCampaignEnv } from "../helpers/campaign_env.ts";
import { sweepCampaigns } from "../../services/campaigns/sweep.ts";

const SECOND = 1000;
const HOUR = 3_600_000;

/** No jitter: the plan is exact, so the test can compare times. */
random.next = () => 0;

function campaignBody(extra: Record<string, unknown>) {
  return {
    name: "Promoção",
    message1: "Olá {nome}, oferta para {numero}",
    message2: "Oi {nome}! Cupom {cupom}",
    ...extra,
  };
}

Deno.test("[api] campaigns: lists, plan, send, confirm, cancel, restart", async (t) => {
  const env = await openCampaignEnv();
  const { db, admin, ok, clock } = env;
  const plannedOf = async (campaignId: number) =>
    (await db.query<{ number: string; plannedAt: Date; delivered: Date | null }>(sql`
      select number, planned_at as "plannedAt", delivered_at as delivered
      from campaign_shippings where campaign_id = ${campaignId} order by position`))
      .map((r) => ({ ...r, offset: new Date(r.plannedAt).getTime() - clock.now().getTime() }));
  try {
    await t.step("items are checked on WhatsApp; a number ending 0000 is not on it", async () => {
      const listId = await env.makeList("Clientes", [
        ["Ana", "(11) 98765-1001"],
        ["Bia", "+55 11 98765-0000"],
      ]);
      const { contacts } = await ok(
        admin("GET", `/api/contact-list-items?contactListId=${listId}`),
      );
      assert.deepEqual(
        contacts.map((
          c: { number: string; isWhatsappValid: boolean },
        ) => [c.number, c.isWhatsappValid]),
        [["5511987651001", true], ["5511987650000", false]],
      );
      const dup = await answer(
        await admin("POST", "/api/contact-list-items", {
          name: "Ana 2",
          number: "11987651001",
          contactListId: listId,
        }),
      );
      assert.equal(dup.status, 409);
      const foreign = await answer(await env.otherAdmin("GET", `/api/contact-lists/${listId}`));
      assert.equal(foreign.status, 404, "another company's list is not found");
    });

    await t.step(
      "an upload reports added, duplicate, invalid and not on WhatsApp rows",
      async () => {
        const list = await ok(admin("POST", "/api/contact-lists", { name: "Importada" }));
        const csv = "Nome,Número,Email\nCarla,11987652001,carla@example.com\n" +
          "Duda,11987652001,\nE,11987652002,\nFábio,11987650000,\nGil,abc,\n";
        const form = new FormData();
        form.append("file", new File([csv], "lista.csv", { type: "text/csv" }));
        const report = await ok(admin("POST", `/api/contact-lists/${list.id}/upload`, form));
        assert.deepEqual(report.counts, { added: 1, duplicate: 1, invalid: 2, not_on_whatsapp: 1 });
        assert.deepEqual(
          report.skipped.map((s: { row: number; status: string }) => [s.row, s.status]),
          [[3, "duplicate"], [4, "invalid"], [5, "not_on_whatsapp"], [6, "invalid"]],
        );
        const again = await ok(admin("POST", `/api/contact-lists/${list.id}/upload`, form));
        assert.equal(again.counts.added, 0);
        assert.equal(again.counts.duplicate, 2);
        const events = env.hub.sent.filter((e) =>
          e.channel === `company-${env.companyId}-ContactListItem-${list.id}`
        );
        assert.ok(events.some((e) => e.data.action === "progress"));
        assert.ok(events.some((e) => e.data.action === "reload"));
      },
    );

    await t.step("interval, longer pause, variants and variables", async () => {
      await env.setPacing(10, 5, 60);
      await ok(admin("POST", "/api/campaign-settings", {
        settings: {
          variables: [{ key: "cupom", value: "BEMVINDO" }, { key: "cupom", value: "X" }],
        },
      }));
      const listId = await env.makeList("Pacing", [
        ["Hugo", "11987653001"],
        ["Iara", "11987653002"],
        ["João", "11987653003"],
        ["Kai", "11987653004"],
        ["Leo", "11987653005"],
        ["Malu", "11987653006"],
        ["Nina", "11987653007"],
      ]);
      // Created with a time already past: it starts at the next sweep.
      const campaign = await ok(admin(
        "POST",
        "/api/campaigns",
        campaignBody({
          contactListId: listId,
          whatsappId: env.connectionId,
          scheduledAt: new Date(clock.now().getTime() - HOUR).toISOString(),
        }),
      ));
      assert.equal(campaign.status, "PROGRAMADA");
      await env.sweep();
      const plan = await plannedOf(campaign.id);
      // Every 10 s, and after 5 messages the longer pause of 60 s.
      assert.deepEqual(
        plan.map((p) => p.offset / SECOND),
        [0, 10, 20, 30, 40, 100, 110],
      );
      await env.drain();
      assert.deepEqual(await env.received("5511987653001"), [
        { body: "Olá Hugo, oferta para 5511987653001", mediaName: null },
      ]);
      assert.deepEqual(await env.received("5511987653002"), []);
      clock.advance(10 * SECOND);
      await env.sweep();
      await env.drain();
      assert.deepEqual((await env.received("5511987653002")).map((m) => m.body), [
        "Oi Iara! Cupom BEMVINDO",
      ]);
      clock.advance(30 * SECOND);
      await env.sweep();
      await env.drain();
      assert.equal((await env.received("5511987653005")).length, 1);
      clock.advance(59 * SECOND);
      await env.sweep();
      await env.drain();
      assert.deepEqual(await env.received("5511987653006"), [], "the longer pause holds");
      clock.advance(11 * SECOND);
      await env.sweep();
      await env.drain();
      assert.equal((await env.received("5511987653006")).length, 1);
      assert.equal((await env.received("5511987653007")).length, 1);
      const done = await ok(admin("GET", `/api/campaigns/${campaign.id}`));
      assert.equal(done.status, "FINALIZADA");
      const report = await ok(admin("GET", `/api/campaigns/${campaign.id}/report`));
      assert.equal(report.counts.planned, 7);
      assert.equal(report.counts.delivered, 7);
    });

    await t.step("a reply is the confirmation; then the message goes", async () => {
      await env.setPacing(0);
      const listId = await env.makeList("Confirma", [["Lia", "11987654001"]]);
      const campaign = await ok(admin(
        "POST",
        "/api/campaigns",
        campaignBody({
          contactListId: listId,
          whatsappId: env.connectionId,
          confirmation: true,
          confirmationMessage1: "{nome}, quer receber nossa oferta? Responda SIM",
          scheduledAt: clock.now().toISOString(),
        }),
      ));
      await env.sweep();
      await env.drain();
      assert.deepEqual((await env.received("5511987654001")).map((m) => m.body), [
        "Lia, quer receber nossa oferta? Responda SIM",
      ]);
      let report = await ok(admin("GET", `/api/campaigns/${campaign.id}/report`));
      assert.equal(report.counts.confirmationRequested, 1);
      assert.equal(report.counts.delivered, 0, "the request is not the delivery");
      assert.equal(report.campaign.status, "EM_ANDAMENTO");
      await ok(admin("POST", `/api/sandbox/${env.connectionId}/inbound`, {
        number: "5511987654001",
        name: "Lia",
        body: "SIM",
      }));
      await env.drain();
      assert.equal((await env.received("5511987654001")).length, 2);
      report = await ok(admin("GET", `/api/campaigns/${campaign.id}/report`));
      assert.equal(report.counts.confirmed, 1);
      assert.equal(report.counts.delivered, 1);
      assert.equal(report.campaign.status, "FINALIZADA");
    });

    await t.step(
      "cancel stops sending; restart plans the rest from now, same spacing",
      async () => {
        await env.setPacing(10);
        const listId = await env.makeList("Cancela", [
          ["Mia", "11987655001"],
          ["Noé", "11987655002"],
          ["Olga", "11987655003"],
          ["Pia", "11987655004"],
        ]);
        const campaign = await ok(admin(
          "POST",
          "/api/campaigns",
          campaignBody({
            contactListId: listId,
            whatsappId: env.connectionId,
            scheduledAt: clock.now().toISOString(),
          }),
        ));
        await env.sweep();
        await env.drain();
        const busy = await answer(await admin("DELETE", `/api/campaigns/${campaign.id}`));
        assert.equal(busy.status, 409, "delete is refused while it runs");
        await ok(admin("POST", `/api/campaigns/${campaign.id}/cancel`));
        assert.equal(
          (await answer(await admin("POST", `/api/campaigns/${campaign.id}/cancel`))).status,
          409,
        );
        clock.advance(HOUR);
        await env.sweep();
        await env.drain();
        assert.equal((await env.received("5511987655002")).length, 0, "nothing after the cancel");
        await ok(admin("POST", `/api/campaigns/${campaign.id}/restart`));
        const plan = await plannedOf(campaign.id);
        assert.deepEqual(plan.slice(1).map((p) => p.offset), [0, 10 * SECOND, 20 * SECOND]);
        await env.sweep();
        await env.drain();
        assert.equal((await env.received("5511987655002")).length, 1);
        assert.equal((await env.received("5511987655003")).length, 0, "not all at once");
        assert.equal((await env.received("5511987655001")).length, 1, "the first not again");
      },
    );

    await t.step("the edit window: an hour before its time, a campaign is fixed", async () => {
      const listId = await env.makeList("Janela", [["Rui", "11987656001"]]);
      const campaign = await ok(admin(
        "POST",
        "/api/campaigns",
        campaignBody({
          contactListId: listId,
          whatsappId: env.connectionId,
          scheduledAt: new Date(clock.now().getTime() + 2 * HOUR).toISOString(),
        }),
      ));
      const body = campaignBody({
        name: "Promoção 2",
        contactListId: listId,
        whatsappId: env.connectionId,
        scheduledAt: campaign.scheduledAt,
      });
      assert.equal(
        (await ok(admin("PUT", `/api/campaigns/${campaign.id}`, body))).name,
        "Promoção 2",
      );
      clock.advance(HOUR + SECOND);
      const late = await answer(await admin("PUT", `/api/campaigns/${campaign.id}`, body));
      assert.equal(late.status, 409);
      assert.equal(late.body.error, "ERR_CAMPAIGN_NOT_EDITABLE");
      const draft = await ok(admin("POST", "/api/campaigns", campaignBody({ name: "Rascunho" })));
      assert.equal(draft.status, "INATIVA");
      const edited = await ok(
        admin("PUT", `/api/campaigns/${draft.id}`, campaignBody({ name: "Rascunho 2" })),
      );
      assert.equal(edited.status, "INATIVA");
      await ok(admin("DELETE", `/api/campaigns/${draft.id}`));
    });
  } finally {
    await env.close();
  }
});

Deno.test("[api] campaigns: tag lists, replies and tickets, pause, two sweeps", async (t) => {
  const env = await openCampaignEnv();
  const { db, admin, ok, clock } = env;
  try {
    await env.setPacing(0);
    await t.step("a tag list sends to the contacts of the tag's tickets", async () => {
      await ok(admin("POST", `/api/sandbox/${env.connectionId}/inbound`, {
        number: "5511987657001",
        name: "Sara",
        body: "Oi",
      }));
      const ticket = await db.one<{ id: number; status: string; userId: number | null }>(sql`
        select t.id, t.status, t.user_id as "userId" from tickets t
        join contacts c on c.id = t.contact_id where c.number = '5511987657001'`);
      // The agent takes the conversation: it is open and must stay so.
      await ok(admin("PUT", `/api/tickets/${ticket.id}`, { status: "open" }));
      const tag = await ok(admin("POST", "/api/tags", { name: "VIP", color: "#aa0000" }));
      await db.run(sql`insert into ticket_tags (ticket_id, tag_id, company_id)
                       values (${ticket.id}, ${tag.id}, ${env.companyId})`);
      const campaign = await ok(admin(
        "POST",
        "/api/campaigns",
        campaignBody({
          tagListId: tag.id,
          whatsappId: env.connectionId,
          scheduledAt: clock.now().toISOString(),
        }),
      ));
      assert.ok(campaign.contactListId);
      assert.match(campaign.contactList.name, /TAG: VIP/);
      await env.sweep();
      await env.drain();
      assert.equal((await env.received("5511987657001")).length, 1);
      const after = await db.one<{ status: string; n: number }>(sql`
        select status, (select count(*)::int from tickets t2 where t2.contact_id = t.contact_id) as n
        from tickets t where t.id = ${ticket.id}`);
      assert.deepEqual(after, { status: "open", n: 1 }, "the open ticket is left as it was");
      // The customer answers in the open conversation: it stays the same ticket, still open.
      await ok(admin("POST", `/api/sandbox/${env.connectionId}/inbound`, {
        number: "5511987657001",
        name: "Sara",
        body: "Obrigada!",
      }));
      const still = await db.one<{ status: string; n: number }>(sql`
        select status, (select count(*)::int from tickets t2 where t2.contact_id = t.contact_id) as n
        from tickets t where t.id = ${ticket.id}`);
      assert.deepEqual(still, { status: "open", n: 1 });
    });

    await t.step(
      "a reply from someone without a ticket opens a pending one under the campaign message",
      async () => {
        const listId = await env.makeList("Novos", [["Téo", "11987658001"]]);
        await ok(admin(
          "POST",
          "/api/campaigns",
          campaignBody({
            contactListId: listId,
            whatsappId: env.connectionId,
            scheduledAt: clock.now().toISOString(),
          }),
        ));
        await env.sweep();
        await env.drain();
        assert.equal(
          (await db.query(sql`select 1 from contacts where number = '5511987658001'`)).length,
          0,
          "sending made no contact and no ticket",
        );
        await ok(admin("POST", `/api/sandbox/${env.connectionId}/inbound`, {
          number: "5511987658001",
          name: "Téo",
          body: "Quero saber mais",
        }));
        const ticket = await db.one<{ id: number; status: string }>(sql`
        select t.id, t.status from tickets t join contacts c on c.id = t.contact_id
        where c.number = '5511987658001'`);
        assert.equal(ticket.status, "pending");
        const messages = await db.query<{ body: string; fromMe: boolean }>(sql`
        select body, from_me as "fromMe" from messages where ticket_id = ${ticket.id}
        order by created_at, id`);
        assert.deepEqual(messages, [
          { body: "Olá Téo, oferta para 5511987658001", fromMe: true },
          { body: "Quero saber mais", fromMe: false },
        ]);
      },
    );

    await t.step("a lost connection pauses; its return resumes with the spacing", async () => {
      await env.setPacing(5);
      const listId = await env.makeList("Pausa", [
        ["Ugo", "11987659001"],
        ["Vera", "11987659002"],
        ["Wil", "11987659003"],
      ]);
      const campaign = await ok(admin(
        "POST",
        "/api/campaigns",
        campaignBody({
          contactListId: listId,
          whatsappId: env.connectionId,
          scheduledAt: clock.now().toISOString(),
        }),
      ));
      await env.sweep();
      await env.drain();
      await db.run(
        sql`update whatsapps set status = 'DISCONNECTED' where id = ${env.connectionId}`,
      );
      clock.advance(HOUR);
      await env.sweep();
      let shown = await ok(admin("GET", `/api/campaigns/${campaign.id}`));
      assert.ok(shown.pausedAt, "paused");
      const queued = await db.one<{ n: number }>(sql`
        select count(queued_at)::int as n from campaign_shippings where campaign_id = ${campaign.id}`);
      assert.equal(queued.n, 1);
      await db.run(sql`update whatsapps set status = 'CONNECTED' where id = ${env.connectionId}`);
      await env.sweep();
      shown = await ok(admin("GET", `/api/campaigns/${campaign.id}`));
      assert.equal(shown.pausedAt, null);
      const plan = await db.query<{ at: Date }>(sql`
        select planned_at as at from campaign_shippings
        where campaign_id = ${campaign.id} and queued_at is null order by position`);
      assert.deepEqual(
        plan.map((p) => new Date(p.at).getTime() - clock.now().getTime()),
        [5 * SECOND],
      );
    });

    await t.step("two sweeps at once queue each shipment once", async () => {
      await env.setPacing(0);
      const people: [string, string][] = Array.from({ length: 40 }, (_, i) => [
        `Pessoa ${i}`,
        `119876${String(60001 + i)}`,
      ]);
      const listId = await env.makeList("Duas", people);
      const campaign = await ok(admin(
        "POST",
        "/api/campaigns",
        campaignBody({
          contactListId: listId,
          whatsappId: env.connectionId,
          scheduledAt: clock.now().toISOString(),
        }),
      ));
      const other = { ...env.services, db: env.db };
      await Promise.all([env.sweep(), sweepCampaigns(other), env.sweep()]);
      await env.drain();
      const counts = await db.query<{ n: number }>(sql`
        select count(*)::int as n from sandbox_messages
        where whatsapp_id = ${env.connectionId} and direction = 'out'
          and number like '55119876600%'
        group by number`);
      assert.equal(counts.length, 40);
      assert.ok(counts.every((c) => c.n === 1));
      const shown = await ok(admin("GET", `/api/campaigns/${campaign.id}`));
      assert.equal(shown.status, "FINALIZADA");
    });
  } finally {
    await env.close();
  }
});
