/**
 * Queue integrations through the sandbox phone (issue 18 item 3), against local fakes of
 * each outside service: a signed webhook whose reply answers and closes the ticket (after a
 * failure retried with backoff), a Typebot choice then a `#{"queueId":…}` transfer that
 * really stops the bot, a Dialogflow agent with a locally signed token, and a provider that
 * never answers leaving the ticket to a person. The Typebot fake is a small engine of its own
 * (fake_typebot.ts): a flow with a client-side Set variable, a pausing Wait and an end runs
 * through, and the next message starts it again.
 */
import assert from "node:assert/strict";
import { exportPKCS8, exportSPKI, generateKeyPair } from "jose";
import { sql } from "../../lib/db/mod.ts";
import { FakeClock } from "../../lib/clock.ts";
import { outboundFetch, type OutboundOptions } from "../../lib/net/outbound.ts";
import { INTEGRATION_JOB } from "../../services/integrations/runtime.ts";
import type { SandboxProvider } from "../../services/whatsapp/sandbox/provider.ts";
import { AI_REPLY_JOB } from "../../services/prompts/agent.ts";
import { answer } from "../helpers/api_as.ts";
import { startFakeIntegrations } from "../helpers/fake_integrations.ts";
import { openTicketEnv, waitFor } from "../helpers/ticket_env.ts";

const fake = startFakeIntegrations();
const clock = new FakeClock(new Date("2026-03-02T13:00:00Z"));
const env = await openTicketEnv({
  clock,
  env: {
    ALLOW_PRIVATE_HOSTS: new URL(fake.baseUrl).host,
    DIALOGFLOW_URL: fake.baseUrl,
    DIALOGFLOW_REGIONAL_URL: `${fake.baseUrl}/regional/{region}`,
  },
});
fake.now = () => clock.now();
const { db, asAdmin, customerWrites, connectionId, queues } = env;
const jobs = env.jobRunner();
Deno.test.afterAll(async () => {
  await env.close();
  await fake.close();
});

async function createIntegration(body: Record<string, unknown>) {
  const made = await answer(await asAdmin("POST", "/api/queueIntegration", body));
  assert.equal(made.status, 200, JSON.stringify(made.body));
  return made.body;
}

/** The sandbox connection (which has no queues) hands its customers to this integration. */
async function attachToConnection(integrationId: number) {
  const linked = await answer(
    await asAdmin("PUT", `/api/whatsapp/${connectionId}`, { integrationId }),
  );
  assert.equal(linked.status, 200, JSON.stringify(linked.body));
}

/** Runs the integration jobs that are due until none is left. */
async function runJobs() {
  await waitFor(async () => {
    const queued = await db.maybeOne(sql`select 1 from jobs
      where kind = ${INTEGRATION_JOB} and status = 'queued'`);
    return queued ? true : undefined;
  }, "the integration job");
  while ((await jobs.tick()).claimed > 0) { /* until the due ones are done */ }
}

/**
 * The sandbox phone, each of whose sends to `number` notes how many "typing…" states that
 * chat was shown before it.
 */
function watchPhone(number: string) {
  const phone = env.whatsapp.localProvider(connectionId) as SandboxProvider;
  const send = phone.send;
  const presences = () => phone.presences.filter((p) => p.number === number).map((p) => p.presence);
  const sends: { body: string; presencesBefore: number }[] = [];
  phone.send = (message) => {
    if (message.to.number === number) {
      sends.push({ body: message.body, presencesBefore: presences().length });
    }
    return send(message);
  };
  return { presences, sends, restore: () => phone.send = send };
}

/** A service account whose key the fake token endpoint checks assertions with. */
async function serviceAccount() {
  if (!cachedAccount) {
    const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
    fake.publicKeyPem = await exportSPKI(publicKey);
    cachedAccount = {
      type: "service_account",
      client_email: "bot@balcao-test.iam.gserviceaccount.com",
      private_key: await exportPKCS8(privateKey),
      token_uri: `${fake.baseUrl}/token`,
    };
  }
  return cachedAccount;
}
let cachedAccount: Record<string, string> | undefined;

