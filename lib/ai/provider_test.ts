/**
 * The chat call per model family (provider.ts), against the OpenAI fake built from its
 * reference: reasoning models (o-series, gpt-5) refuse `max_tokens` and a temperature other
 * than 1; the others take both. A refusal carries OpenAI's own words.
 */
import assert from "node:assert/strict";
import { startFakeOpenAi } from "../../tests/helpers/fake_openai.ts";
import { AiProviderError, createAiProvider } from "./provider.ts";

const KEY = "sk-test-family-0001";
const request = {
  messages: [{ role: "user" as const, content: "Oi" }],
  maxTokens: 150,
  temperature: 0.4,
};

Deno.test("[ai] reasoning models get max_completion_tokens and no temperature; chat models both", async () => {
  const fake = startFakeOpenAi();
  try {
    for (const model of ["o4-mini", "o3", "gpt-5-mini"]) {
      const answer = await createAiProvider({ baseUrl: fake.baseUrl, model }).chat(KEY, request);
      assert.equal(answer.text, "Olá! Como posso ajudar?", model);
      const call = fake.chats.at(-1)!;
      assert.deepEqual(
        [call.maxCompletionTokens, call.maxTokens, call.temperature],
        [150, undefined, undefined],
        model,
      );
    }
    await createAiProvider({ baseUrl: fake.baseUrl, model: "gpt-4o-mini" }).chat(KEY, request);
    const call = fake.chats.at(-1)!;
    assert.deepEqual([call.maxTokens, call.temperature, call.maxCompletionTokens], [
      150,
      0.4,
      undefined,
    ]);
  } finally {
    await fake.close();
  }
});

Deno.test("[ai] a refusal carries the provider's status and words, never the key", async () => {
  const fake = startFakeOpenAi();
  try {
    fake.reply = () => {
      throw {
        status: 429,
        message: "You exceeded your current quota.",
        code: "insufficient_quota",
      };
    };
    const provider = createAiProvider({ baseUrl: fake.baseUrl, model: "gpt-4o-mini" });
    const refused = await provider.chat(KEY, request).catch((error) => error);
    assert.ok(refused instanceof AiProviderError);
    assert.equal(refused.status, 429);
    assert.equal(refused.message, "OpenAI 429: You exceeded your current quota.");
    assert.ok(!refused.message.includes(KEY));
  } finally {
    await fake.close();
  }
});
