/**
 * The AI agent through the sandbox phone (issue 18 item 2), against a local fake of an
 * OpenAI-compatible provider: a connection's prompt answers a new ticket with the latest
 * history; the transfer phrase moves the ticket to the prompt's queue and the agent stops;
 * a provider failure leaves the ticket to a person; a changed key is used at once. A prompt
 * with a neural voice speaks through a local fake of Azure Speech, which checks the SSML and
 * the headers as Azure does; each key reaches only its own provider's fake.
 */
import assert from "node:assert/strict";
import { sql } from "../../lib/db/mod.ts";
import { TRANSFER_PHRASE } from "../../services/prompts/agent.ts";
import { answer } from "../helpers/api_as.ts";
import {
  AZURE_KEY,
  AZURE_REGION,
  AZURE_SPEECH,
  startFakeAzureSpeech,
} from "../helpers/fake_azure_speech.ts";
import { startFakeOpenAi } from "../helpers/fake_openai.ts";
import { openTicketEnv, waitFor } from "../helpers/ticket_env.ts";

const fake = startFakeOpenAi();
const azure = startFakeAzureSpeech();
const env = await openTicketEnv({
  env: { OPENAI_BASE_URL: fake.baseUrl, AZURE_SPEECH_URL: azure.azureUrl },
});
const { db, asAdmin, asAgent, customerWrites, connectionId, queues } = env;
const jobs = env.jobRunner();
Deno.test.afterAll(async () => {
  await env.close();
  await fake.close();
  await azure.close();
});

const created = await answer(
  await asAdmin("POST", "/api/prompt", {
    name: "Vendedora",
    prompt: "Você vende planos de internet da Loja.",
    apiKey: "sk-first-key-00000001",
    queueId: queues.sales,
    maxMessages: 3,
    temperature: 0.5,
  }),
);
assert.equal(created.status, 200, JSON.stringify(created.body));
const promptId = created.body.id as number;
const linked = await answer(await asAdmin("PUT", `/api/whatsapp/${connectionId}`, { promptId }));
assert.equal(linked.status, 200, JSON.stringify(linked.body));

/** Runs the queued jobs until none is left (the hook queues the answer). */
async function runJobs() {
  await waitFor(async () => {
    const queued = await db.maybeOne(
      sql`select 1 from jobs where kind = 'ai.reply' and status = 'queued'`,
    );
    return queued ? true : undefined;
  }, "the AI job");
  await jobs.tick();
}

/** The customer sends a voice note of `size` bytes, an Ogg file as WhatsApp's are. */
async function customerSendsVoiceNote(number: string, name: string, size: number) {
  const form = new FormData();
  form.append("number", number);
  form.append("name", name);
  form.append("body", "");
  // An Ogg page header, so the stored file passes the same check as an upload.
  const ogg = new Uint8Array(size);
  ogg.set(new TextEncoder().encode("OggS"));
  form.append("medias", new File([ogg], "voz.ogg", { type: "audio/ogg" }));
  const sent = await asAdmin("POST", `/api/sandbox/${connectionId}/inbound`, form);
  assert.equal(sent.status, 201, await sent.text());
}

async function messagesOf(ticketId: number) {
  return await db.query<{ body: string; from_me: boolean; origin: string | null }>(sql`
    select body, from_me, origin from messages where ticket_id = ${ticketId} order by id`);
}

Deno.test("[ai] a new ticket is answered by the connection's prompt, with the latest history", async () => {
  const ticket = await customerWrites("5511977770001", "Ana Souza", "Oi, quero um plano");
  await runJobs();
  const first = fake.chats.at(-1)!;
  assert.equal(first.authorization, "Bearer sk-first-key-00000001");
  assert.deepEqual([first.maxTokens, first.temperature], [100, 0.5]);
  assert.equal(first.messages[0]!.role, "system");
  assert.match(first.messages[0]!.content, /Você vende planos de internet da Loja\./);
  assert.match(first.messages[0]!.content, /Ana;/);
  assert.match(first.messages[0]!.content, new RegExp(TRANSFER_PHRASE));
  assert.deepEqual(first.messages.slice(1), [{ role: "user", content: "Oi, quero um plano" }]);
  assert.deepEqual(await messagesOf(ticket.id), [
    { body: "Oi, quero um plano", from_me: false, origin: null },
    { body: "Olá! Como posso ajudar?", from_me: true, origin: "bot" },
  ]);
  // The bot's answer is not an agent's: the ticket still waits for a person.
  const after = await answer(await asAdmin("GET", `/api/tickets/${ticket.id}`));
  assert.deepEqual([after.body.status, after.body.userId], ["pending", null]);
  const usage = await answer(await asAdmin("GET", `/api/prompt/${promptId}`));
  assert.deepEqual([usage.body.promptTokens, usage.body.completionTokens], [42, 7]);

  // Three more turns: the model sees the LATEST three messages (maxMessages), oldest first.
  fake.reply = (call) => `Resposta ${fake.chats.indexOf(call)}`;
  await customerWrites("5511977770001", "Ana Souza", "Quanto custa?");
  await runJobs();
  await customerWrites("5511977770001", "Ana Souza", "E a instalação?");
  await runJobs();
  const last = fake.chats.at(-1)!;
  assert.deepEqual(last.messages.slice(1).map((turn) => `${turn.role}: ${turn.content}`), [
    "user: Quanto custa?",
    `assistant: Resposta ${fake.chats.length - 2}`,
    "user: E a instalação?",
  ]);
});