async function messagesOf(ticketId: number) {
  return await db.query<{ body: string; from_me: boolean; origin: string | null }>(sql`
    select body, from_me, origin from messages where ticket_id = ${ticketId} order by id`);
}

async function ticketOf(id: number) {
  return (await answer(await asAdmin("GET", `/api/tickets/${id}`))).body;
}

Deno.test("[integrations] a signed webhook event, retried after a 503, whose reply answers and closes", async () => {
  const hook = await createIntegration({
    type: "webhook",
    name: "CRM",
    urlN8N: `${fake.baseUrl}/hook`,
  });
  assert.match(hook.hmacSecret, /^[0-9a-f]{64}$/);
  fake.webhookSecret = hook.hmacSecret;
  await attachToConnection(hook.id);
  // A prompt on the same connection stays quiet: the integration answers, not both bots.
  const prompt = await answer(
    await asAdmin("POST", "/api/prompt", {
      name: "Assistente",
      prompt: "Você atende a Loja.",
      apiKey: "sk-quiet-key-00000001",
      queueId: queues.sales,
    }),
  );
  assert.equal(prompt.status, 200, JSON.stringify(prompt.body));
  const both = await answer(
    await asAdmin("PUT", `/api/whatsapp/${connectionId}`, { promptId: prompt.body.id }),
  );
  assert.equal(both.status, 200, JSON.stringify(both.body));
  let calls = 0;
  fake.webhookReply = () =>
    ++calls === 1
      ? { status: 503, body: {} }
      : { status: 200, body: { reply: "Pedido 42 a caminho. Até logo!", close: true } };

  const ticket = await customerWrites("5511966660001", "Ana Souza", "Cadê meu pedido?");
  await runJobs();
  assert.equal(fake.webhookCalls.length, 1);
  assert.equal((await ticketOf(ticket.id)).status, "pending", "the 503 is retried later");
  clock.advance(1_500);
  while ((await jobs.tick()).claimed > 0) { /* the retry */ }

  assert.equal(fake.webhookCalls.length, 2);
  const event = fake.webhookCalls[1]!;
  assert.ok(event.signatureOk, "X-Balcao-Signature is the HMAC of the body");
  assert.equal(event.body.event, "message.received");
  assert.deepEqual(event.body.contact, {
    id: ticket.contact.id,
    name: "Ana Souza",
    number: "5511966660001",
  });
  assert.equal((event.body.message as { body: string }).body, "Cadê meu pedido?");
  assert.equal((event.body.ticket as { id: number }).id, ticket.id);
  assert.equal("key" in (event.body.message as object), false, "not the provider's object");

  assert.deepEqual(await messagesOf(ticket.id), [
    { body: "Cadê meu pedido?", from_me: false, origin: null },
    { body: "Pedido 42 a caminho. Até logo!", from_me: true, origin: "bot" },
  ]);
  assert.equal((await ticketOf(ticket.id)).status, "closed");
  assert.equal(
    await db.maybeOne(sql`select 1 from jobs where kind = ${AI_REPLY_JOB}`),
    undefined,
    "the prompt beside the integration queued no AI answer",
  );
  await asAdmin("PUT", `/api/whatsapp/${connectionId}`, { promptId: null });

  // A receiver that checks with an old secret fails once the secret is rotated.
  const rotated = await answer(await asAdmin("POST", `/api/queueIntegration/${hook.id}/secret`));
  assert.equal(rotated.status, 200);
  assert.notEqual(rotated.body.hmacSecret, hook.hmacSecret);
});

