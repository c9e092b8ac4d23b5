/**
 * The conversation flow end to end through the sandbox phone (issue 17): the queue chatbot
 * (greeting and menu, a three-level options tree, invalid answers, `#`, one queue,
 * maxUseBotQueues), out of hours by company and by queue schedule, the timers as jobs on a
 * fake clock (transfer, expiry, rating window, each surviving a restart of the job runner),
 * resolve with the completion message and the rating, the "Sem fila" filter, tracking rows,
 * a bot's echo changing nothing, and calls refused when the company turned them off.
 */
import assert from "node:assert/strict";
import { FakeClock } from "../../lib/clock.ts";
import { sql } from "../../lib/db/mod.ts";
import { conversationFlowHook } from "../../services/automation/mod.ts";
import { createInboundPipeline } from "../../services/tickets/mod.ts";
import { answer } from "../helpers/api_as.ts";
import { openTicketEnv } from "../helpers/ticket_env.ts";

const MINUTE = 60_000;

Deno.test("[api] conversation flow: chatbot, hours, timers, rating", async (t) => {
  // Monday 10:00 on the server's clock (opening hours are local time).
  const clock = new FakeClock(new Date(2026, 0, 5, 10, 0));
  const env = await openTicketEnv({ clock });
  const { db, hub, whatsapp, companyId, connectionId, queues } = env;
  const { asAdmin } = env;
  const call = async (method: string, path: string, body?: unknown) =>
    await answer(await asAdmin(method, path, body));
  const setting = (key: string, value: string) =>
    db.run(sql`insert into settings (company_id, key, value) values (${companyId}, ${key}, ${value})
               on conflict (company_id, key) do update set value = excluded.value`);
  const connection = (changes: Record<string, string | number | null>) =>
    db.run(
      sql`update whatsapps set ${
        sql.join(
          Object.entries(changes).map(([column, value]) => sql`${sql.raw(column)} = ${value}`),
        )
      } where id = ${connectionId}`,
    );
  const linkQueues = async (...ids: number[]) => {
    await db.run(sql`delete from whatsapp_queues where whatsapp_id = ${connectionId}`);
    for (const id of ids) {
      await db.run(sql`insert into whatsapp_queues (company_id, whatsapp_id, queue_id)
                       values (${companyId}, ${connectionId}, ${id})`);
    }
  };
  /** The customer writes; their phone's inbox is read after the outbox has sent. */
  const writes = async (number: string, body: string) => {
    const res = await call("POST", `/api/sandbox/${connectionId}/inbound`, {
      number,
      name: `Cliente ${number.slice(-4)}`,
      body,
    });
    assert.equal(res.status, 201, JSON.stringify(res.body));
  };
  const seen = new Map<string, number>();
  /** What the customer received since last asked. */
  const inbox = async (number: string): Promise<string[]> => {
    await whatsapp.drainOutbox(connectionId);
    const res = await call("GET", `/api/sandbox/${connectionId}/outbound?number=${number}`);
    const all = (res.body.messages as { body: string }[]).map((m) => m.body);
    const fresh = all.slice(seen.get(number) ?? 0);
    seen.set(number, all.length);
    return fresh;
  };
  const ticketOf = (number: string) =>
    db.one<
      {
        id: number;
        status: string;
        queue_id: number | null;
        user_id: number | null;
        chatbot: boolean;
        bot_rounds: number;
        rating_asked_at: Date | null;
      }
    >(sql`
      select t.id, t.status, t.queue_id, t.user_id, t.chatbot, t.bot_rounds, t.rating_asked_at
      from tickets t join contacts c on c.id = t.contact_id
      where t.company_id = ${companyId} and c.number = ${number}
      order by t.id desc limit 1`);
  const put = (id: number, body: unknown) => call("PUT", `/api/tickets/${id}`, body);
  let runner = env.jobRunner();

  // The connection's texts, two queues in the menu, and Suporte's three-level options tree.
  await connection({
    greeting_message: "{{ms}}! Bem-vindo à Loja.",
    complation_message: "Atendimento encerrado. Obrigado, {{firstName}}!",
    out_of_hours_message: "Estamos fechados agora.",
    rating_message: "Sua opinião importa.",
    expires_inactive_message: "Encerramos por inatividade.",
  });
  await db.run(sql`update queues set order_queue = 1, greeting_message = 'Um vendedor já vem.'
                   where id = ${queues.sales}`);
  await db.run(sql`update queues set order_queue = 2, greeting_message = 'Suporte técnico:',
                   out_of_hours_message = 'O suporte atende das 8h às 18h.'
                   where id = ${queues.support}`);
  // Suporte's tree saved as the queue dialog saves it; "Financeiro" is a leaf that forwards.
  const tree = await call("PUT", `/api/queue/${queues.support}`, {
    options: [
      {
        title: "Internet",
        message: "Sobre a internet:",
        children: [
          {
            title: "Lenta",
            message: "Qual é o seu plano?",
            children: [{ title: "100 mega", message: "Reinicie o roteador e aguarde um técnico." }],
          },
          { title: "Sem sinal", message: "Um técnico vai te atender." },
        ],
      },
      {
        title: "Financeiro",
        message: "Vou te passar para o comercial.",
        forwardQueueId: queues.sales,
      },
    ],
  });
  assert.equal(tree.status, 200, JSON.stringify(tree.body));
  await linkQueues(queues.sales, queues.support);

  const mainMenu = "Bom dia! Bem-vindo à Loja.\n\n*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte";
  const internetMenu = "Sobre a internet:\n\n*[ 1 ]* - Lenta\n*[ 2 ]* - Sem sinal\n" +
    "*[ 0 ]* - Menu anterior\n*[ # ]* - Menu inicial";

  try {
    await t.step("first message: the greeting and the numbered queues", async () => {
      await writes("5511900000001", "Oi");
      assert.deepEqual(await inbox("5511900000001"), [mainMenu]);
      const ticket = await ticketOf("5511900000001");
      assert.deepEqual([ticket.status, ticket.queue_id, ticket.user_id], ["pending", null, null]);
    });

    await t.step("2, then two levels down, back, invalid, #", async () => {
      const number = "5511900000001";
      hub.sent.length = 0;
      await writes(number, "2");
      assert.deepEqual(await inbox(number), [
        "Suporte técnico:\n\n*[ 1 ]* - Internet\n*[ 2 ]* - Financeiro\n*[ # ]* - Menu inicial",
      ]);
      const ticket = await ticketOf(number);
      assert.equal(ticket.queue_id, queues.support);
      assert.equal(ticket.chatbot, true);
      // The ticket screens see the queue the customer chose, live.
      const update = hub.sent.find((m) =>
        m.channel === `company-${companyId}-ticket` && m.data.action === "update" &&
        m.data.ticket.id === ticket.id && m.data.ticket.queue?.id === queues.support
      );
      assert.ok(update, "a live update with the chosen queue");

      await writes(number, "1");
      assert.deepEqual(await inbox(number), [internetMenu]);
      await writes(number, "1");
      assert.deepEqual(await inbox(number), [
        "Qual é o seu plano?\n\n*[ 1 ]* - 100 mega\n*[ 0 ]* - Menu anterior\n*[ # ]* - Menu inicial",
      ]);
      await writes(number, "0");
      assert.deepEqual(await inbox(number), [internetMenu]);
      await writes(number, "9");
      assert.deepEqual(await inbox(number), [
        `Opção inválida, por favor, escolha uma opção válida.\n\n${internetMenu}`,
      ]);
      await writes(number, "#");
      assert.deepEqual(await inbox(number), [mainMenu]);
      const home = await ticketOf(number);
      assert.deepEqual([home.queue_id, home.chatbot], [null, false]);
    });

    await t.step("a leaf naming a queue moves the ticket there and ends the bot", async () => {
      const number = "5511900000001";
      await writes(number, "2");
      await inbox(number);
      await writes(number, "2");
      assert.deepEqual(await inbox(number), ["Vou te passar para o comercial."]);
      const ticket = await ticketOf(number);
      assert.deepEqual([ticket.queue_id, ticket.chatbot, ticket.status], [
        queues.sales,
        false,
        "pending",
      ]);
      await writes(number, "alguém aí?");
      assert.deepEqual(await inbox(number), [], "the bot is quiet once a person is due");
    });

    await t.step("an invalid first answer repeats the menu; maxUseBotQueues stops it", async () => {
      await connection({ max_use_bot_queues: 2 });
      const number = "5511900000002";
      await writes(number, "Boa tarde");
      assert.deepEqual(await inbox(number), [mainMenu]);
      await writes(number, "quero falar com alguém");
      assert.deepEqual(await inbox(number), [
        `Opção inválida, por favor, escolha uma opção válida.\n\n${mainMenu}`,
      ]);
      await writes(number, "???");
      assert.deepEqual(await inbox(number), []);
      const ticket = await ticketOf(number);
      assert.deepEqual([ticket.status, ticket.queue_id, ticket.bot_rounds], ["pending", null, 2]);
      await connection({ max_use_bot_queues: 3 });
    });

    await t.step("one queue: the ticket joins it at once, greeted when asked", async () => {
      await linkQueues(queues.sales);
      await setting("sendGreetingMessageOneQueues", "enabled");
      const number = "5511900000003";
      await writes(number, "Olá");
      assert.deepEqual(await inbox(number), ["Bom dia! Bem-vindo à Loja.", "Um vendedor já vem."]);
      assert.equal((await ticketOf(number)).queue_id, queues.sales);
      await setting("sendGreetingMessageOneQueues", "disabled");
      await linkQueues(queues.sales, queues.support);
    });

    await t.step("a bot's echo is stored once and changes nothing", async () => {
      const number = "5511900000002";
      const before = await ticketOf(number);
      const botMessage = await db.one<{ wid: string; origin: string }>(sql`
        select wid, origin from messages where ticket_id = ${before.id} and from_me
        order by id desc limit 1`);
      assert.equal(botMessage.origin, "bot");
      const pipeline = createInboundPipeline(env.services, [conversationFlowHook(env.services)]);
      const echoed = await pipeline({
        type: "message",
        companyId,
        connectionId,
        message: {
          messageId: botMessage.wid,
          chat: { number, lid: null, name: "", isGroup: false },
          sender: { number, lid: null, name: "", isGroup: false },
          fromMe: true,
          timestamp: new Date(),
          body: "whatever",
          isHistory: false,
        },
      });
      assert.equal(echoed, undefined);
      const after = await ticketOf(number);
      assert.deepEqual(after, before);
      // Nothing of the bot's counts as an agent's reply: no invisible marks in the text.
      const marked = await db.one<{ n: number }>(sql`
        select count(*)::int as n from messages where company_id = ${companyId}
          and body ~ '[\u200b-\u200f]'`);
      assert.equal(marked.n, 0);
    });

    await t.step("'Sem fila': the list filter for tickets without a queue", async () => {
      const res = await call("GET", "/api/tickets?queueIds=0&showAll=true&status=pending");
      assert.equal(res.status, 200);
      const ids = res.body.tickets.map((ticket: { id: number }) => ticket.id);
      assert.ok(ids.includes((await ticketOf("5511900000002")).id));
      assert.ok(res.body.tickets.every((ticket: { queueId: number | null }) => !ticket.queueId));
      const both = await call("GET", `/api/tickets?queueIds=0,${queues.sales}&showAll=true`);
      assert.ok(
        both.body.tickets.some((ticket: { queueId: number }) => ticket.queueId === queues.sales),
      );
      // An agent with allTicket sees the waiting ones without a queue.
      const waiting = (await ticketOf("5511900000002")).id;
      const agent = await answer(await env.asAgent("GET", "/api/tickets?queueIds=0"));
      assert.ok(agent.body.tickets.some((ticket: { id: number }) => ticket.id === waiting));
    });

    await t.step("out of hours by company schedule: said once per closed stretch", async () => {
      await setting("scheduleType", "company");
      await db.run(sql`update companies set schedules = ${
        JSON.stringify([
          { weekday: "Segunda-feira", weekdayEn: "monday", startTime: "08:00", endTime: "18:00" },
          { weekday: "Terça-feira", weekdayEn: "tuesday", startTime: "08:00", endTime: "18:00" },
        ])
      }::text::jsonb where id = ${companyId}`);
      clock.set(new Date(2026, 0, 5, 20, 0)); // Monday 20:00
      const number = "5511900000004";
      await writes(number, "Oi");
      assert.deepEqual(await inbox(number), ["Estamos fechados agora."]);
      await writes(number, "?");
      clock.set(new Date(2026, 0, 6, 7, 30)); // Tuesday 07:30: still the same night
      await writes(number, "alô");
      assert.deepEqual(await inbox(number), []);
      clock.set(new Date(2026, 0, 6, 19, 0)); // Tuesday 19:00: another closed stretch
      await writes(number, "alô?");
      assert.deepEqual(await inbox(number), ["Estamos fechados agora."]);
      const ticket = await ticketOf(number);
      assert.deepEqual([ticket.status, ticket.queue_id], ["pending", null]);
      clock.set(new Date(2026, 0, 6, 10, 0)); // open again
      clock.set(new Date(2026, 0, 7, 10, 0)); // Wednesday: not in the week, closed
      await writes("5511900000005", "Oi");
      assert.deepEqual(await inbox("5511900000005"), ["Estamos fechados agora."]);
    });

    await t.step("out of hours by queue schedule: the chosen queue's message", async () => {
      await setting("scheduleType", "queue");
      clock.set(new Date(2026, 0, 5, 19, 0)); // Monday 19:00: the default week is closed
      const number = "5511900000006";
      await writes(number, "Oi");
      assert.deepEqual(await inbox(number), [mainMenu.replace("Bom dia", "Boa noite")]);
      await writes(number, "2");
      assert.deepEqual(await inbox(number), ["O suporte atende das 8h às 18h."]);
      const ticket = await ticketOf(number);
      assert.deepEqual([ticket.status, ticket.queue_id], ["pending", queues.support]);
      await writes(number, "e agora?");
      assert.deepEqual(await inbox(number), []);
      await setting("scheduleType", "disabled");
      clock.set(new Date(2026, 0, 5, 10, 0));
    });

    await t.step("timeToTransfer: moves a waiting ticket once, across a restart", async () => {
      await connection({ time_to_transfer: 5, transfer_queue_id: queues.support });
      const number = "5511900000007";
      await writes(number, "Oi");
      await inbox(number);
      clock.advance(2 * MINUTE);
      await runner.tick();
      assert.equal((await ticketOf(number)).queue_id, null);
      // The job runner stops (a restart) before the time, and a new one takes over.
      await runner.stop();
      runner = env.jobRunner();
      clock.advance(3 * MINUTE);
      await runner.tick();
      const moved = await ticketOf(number);
      assert.deepEqual([moved.queue_id, moved.status, moved.chatbot], [
        queues.support,
        "pending",
        false,
      ]);
      await runner.tick();
      const jobs = await db.one<{ n: number }>(sql`
        select count(*)::int as n from jobs where unique_key = ${`ticket.transfer:${moved.id}`}
          and status = 'done'`);
      assert.equal(jobs.n, 1);
    });

    await t.step("timeToTransfer is called off when someone accepts", async () => {
      const number = "5511900000008";
      await writes(number, "Oi");
      const ticket = await ticketOf(number);
      assert.equal((await put(ticket.id, { status: "open" })).status, 200);
      clock.advance(10 * MINUTE);
      await runner.tick();
      assert.deepEqual((await ticketOf(number)).queue_id, null);
      await connection({ time_to_transfer: 0, transfer_queue_id: null });
    });

    await t.step("expiresTicket: customer silence closes, re-armed by each message", async () => {
      await connection({ expires_ticket: 10 });
      const number = "5511900000009";
      await writes(number, "Oi");
      const ticket = await ticketOf(number);
      await put(ticket.id, { status: "open" });
      await inbox(number);
      clock.advance(6 * MINUTE);
      await writes(number, "ainda estou aqui");
      clock.advance(6 * MINUTE);
      await runner.tick();
      assert.equal((await ticketOf(number)).status, "open");
      await runner.stop();
      runner = env.jobRunner();
      clock.advance(5 * MINUTE);
      await runner.tick();
      await runner.tick();
      assert.equal((await ticketOf(number)).status, "closed");
      assert.deepEqual(await inbox(number), ["Encerramos por inatividade."]);
      await connection({ expires_ticket: 0 });
    });

    await t.step("resolve: the completion message, and a tracking row", async () => {
      const number = "5511900000010";
      await writes(number, "Oi");
      const ticket = await ticketOf(number);
      await put(ticket.id, { status: "open" });
      await inbox(number);
      clock.advance(4 * MINUTE);
      assert.equal((await put(ticket.id, { status: "closed" })).status, 200);
      assert.deepEqual(await inbox(number), ["Atendimento encerrado. Obrigado, Cliente!"]);
      const row = await db.one<Record<string, unknown>>(sql`
        select created_at, accepted_at, finished_at, user_id from ticket_tracking
        where ticket_id = ${ticket.id}`);
      assert.equal(row.user_id, env.users.admin.id);
      assert.ok(row.created_at && row.accepted_at && row.finished_at);
      assert.equal(
        new Date(row.finished_at as string).getTime() -
          new Date(row.accepted_at as string).getTime(),
        4 * MINUTE,
      );
    });

    await t.step("rating: the question; an invalid answer; then 3 is stored", async () => {
      await setting("userRating", "enabled");
      const number = "5511900000011";
      await writes(number, "Oi");
      const ticket = await ticketOf(number);
      await put(ticket.id, { status: "open" });
      await inbox(number);
      await put(ticket.id, { status: "closed" });
      const question = "Digite de 1 a 3 para qualificar nosso atendimento:\n*1* - Insatisfeito\n" +
        "*2* - Satisfeito\n*3* - Muito Satisfeito";
      assert.deepEqual(await inbox(number), [`Sua opinião importa.\n\n${question}`]);
      const waiting = await ticketOf(number);
      assert.equal(waiting.status, "closed");
      assert.ok(waiting.rating_asked_at);
      await writes(number, "ótimo");
      assert.deepEqual(await inbox(number), [
        `Não entendi sua avaliação. Por favor, responda apenas com 1, 2 ou 3.\n\n${question}`,
      ]);
      await writes(number, "3");
      assert.deepEqual(await inbox(number), [
        "Obrigado pela sua avaliação!",
        "Atendimento encerrado. Obrigado, Cliente!",
      ]);
      const rating = await db.one<{ rate: number; user_id: number; body: string }>(sql`
        select r.rate, r.user_id, m.body from ticket_ratings r join messages m on m.id = r.message_id
        where r.ticket_id = ${ticket.id}`);
      assert.deepEqual(rating, { rate: 3, user_id: env.users.admin.id, body: "3" });
      const tracked = await db.one<{ rating: number; rated_at: Date | null }>(sql`
        select rating, rated_at from ticket_tracking where ticket_id = ${ticket.id}`);
      assert.equal(tracked.rating, 3);
      const after = await ticketOf(number);
      assert.deepEqual([after.id, after.status, after.rating_asked_at], [
        ticket.id,
        "closed",
        null,
      ]);
    });

    await t.step("rating: no answer within the window closes it anyway", async () => {
      const number = "5511900000012";
      await writes(number, "Oi");
      const ticket = await ticketOf(number);
      await put(ticket.id, { status: "open" });
      await put(ticket.id, { status: "closed" });
      await inbox(number);
      clock.advance(30 * MINUTE);
      await runner.stop();
      runner = env.jobRunner();
      clock.advance(31 * MINUTE);
      await runner.tick();
      await runner.tick();
      assert.deepEqual(await inbox(number), ["Atendimento encerrado. Obrigado, Cliente!"]);
      assert.equal((await ticketOf(number)).rating_asked_at, null);
      // The next message starts a new conversation with the bot.
      await writes(number, "Oi de novo");
      const fresh = await ticketOf(number);
      assert.notEqual(fresh.id, ticket.id);
      assert.equal(fresh.status, "pending");
      assert.deepEqual(await inbox(number), [mainMenu]);
    });

    await t.step(
      "rating: a second answer that is no rating starts a new conversation",
      async () => {
        const number = "5511900000013";
        await writes(number, "Oi");
        const ticket = await ticketOf(number);
        await put(ticket.id, { status: "open" });
        await put(ticket.id, { status: "closed" });
        await writes(number, "não sei");
        await writes(number, "preciso de outra coisa");
        const fresh = await ticketOf(number);
        assert.notEqual(fresh.id, ticket.id);
        assert.equal(fresh.status, "pending");
        const moved = await db.one<{ ticket_id: number }>(sql`
        select ticket_id from messages where body = 'preciso de outra coisa'`);
        assert.equal(moved.ticket_id, fresh.id);
        const ratings = await db.one<{ n: number }>(sql`
        select count(*)::int as n from ticket_ratings where ticket_id = ${ticket.id}`);
        assert.equal(ratings.n, 0);
        await setting("userRating", "disabled");
      },
    );

    await t.step("greeting on accept and notice on transfer, with their variables", async () => {
      await setting("sendGreetingAccepted", "enabled");
      await setting("sendMsgTransfTicket", "enabled");
      const number = "5511900000014";
      await writes(number, "Oi");
      const ticket = await ticketOf(number);
      await inbox(number);
      await put(ticket.id, { status: "open" });
      const admin = await db.one<{ name: string }>(sql`
        select name from users where id = ${env.users.admin.id}`);
      assert.deepEqual(await inbox(number), [
        `Bom dia *Cliente 0014*, meu nome é *${admin.name}* e agora vou prosseguir com seu atendimento!`,
      ]);
      await put(ticket.id, { queueId: queues.support, status: "pending" });
      assert.deepEqual(await inbox(number), [
        "*Mensagem automática*: Você foi transferido para o departamento *Suporte*, aguarde, já vamos te atender!",
      ]);
      const tracked = await db.one<{ transferred_at: Date | null; queue_id: number }>(sql`
        select transferred_at, queue_id from ticket_tracking where ticket_id = ${ticket.id}`);
      assert.ok(tracked.transferred_at);
      assert.equal(tracked.queue_id, queues.support);
    });
    await t.step(
      "call disabled: the call is refused, the caller told, the miss shown",
      async () => {
        const number = "5511900000015";
        await setting("call", "enabled");
        const rings = await call("POST", `/api/sandbox/${connectionId}/call`, { number });
        assert.equal(rings.status, 201);
        const phone = whatsapp.localProvider(connectionId) as unknown as {
          rejectedCalls: string[];
        };
        assert.deepEqual(phone.rejectedCalls, []);
        assert.deepEqual(await inbox(number), []);
        await setting("call", "disabled");
        await call("POST", `/api/sandbox/${connectionId}/call`, { number, isVideo: true });
        assert.equal(phone.rejectedCalls.length, 1);
        assert.deepEqual(await inbox(number), [
          "*Mensagem automática*: As chamadas de voz e vídeo estão desabilitadas para este " +
          "WhatsApp. Por favor, envie uma mensagem de texto. Obrigado!",
        ]);
        const missed = await db.one<{ media_type: string; body: string; status: string }>(sql`
        select m.media_type, m.body, t.status from messages m join tickets t on t.id = m.ticket_id
        where m.company_id = ${companyId} and m.media_type = 'call_log'`);
        assert.equal(missed.media_type, "call_log");
        assert.match(missed.body, /^Chamada de vídeo perdida às \d\d:\d\d$/);
        assert.equal(missed.status, "pending");
      },
    );
  } finally {
    await runner.stop();
    await env.close();
  }
});