Deno.test("[ai] the transfer phrase moves the ticket to the prompt's queue and the agent stops", async () => {
  fake.reply = () => `${TRANSFER_PHRASE}. Vou chamar um atendente para você.`;
  const ticket = await customerWrites("5511977770002", "Bruno", "Quero falar com uma pessoa");
  await runJobs();
  const moved = await answer(await asAdmin("GET", `/api/tickets/${ticket.id}`));
  assert.deepEqual([moved.body.status, moved.body.queueId], ["pending", queues.sales]);
  const sent = (await messagesOf(ticket.id)).filter((m) => m.from_me);
  assert.deepEqual(sent.map((m) => m.body), ["Vou chamar um atendente para você."]);
  // From now on a person answers: no new call to the provider.
  const calls = fake.chats.length;
  await customerWrites("5511977770002", "Bruno", "Alô?");
  await jobs.tick();
  assert.equal(fake.chats.length, calls);
  assert.equal(
    (await db.one<{ n: number }>(sql`select count(*)::int as n from jobs
      where kind = 'ai.reply' and payload->>'ticketId' = ${String(ticket.id)}`)).n,
    1,
    "no job is queued for a ticket handed over",
  );
});

Deno.test("[ai] a provider failure leaves the ticket pending for a person, the message kept", async () => {
  fake.reply = () => {
    throw {
      status: 429,
      message: "You exceeded your current quota, please check your plan and billing details.",
      code: "insufficient_quota",
    };
  };
  const ticket = await customerWrites("5511977770003", "Carla", "Meu sinal caiu");
  await runJobs();
  assert.deepEqual(
    (await messagesOf(ticket.id)).map((m) => m.body),
    ["Meu sinal caiu"],
  );
  const row = await db.one<{ status: string; ai_handoff_at: Date | null; user_id: number | null }>(
    sql`select status, ai_handoff_at, user_id from tickets where id = ${ticket.id}`,
  );
  assert.equal(row.status, "pending");
  assert.ok(row.ai_handoff_at, "the agent stopped for this ticket");
  const job = await db.one<{ status: string }>(sql`select status from jobs
    where kind = 'ai.reply' and payload->>'ticketId' = ${String(ticket.id)}`);
  assert.equal(job.status, "done", "the failure is handled, not retried into a second answer");
  // The admin reads the provider's own words on the prompts page.
  const shown = await answer(await asAdmin("GET", `/api/prompt/${promptId}`));
  assert.equal(
    shown.body.lastError.message,
    "OpenAI 429: You exceeded your current quota, please check your plan and billing details.",
  );
  assert.equal(shown.body.lastError.code, null);
});

Deno.test("[ai] a changed key is used at the next answer; a taken ticket is left to its agent", async () => {
  fake.reply = () => "Com a chave nova";
  const saved = await answer(
    await asAdmin("PUT", `/api/prompt/${promptId}`, {
      name: "Vendedora",
      prompt: "Você vende planos de internet da Loja.",
      apiKey: "sk-second-key-0000002",
      queueId: queues.sales,
    }),
  );
  assert.equal(saved.status, 200);
  const ticket = await customerWrites("5511977770004", "Davi", "Bom dia");
  await runJobs();
  assert.equal(fake.chats.at(-1)!.authorization, "Bearer sk-second-key-0000002");
  const cleared = await answer(await asAdmin("GET", `/api/prompt/${promptId}`));
  assert.equal(cleared.body.lastError, null, "an answer that works clears the last refusal");

  const accepted = await answer(
    await asAgent("PUT", `/api/tickets/${ticket.id}`, {
      status: "open",
      userId: env.users.agent.id,
    }),
  );
  assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
  const calls = fake.chats.length;
  await customerWrites("5511977770004", "Davi", "Ainda aí?");
  await jobs.tick();
  assert.equal(fake.chats.length, calls);
});

Deno.test("[ai] a customer's voice note is transcribed, and the model answers its words", async () => {
  fake.reply = () => "Entendi seu áudio";
  fake.transcript = "Quero cancelar meu plano";
  await customerSendsVoiceNote("5511977770005", "Eva", 64);
  await runJobs();
  const transcription = fake.transcriptions.at(-1)!;
  assert.deepEqual([transcription.authorization, transcription.size], [
    "Bearer sk-second-key-0000002",
    64,
  ]);
  assert.deepEqual(fake.chats.at(-1)!.messages.slice(1), [
    { role: "user", content: "Quero cancelar meu plano" },
  ]);
});