Deno.test("[integrations] Typebot: choices as numbered lines, then #{queueId} transfers and stops the bot", async () => {
  const bot = await createIntegration({
    type: "typebot",
    name: "Triagem",
    urlN8N: `${fake.baseUrl}/typebot`,
    typebotSlug: "triagem-abc",
    typebotDelayMessage: 0,
    typebotUnknownMessage: "Não entendi.",
  });
  assert.equal(bot.projectName, "Triagem", "admin §5: the project name is the name");
  await attachToConnection(bot.id);
  fake.typebot.flows["triagem-abc"] = [
    { richText: [{ type: "p", children: [{ text: "Olá " }, { text: "Bruno", bold: true }] }] },
    { choice: { variable: "setor", items: ["Vendas", "Suporte"] } },
    { text: "Um momento." },
    { text: `#{"queueId":${queues.support}}` },
  ];

  const ticket = await customerWrites("5511966660002", "Bruno Lima", "Oi");
  await runJobs();
  const calls = fake.typebot.calls;
  assert.equal(calls[0]!.path, "/api/v1/typebots/triagem-abc/startChat");
  assert.deepEqual(calls[0]!.body, {
    prefilledVariables: { number: "5511966660002", pushName: "Bruno Lima" },
  });
  await customerWrites("5511966660002", "Bruno Lima", "2");
  await runJobs();
  const second = calls[1]!;
  assert.match(second.path, /^\/api\/v1\/sessions\/tb-session-\d+\/continueChat$/);
  assert.deepEqual(second.body, { message: "Suporte" }, "“2” picks the second choice");

  assert.deepEqual((await messagesOf(ticket.id)).map((m) => [m.body, m.origin]), [
    ["Oi", null],
    ["Olá *Bruno*", "bot"],
    ["*1* - Vendas\n*2* - Suporte", "bot"],
    ["2", null],
    ["Um momento.", "bot"],
  ]);
  const moved = await ticketOf(ticket.id);
  assert.deepEqual([moved.status, moved.queueId, moved.userId], ["pending", queues.support, null]);

  // The bot really stopped: the next message reaches nobody but a person.
  const made = calls.length;
  await customerWrites("5511966660002", "Bruno Lima", "Alô?");
  while ((await jobs.tick()).claimed > 0) { /* nothing to run */ }
  assert.equal(calls.length, made);
  const session = await db.one<{ stop_reason: string }>(sql`
    select stop_reason from queue_integration_sessions where ticket_id = ${ticket.id}`);
  assert.equal(session.stop_reason, "transferred");
});

Deno.test("[integrations] Dialogflow: a locally signed token, detectIntent in the language, the end closes", async () => {
  const account = await serviceAccount();
  fake.dialogflow.agents["balcao-test"] = "global";
  const tested = await answer(
    await asAdmin("POST", "/api/queueIntegration/testSession", {
      projectName: "balcao-test",
      jsonContent: JSON.stringify(account),
      language: "es",
    }),
  );
  assert.equal(tested.status, 200, JSON.stringify(tested.body));
  const agent = await createIntegration({
    type: "dialogflow",
    name: "Agente",
    projectName: "balcao-test",
    jsonContent: JSON.stringify(account),
    language: "es",
  });
  assert.equal(agent.jsonContentHint, account.client_email);
  assert.equal(JSON.stringify(agent).includes("PRIVATE KEY"), false, "the key never comes back");
  await attachToConnection(agent.id);
  fake.dialogflow.reply = (text) => ({
    queryResult: {
      fulfillmentMessages: [{ text: { text: [text === "adiós" ? "¡Hasta luego!" : "¡Hola!"] } }],
      intent: { endInteraction: text === "adiós" },
    },
  });

  const ticket = await customerWrites("5511966660003", "Carla", "hola");
  await runJobs();
  await customerWrites("5511966660003", "Carla", "adiós");
  await runJobs();
  assert.ok(fake.tokenCalls.every((call) => call.assertionOk), "RS256 with the account's key");
  assert.equal(fake.tokenCalls[0]!.claims.iss, account.client_email);
  assert.equal(fake.tokenCalls.length, 1, "the token is kept until it expires");
  const detect = fake.dialogflow.calls.at(-1)!;
  assert.equal(detect.authorization, "Bearer token-1");
  assert.match(
    detect.path,
    /^\/v2\/projects\/balcao-test\/agent\/sessions\/balcao-\d+-\d+:detectIntent$/,
  );
  assert.deepEqual(detect.body, { queryInput: { text: { text: "adiós", languageCode: "es" } } });
  assert.deepEqual((await messagesOf(ticket.id)).filter((m) => m.from_me).map((m) => m.body), [
    "¡Hola!",
    "¡Hasta luego!",
  ]);
  assert.equal((await ticketOf(ticket.id)).status, "closed");
});

