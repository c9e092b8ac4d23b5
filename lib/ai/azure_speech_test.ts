/** Azure Speech's REST calls (azure_speech.ts) against the fake built from Azure's reference. */
import assert from "node:assert/strict";
import {
  AZURE_KEY,
  AZURE_REGION,
  AZURE_SPEECH,
  readSsml,
  startFakeAzureSpeech,
} from "../../tests/helpers/fake_azure_speech.ts";
import { AzureSpeechError, createAzureSpeech, ssmlOf, voiceLanguage } from "./azure_speech.ts";

Deno.test("[azure] the SSML names the voice in its language and keeps the text as text", () => {
  assert.equal(voiceLanguage("pt-BR-FranciscaNeural"), "pt-BR");
  const ssml = ssmlOf(`Tom & "Jerry" <b>'oi'</b>`, "pt-BR-FranciscaNeural");
  assert.deepEqual(readSsml(ssml), {
    voice: "pt-BR-FranciscaNeural",
    lang: "pt-BR",
    text: `Tom & "Jerry" <b>'oi'</b>`,
  });
  assert.equal(typeof readSsml("<speak><voice name='x'>a & b</voice></speak>"), "string");
});

Deno.test("[azure] speech and recognition with the region's key; refusals carry Azure's words", async () => {
  const fake = startFakeAzureSpeech();
  try {
    const speech = createAzureSpeech({ urlTemplate: fake.azureUrl });
    const audio = await speech.synthesize(AZURE_KEY, AZURE_REGION, {
      text: "Olá",
      voice: "pt-BR-YaraNeural",
    });
    assert.deepEqual(audio, AZURE_SPEECH);
    const sent = fake.requests.at(-1)!;
    assert.equal(sent.headers["ocp-apim-subscription-key"], AZURE_KEY);
    assert.equal(sent.headers["x-microsoft-outputformat"], "ogg-48khz-16bit-mono-opus");

    fake.transcript = "bom dia";
    const ogg = new Uint8Array(16);
    ogg.set(new TextEncoder().encode("OggS"));
    assert.equal(
      await speech.recognize(AZURE_KEY, AZURE_REGION, { audio: ogg, language: "pt-BR" }),
      "bom dia",
    );
    fake.transcript = "";
    assert.equal(
      await speech.recognize(AZURE_KEY, AZURE_REGION, { audio: ogg, language: "pt-BR" }),
      "",
      "NoMatch: nothing heard",
    );

    // The key of another region's resource is refused by Azure, and its words are kept.
    const refused = await speech.synthesize(AZURE_KEY, "eastus", {
      text: "x",
      voice: "pt-BR-YaraNeural",
    })
      .catch((error) => error);
    assert.ok(refused instanceof AzureSpeechError);
    assert.equal(refused.status, 401);
    assert.match(refused.message, /invalid subscription key or wrong API endpoint/);
    assert.ok(!refused.message.includes(AZURE_KEY));

    // A region that is no region name never becomes a host.
    const calls = fake.requests.length;
    await assert.rejects(
      speech.synthesize(AZURE_KEY, "evil.example.com/x", { text: "x", voice: "pt-BR-YaraNeural" }),
      AzureSpeechError,
    );
    assert.equal(fake.requests.length, calls);
  } finally {
    await fake.close();
  }
});