Deno.test("[ai] a prompt with an Azure voice answers with an Azure-synthesized voice note; failed speech falls back to text", async () => {
  fake.reply = () => "Seu plano A & B <promo> foi renovado";
  const saved = await answer(
    await asAdmin("PUT", `/api/prompt/${promptId}`, {
      name: "Vendedora",
      prompt: "Você vende planos de internet da Loja.",
      voice: "pt-BR-FranciscaNeural",
      voiceKey: AZURE_KEY,
      voiceRegion: AZURE_REGION,
      queueId: queues.sales,
    }),
  );
  assert.equal(saved.status, 200, JSON.stringify(saved.body));
  const ticket = await customerWrites("5511977770006", "Fabi", "Renovou?");
  await runJobs();
  assert.equal(fake.speeches.length, 0, "OpenAI's speech endpoint is not asked for an Azure voice");
  const synthesis = azure.syntheses.at(-1)!;
  assert.deepEqual(
    [synthesis.region, synthesis.voice, synthesis.lang, synthesis.text, synthesis.outputFormat],
    [
      AZURE_REGION,
      "pt-BR-FranciscaNeural",
      "pt-BR",
      "Seu plano A & B <promo> foi renovado",
      "ogg-48khz-16bit-mono-opus",
    ],
  );
  assert.match(synthesis.userAgent, /Balcao/);
  const voice = await db.one<
    {
      body: string;
      origin: string;
      media_type: string;
      media_path: string;
      payload: { media: { ptt?: boolean; mimetype: string } };
    }
  >(sql`
    select m.body, m.origin, m.media_type, m.media_path, o.payload
    from messages m join whatsapp_outbox o on o.payload->>'messageId' = m.wid
    where m.ticket_id = ${ticket.id} and m.from_me`);
  assert.deepEqual([voice.body, voice.origin, voice.media_type], [
    "Seu plano A & B <promo> foi renovado",
    "bot",
    "audio",
  ]);
  assert.equal(voice.payload.media.ptt, true, "sent as a voice note");
  assert.equal(voice.payload.media.mimetype, "audio/ogg");
  assert.deepEqual(await env.services.media.read(voice.media_path), AZURE_SPEECH);
  // The customer's phone gets the audio.
  await env.whatsapp.drainOutbox(connectionId);
  const inbox = await answer(
    await asAdmin("GET", `/api/sandbox/${connectionId}/outbound?number=5511977770006`),
  );
  assert.equal(inbox.body.messages.at(-1).media.kind, "audio");

  // The next turn shows the model what the voice note said.
  azure.failWith = 500;
  fake.reply = () => "Sem voz desta vez";
  await customerWrites("5511977770006", "Fabi", "Obrigada");
  await runJobs();
  assert.deepEqual(fake.chats.at(-1)!.messages.slice(-2), [
    { role: "assistant", content: "Seu plano A & B <promo> foi renovado" },
    { role: "user", content: "Obrigada" },
  ]);
  const last = await db.one<{ body: string; media_type: string }>(sql`
    select body, media_type from messages where ticket_id = ${ticket.id} and from_me
    order by id desc limit 1`);
  assert.deepEqual([last.body, last.media_type], ["Sem voz desta vez", "chat"]);
  azure.failWith = null;
});

Deno.test("[ai] with Azure set, a customer's voice note is recognised by Azure, in the voice's language", async () => {
  fake.reply = () => "Entendi pelo Azure";
  azure.transcript = "Qual o meu saldo";
  const before = fake.transcriptions.length;
  await customerSendsVoiceNote("5511977770007", "Gil", 80);
  await runJobs();
  assert.equal(fake.transcriptions.length, before, "OpenAI does not transcribe it");
  assert.deepEqual(azure.recognitions.at(-1), {
    region: AZURE_REGION,
    language: "pt-BR",
    contentType: "audio/ogg; codecs=opus",
    size: 80,
  });
  assert.deepEqual(fake.chats.at(-1)!.messages.slice(1), [
    { role: "user", content: "Qual o meu saldo" },
  ]);
});

Deno.test("[ai] a key only ever reaches its own provider", () => {
  assert.ok(azure.requests.length > 0 && fake.requests.length > 0);
  for (const request of fake.requests) {
    assert.ok(!JSON.stringify(request.headers).includes(AZURE_KEY), "no Azure key at OpenAI");
  }
  for (const request of azure.requests) {
    assert.ok(!/sk-[a-z]+-key/.test(JSON.stringify(request)), "no OpenAI key at Azure");
  }
});