Deno.test("[integrations] a provider that never answers leaves the ticket pending for a person", async () => {
  const slow = await createIntegration({
    type: "typebot",
    name: "Lento",
    urlN8N: `${fake.baseUrl}/stall`,
    typebotSlug: "lento",
  });
  await attachToConnection(slow.id);
  // The real guard, with a time limit short enough for a test.
  const outbound = env.services.outbound;
  env.services.outbound = Object.assign(
    (url: string | URL, init?: RequestInit, options?: OutboundOptions) =>
      outboundFetch(url, init, {
        ...options,
        timeoutMs: 200,
        allowPrivateHosts: [new URL(fake.baseUrl).host],
      }),
    { checkSaved: outbound.checkSaved },
  );
  try {
    const ticket = await customerWrites("5511966660004", "Davi", "Preciso de ajuda");
    await runJobs();
    const row = await db.one<{ status: string; user_id: number | null }>(
      sql`select status, user_id from tickets where id = ${ticket.id}`,
    );
    assert.deepEqual([row.status, row.user_id], ["pending", null]);
    assert.deepEqual((await messagesOf(ticket.id)).map((m) => m.body), ["Preciso de ajuda"]);
    const session = await db.one<{ stop_reason: string }>(sql`
      select stop_reason from queue_integration_sessions where ticket_id = ${ticket.id}`);
    assert.match(session.stop_reason, /ERR_OUTBOUND_TIMEOUT/);
  } finally {
    env.services.outbound = outbound;
  }
});

Deno.test("[integrations] Typebot: an image by URL, paced replies, unknown text, restart, expiry and finish", async () => {
  const bot = await createIntegration({
    type: "typebot",
    name: "Cardápio",
    urlN8N: `${fake.baseUrl}/typebot`,
    typebotSlug: "cardapio",
    typebotDelayMessage: 500,
    typebotExpires: 1,
    typebotKeywordFinish: "Sair",
    typebotKeywordRestart: "menu",
    typebotRestartMessage: "Recomeçando…",
    typebotUnknownMessage: "Não entendi.",
  });
  await attachToConnection(bot.id);
  fake.typebot.flows["cardapio"] = [
    { text: "Bem-vindo ao cardápio" },
    { image: `${fake.baseUrl}/files/pizza` },
    { input: { variable: "pedido" } },
  ];
  const starts = () =>
    fake.typebot.calls.filter((call) => call.path === "/api/v1/typebots/cardapio/startChat")
      .length;
  const sentAt = async (ticketId: number) =>
    await db.query<{ body: string; media_name: string | null; created_at: Date }>(sql`
      select body, media_name, created_at from messages
      where ticket_id = ${ticketId} and from_me order by id`);

  const watched = watchPhone("5511966660005");
  const ticket = await customerWrites("5511966660005", "Eva", "Oi");
  await runJobs();
  // "typing…" is shown before the first held reply leaves.
  await env.whatsapp.drainOutbox(connectionId);
  watched.restore();
  assert.deepEqual(watched.presences(), ["composing"]);
  assert.deepEqual(watched.sends.map((s) => s.presencesBefore), [1, 1]);
  const [welcome, picture] = await sentAt(ticket.id);
  assert.equal(welcome!.body, "Bem-vindo ao cardápio");
  assert.equal(picture!.media_name, "pizza.png", "the image was fetched and stored");
  assert.deepEqual(
    [welcome!.created_at.getTime(), picture!.created_at.getTime()],
    [clock.now().getTime() + 500, clock.now().getTime() + 1000],
    "each reply is held back by the delay",
  );

  // The answer ends the flow with nothing more to say.
  await customerWrites("5511966660005", "Eva", "qualquer coisa");
  await runJobs();
  assert.equal((await sentAt(ticket.id)).at(-1)!.body, "Não entendi.");

  await customerWrites("5511966660005", "Eva", "MENU");
  await runJobs();
  assert.equal((await sentAt(ticket.id)).at(-1)!.body, "Recomeçando…");
  await customerWrites("5511966660005", "Eva", "de novo");
  await runJobs();
  assert.equal(starts(), 2, "after the restart keyword the next message starts a new chat");

  clock.advance(2 * 60_000);
  await customerWrites("5511966660005", "Eva", "voltei");
  await runJobs();
  assert.equal(starts(), 3, "a session silent for longer than typebotExpires starts over");

  await customerWrites("5511966660005", "Eva", "sair");
  await runJobs();
  assert.equal((await ticketOf(ticket.id)).status, "closed");
});

