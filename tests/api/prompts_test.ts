/**
 * `/api/prompt` (issue 18 item 1): admins' CRUD with the spec's defaults, the provider key
 * sealed at rest and never answered, and another company's prompts out of sight.
 */
import assert from "node:assert/strict";
import { sql } from "../../lib/db/mod.ts";
import { answer, openAppWithActors } from "../helpers/api_as.ts";

const env = await openAppWithActors();
const { db, companyId, asAdmin, asAgent, asOtherAdmin } = env;
Deno.test.afterAll(() => env.close());

const queue = (await db.one<{ id: number }>(sql`
  insert into queues (company_id, name, color) values (${companyId}, 'Vendas', '#00aa00')
  returning id`)).id;
const KEY = "sk-proj-abcdefghijklmnop1234";
/** An Azure Speech resource key: 32 hex digits. */
const AZURE = "0123456789abcdef0123456789abcdef";

Deno.test("[api] prompts: created with the spec's defaults, the key sealed and never answered", async () => {
  const created = await answer(
    await asAdmin("POST", "/api/prompt", {
      name: "Atendente",
      prompt: "Você é um atendente cordial.",
      apiKey: KEY,
      queueId: queue,
    }),
  );
  assert.equal(created.status, 200, JSON.stringify(created.body));
  assert.deepEqual(
    [
      created.body.maxTokens,
      created.body.temperature,
      created.body.maxMessages,
      created.body.voice,
    ],
    [100, 1, 10, "texto"],
  );
  assert.deepEqual(created.body.queue, { id: queue, name: "Vendas" });
  assert.equal(created.body.apiKeyHint, "1234");
  assert.ok(!JSON.stringify(created.body).includes(KEY));
  const stored = await db.one<{ api_key_sealed: string }>(
    sql`select api_key_sealed from prompts where id = ${created.body.id}`,
  );
  assert.ok(stored.api_key_sealed.startsWith("v1.") && !stored.api_key_sealed.includes("sk-proj"));

  const listed = await answer(await asAdmin("GET", "/api/prompt"));
  assert.deepEqual(listed.body.prompts.map((p: { name: string }) => p.name), ["Atendente"]);
  assert.ok(!JSON.stringify(listed.body).includes(KEY));

  // An update without a key keeps the sealed one; with one it replaces it.
  const renamed = await answer(
    await asAdmin("PUT", `/api/prompt/${created.body.id}`, {
      name: "Atendente IA",
      prompt: "Você é um atendente cordial.",
      queueId: queue,
      maxTokens: 300,
    }),
  );
  assert.equal(renamed.status, 200, JSON.stringify(renamed.body));
  assert.deepEqual([renamed.body.name, renamed.body.maxTokens, renamed.body.apiKeyHint], [
    "Atendente IA",
    300,
    "1234",
  ]);
  const after = await db.one<{ api_key_sealed: string }>(
    sql`select api_key_sealed from prompts where id = ${created.body.id}`,
  );
  assert.equal(after.api_key_sealed, stored.api_key_sealed);

  // A queue may now point at it; a connection too.
  const linked = await answer(
    await asAdmin("PUT", `/api/queue/${queue}`, { promptId: created.body.id }),
  );
  assert.equal(linked.status, 200, JSON.stringify(linked.body));
});