Deno.test("[integrations] Typebot: a transfer before any held reply takes the typing back", async () => {
  const bot = await createIntegration({
    type: "typebot",
    name: "Direto",
    urlN8N: `${fake.baseUrl}/typebot`,
    typebotSlug: "direto",
    typebotDelayMessage: 800,
  });
  await attachToConnection(bot.id);
  fake.typebot.flows["direto"] = [
    { text: `#{"queueId":${queues.support}}` },
    { text: "Nunca dito" },
  ];
  const watched = watchPhone("5511966660007");
  try {
    const ticket = await customerWrites("5511966660007", "Fábio", "Oi");
    await runJobs();
    await env.whatsapp.drainOutbox(connectionId);
    assert.deepEqual(watched.presences(), ["composing", "paused"]);
    assert.deepEqual(watched.sends, [], "nothing after the transfer was sent");
    assert.equal((await ticketOf(ticket.id)).queueId, queues.support);
  } finally {
    watched.restore();
  }
});

Deno.test("[integrations] Typebot: a client-side set variable, a pausing wait and the end run through; the next message restarts", async () => {
  const bot = await createIntegration({
    type: "typebot",
    name: "Ciclo",
    urlN8N: `${fake.baseUrl}/typebot`,
    typebotSlug: "ciclo",
    typebotDelayMessage: 0,
    typebotUnknownMessage: "Não entendi.",
  });
  await attachToConnection(bot.id);
  fake.typebot.flows["ciclo"] = [
    // "Moment of the day" and "Execute on client" Set variable blocks run in the browser.
    { setVariableOnClient: { variable: "periodo", code: "return 'manhã'" } },
    { text: "Olá! Qual é o seu nome?" },
    { input: { variable: "nome" } },
    { text: "Obrigado, {{nome}}. Aguarde um instante…" },
    { wait: { seconds: 30, pause: true } },
    { text: "Pronto, {{nome}}: pedido registrado." },
    { wait: { seconds: 2 } },
    { text: "Até logo!" },
  ];
  const bodies = async (
    ticketId: number,
  ) => (await db.query<{ body: string; created_at: Date }>(sql`
      select body, created_at from messages
      where ticket_id = ${ticketId} and from_me order by id`));
  const typebotCalls = () => fake.typebot.calls.length;

  const ticket = await customerWrites("5511966660008", "Ana", "Oi");
  await runJobs();
  assert.deepEqual((await bodies(ticket.id)).map((m) => m.body), ["Olá! Qual é o seu nome?"]);
  const resumed = fake.typebot.calls.at(-1)!;
  assert.match(resumed.path, /\/continueChat$/);
  assert.deepEqual(resumed.body, {}, "the client-side set variable is answered without a value");

  await customerWrites("5511966660008", "Ana", "Ana");
  await runJobs();
  assert.equal((await bodies(ticket.id)).at(-1)!.body, "Obrigado, Ana. Aguarde um instante…");
  // While Typebot waits, what the customer writes does not answer the wait.
  const paused = typebotCalls();
  await customerWrites("5511966660008", "Ana", "Alô?");
  await runJobs();
  assert.equal(typebotCalls(), paused);

  clock.advance(30_000);
  while ((await jobs.tick()).claimed > 0) { /* the wait is over */ }
  const [, , done, bye] = await bodies(ticket.id);
  assert.deepEqual([done!.body, bye!.body], ["Pronto, Ana: pedido registrado.", "Até logo!"]);
  assert.equal(
    bye!.created_at.getTime(),
    clock.now().getTime() + 2_000,
    "a wait that does not pause holds the next message back",
  );
  const result = fake.typebot.results.at(-1)!;
  assert.deepEqual([result.publicId, result.variables.nome], ["ciclo", "Ana"]);
  assert.equal(result.variables.periodo, undefined, "no customer text became the variable");
  assert.ok(
    ![...fake.typebot.sessions.values()].some((live) => live.publicId === "ciclo"),
    "Typebot deleted the finished session",
  );

  // The flow ended: the next message starts it again, and the bot still answers this ticket.
  await customerWrites("5511966660008", "Ana", "Oi de novo");
  await runJobs();
  assert.equal((await bodies(ticket.id)).at(-1)!.body, "Olá! Qual é o seu nome?");
  const starts = fake.typebot.calls.filter((call) => call.path.endsWith("/ciclo/startChat"));
  assert.equal(starts.length, 2);
  assert.equal((await bodies(ticket.id)).filter((m) => m.body === "Não entendi.").length, 0);
  const session = await db.one<{ stopped_at: Date | null }>(sql`
    select stopped_at from queue_integration_sessions where ticket_id = ${ticket.id}`);
  assert.equal(session.stopped_at, null);
});

Deno.test("[integrations] Typebot: a session Typebot no longer knows starts a new chat", async () => {
  const bot = await createIntegration({
    type: "typebot",
    name: "Esquecido",
    urlN8N: `${fake.baseUrl}/typebot`,
    typebotSlug: "esquecido",
    typebotDelayMessage: 0,
  });
  await attachToConnection(bot.id);
  fake.typebot.flows["esquecido"] = [
    { text: "Qual o seu pedido?" },
    { input: { variable: "pedido" } },
    { text: "Anotado: {{pedido}}" },
    { input: { variable: "mais" } },
  ];
  const ticket = await customerWrites("5511966660009", "Bia", "Oi");
  await runJobs();
  // Typebot dropped the session (its own expiry, a restart of its database).
  fake.typebot.sessions.clear();
  await customerWrites("5511966660009", "Bia", "pizza");
  await runJobs();
  const sent = (await messagesOf(ticket.id)).filter((m) => m.from_me).map((m) => m.body);
  assert.deepEqual(sent, ["Qual o seu pedido?", "Qual o seu pedido?"]);
  const session = await db.one<{ stopped_at: Date | null }>(sql`
    select stopped_at from queue_integration_sessions where ticket_id = ${ticket.id}`);
  assert.equal(session.stopped_at, null, "the integration goes on in this ticket");
});

/** A Dialogflow integration on the connection, answering with the default and platform texts. */
async function dialogflowAgent(name: string, projectName: string, location?: string) {
  const agent = await createIntegration({
    type: "dialogflow",
    name,
    projectName,
    ...(location ? { dialogflowLocation: location } : {}),
    jsonContent: JSON.stringify(await serviceAccount()),
    language: "pt-BR",
  });
  await attachToConnection(agent.id);
  fake.dialogflow.reply = (text) => ({
    queryResult: {
      queryText: text,
      fulfillmentText: "Olá!",
      // The default response and the same one for Facebook and Telegram: one is ours.
      fulfillmentMessages: [
        { text: { text: ["Olá!"] } },
        { platform: "FACEBOOK", text: { text: ["Olá!"] } },
        { platform: "TELEGRAM", text: { text: ["Olá, Telegram!"] } },
      ],
      intent: { endInteraction: false },
    },
  });
  return agent;
}

async function stoppedAt(ticketId: number) {
  return (await db.one<{ stopped_at: Date | null }>(sql`
    select stopped_at from queue_integration_sessions where ticket_id = ${ticketId}`)).stopped_at;
}