Deno.test("[api] prompts: bad input is refused with a code and changes nothing", async () => {
  const before = await db.one<{ n: number }>(sql`select count(*)::int as n from prompts`);
  const cases: Array<[unknown, number, string]> = [
    [{ name: "Sem fila", prompt: "x", apiKey: KEY }, 400, "ERR_VALIDATION"],
    [{ name: "Sem chave", prompt: "x", queueId: queue }, 400, "ERR_PROMPT_API_KEY_REQUIRED"],
    [
      { name: "Voz", prompt: "x", apiKey: KEY, queueId: queue, voice: "robô" },
      400,
      "ERR_VALIDATION",
    ],
    [
      { name: "Tokens", prompt: "x", apiKey: KEY, queueId: queue, maxTokens: 0 },
      400,
      "ERR_VALIDATION",
    ],
    [
      { name: "Calor", prompt: "x", apiKey: KEY, queueId: queue, temperature: 3 },
      400,
      "ERR_VALIDATION",
    ],
    [
      { name: "Fila alheia", prompt: "x", apiKey: KEY, queueId: 999999 },
      404,
      "ERR_NO_QUEUE_FOUND",
    ],
  ];
  for (const [body, status, error] of cases) {
    const res = await answer(await asAdmin("POST", "/api/prompt", body));
    assert.deepEqual([res.status, res.body.error], [status, error], JSON.stringify(body));
  }
  const noQueue = await answer(
    await asAdmin("POST", "/api/prompt", { name: "Sem fila", prompt: "x", apiKey: KEY }),
  );
  assert.ok(JSON.stringify(noQueue.body.fields.queueId).includes("ERR_PROMPT_QUEUE_REQUIRED"));
  const voiceCases: Array<[Record<string, unknown>, string, string]> = [
    [
      { voice: "pt-BR-FranciscaNeural", voiceRegion: "brazilsouth" },
      "voiceKey",
      "ERR_PROMPT_VOICE_KEY_REQUIRED",
    ],
    [
      { voice: "pt-BR-FranciscaNeural", voiceKey: AZURE },
      "voiceRegion",
      "ERR_PROMPT_VOICE_REGION_REQUIRED",
    ],
    [
      { voice: "pt-BR-FranciscaNeural", voiceKey: AZURE, voiceRegion: "evil.example/x" },
      "voiceRegion",
      "ERR_PROMPT_VOICE_REGION_INVALID",
    ],
  ];
  for (const [extra, field, code] of voiceCases) {
    const res = await answer(
      await asAdmin("POST", "/api/prompt", {
        name: "Voz",
        prompt: "x",
        apiKey: KEY,
        queueId: queue,
        ...extra,
      }),
    );
    assert.deepEqual(
      [res.status, res.body.fields?.[field]?.code],
      [400, code],
      JSON.stringify(extra),
    );
  }
  const after = await db.one<{ n: number }>(sql`select count(*)::int as n from prompts`);
  assert.equal(after.n, before.n);
});

Deno.test("[api] prompts: a voice keeps its Azure key and region; the portal's region name is taken", async () => {
  const made = await answer(
    await asAdmin("POST", "/api/prompt", {
      name: "Falante",
      prompt: "x",
      apiKey: KEY,
      queueId: queue,
      voice: "pt-BR-FranciscaNeural",
      voiceKey: AZURE,
      voiceRegion: "Brazil South",
    }),
  );
  assert.equal(made.status, 200, JSON.stringify(made.body));
  assert.deepEqual([made.body.voiceRegion, made.body.voiceKeyHint], ["brazilsouth", "cdef"]);
  // An update without the key keeps the stored one, so the voice stays.
  const kept = await answer(
    await asAdmin("PUT", `/api/prompt/${made.body.id}`, {
      name: "Falante",
      prompt: "y",
      queueId: queue,
      voice: "pt-BR-AntonioNeural",
      voiceRegion: "brazilsouth",
    }),
  );
  assert.equal(kept.status, 200, JSON.stringify(kept.body));
  await db.run(sql`delete from prompts where id = ${made.body.id}`);
});

Deno.test("[api] prompts: agents are refused, and another company sees none", async () => {
  const { id } = await db.one<{ id: number }>(sql`select id from prompts limit 1`);
  assert.equal((await asAgent("GET", "/api/prompt")).status, 403);
  assert.equal((await asAgent("DELETE", `/api/prompt/${id}`)).status, 403);
  const other = await answer(await asOtherAdmin("GET", "/api/prompt"));
  assert.deepEqual(other.body.prompts, []);
  for (
    const [method, body] of [["GET"], ["DELETE"], ["PUT", {
      name: "X",
      prompt: "x",
      queueId: queue,
    }]] as const
  ) {
    const res = await answer(await asOtherAdmin(method, `/api/prompt/${id}`, body));
    assert.equal(res.status, 404, `${method}: ${JSON.stringify(res.body)}`);
  }
  // Another company's queue is as unknown as a missing one.
  const foreign = await answer(
    await asOtherAdmin("POST", "/api/prompt", {
      name: "X",
      prompt: "x",
      apiKey: KEY,
      queueId: queue,
    }),
  );
  assert.equal(foreign.status, 404);
  assert.equal((await db.one<{ n: number }>(sql`select count(*)::int as n from prompts`)).n, 1);
});

Deno.test("[api] prompts: deleting one unlinks its queues", async () => {
  const { id } = await db.one<{ id: number }>(sql`select id from prompts limit 1`);
  const res = await answer(await asAdmin("DELETE", `/api/prompt/${id}`));
  assert.equal(res.status, 200);
  const linked = await db.one<{ prompt_id: number | null }>(
    sql`select prompt_id from queues where id = ${queue}`,
  );
  assert.equal(linked.prompt_id, null);
  assert.equal((await asAdmin("GET", `/api/prompt/${id}`)).status, 404);
});