Deno.test("[integrations] Dialogflow as Google serves it: 256 characters, the default platform's messages, 429 and 503 tried again", async () => {
  fake.dialogflow.agents["balcao-longo"] = "global";
  await dialogflowAgent("Agente paciente", "balcao-longo");
  // Busy, then unavailable: Google asks to try again later.
  fake.dialogflow.failures = [429, 503];
  const long = `Bom dia, ${"quero saber do meu pedido ".repeat(15)}e da entrega.`;
  assert.ok(long.length > 256);
  const ticket = await customerWrites("5511966660010", "Lia", long);
  await runJobs();
  const calls = fake.dialogflow.calls.filter((call) => call.path.includes("balcao-longo"));
  assert.equal(calls.length, 3, "the 429 and the 503 were tried again");
  const sent = (calls.at(-1)!.body.queryInput as { text: { text: string } }).text.text;
  assert.ok([...sent].length <= 256, "the text fits Dialogflow's limit");
  assert.ok(long.startsWith(sent.trimEnd()), "cut, not rewritten");
  assert.deepEqual((await messagesOf(ticket.id)).filter((m) => m.from_me).map((m) => m.body), [
    "Olá!",
  ]);
  assert.equal(await stoppedAt(ticket.id), null);
});

Deno.test("[integrations] Dialogflow: a regional agent is asked at its region's host, under its location", async () => {
  fake.dialogflow.agents["balcao-eu"] = "europe-west2";
  const agent = await dialogflowAgent("Agente europeu", "balcao-eu", "europe-west2");
  assert.equal(agent.dialogflowLocation, "europe-west2");
  const ticket = await customerWrites("5511966660011", "Rui", "Olá");
  await runJobs();
  assert.match(
    fake.dialogflow.calls.at(-1)!.path,
    /^\/regional\/europe-west2\/v2\/projects\/balcao-eu\/locations\/europe-west2\/agent\/sessions\/balcao-\d+-\d+:detectIntent$/,
  );
  assert.deepEqual((await messagesOf(ticket.id)).filter((m) => m.from_me).map((m) => m.body), [
    "Olá!",
  ]);
  assert.equal(await stoppedAt(ticket.id), null);
});

Deno.test("[integrations] webhook: a 4xx refusal is not sent again; the ticket waits for a person", async () => {
  const hook = await createIntegration({
    type: "n8n",
    name: "Fluxo recusado",
    urlN8N: `${fake.baseUrl}/hook`,
  });
  fake.webhookSecret = hook.hmacSecret;
  await attachToConnection(hook.id);
  fake.webhookReply = () => ({ status: 422, body: { message: "invalid event" } });
  const before = fake.webhookCalls.length;
  const ticket = await customerWrites("5511966660012", "Téo", "Oi");
  await runJobs();
  clock.advance(60_000);
  while ((await jobs.tick()).claimed > 0) { /* a retry would run now */ }
  assert.equal(fake.webhookCalls.length - before, 1, "the receiver refused it: sent once");
  const session = await db.one<{ stop_reason: string }>(sql`
    select stop_reason from queue_integration_sessions where ticket_id = ${ticket.id}`);
  assert.match(session.stop_reason, /HTTP 422/);
  fake.webhookReply = () => ({ status: 200, body: {} });
});

Deno.test("[integrations] webhook: a redirect is refused, never followed as a GET without the event", async () => {
  const hook = await createIntegration({
    type: "webhook",
    name: "Endereço antigo",
    urlN8N: `${fake.baseUrl}/moved`,
  });
  fake.webhookSecret = hook.hmacSecret;
  await attachToConnection(hook.id);
  const before = fake.webhookCalls.length;
  const ticket = await customerWrites("5511966660013", "Ivo", "Oi");
  await runJobs();
  clock.advance(60_000);
  while ((await jobs.tick()).claimed > 0) { /* a retry would run now */ }
  assert.deepEqual(fake.webhookRefused, [], "no GET reached the receiver");
  assert.equal(fake.webhookCalls.length, before);
  const session = await db.one<{ stop_reason: string }>(sql`
    select stop_reason from queue_integration_sessions where ticket_id = ${ticket.id}`);
  assert.match(session.stop_reason, /HTTP 301.*\/hook/);
});
