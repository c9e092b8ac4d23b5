/**
 * A local stand-in for OpenAI's API, built from its reference
 * (https://platform.openai.com/docs/api-reference: chat/create, audio/createTranscription,
 * audio/createSpeech; errors as https://platform.openai.com/docs/guides/error-codes, the body
 * `{error: {message, type, param, code}}`), for the AI prompt tests:
 * `/v1/chat/completions` answers with what `reply` says for each request,
 * `/v1/audio/transcriptions` with `transcript`, `/v1/audio/speech` with a small Ogg file (or
 * `speechStatus` when set, to act as a failing speech service).
 *
 * It refuses what OpenAI refuses: a key that is not an OpenAI key (401 `invalid_api_key`),
 * a speech voice that is not one of OpenAI's (400 `invalid_value`: an Azure voice name is
 * not one). Every request is recorded with its headers, so a test can check that no other
 * provider's key ever reaches it. `reply` may throw a number to answer that status, or wait
 * on a promise to act as a slow provider.
 */
import type { ChatTurn } from "../../lib/ai/provider.ts";

export interface ChatCall {
  authorization: string | null;
  model: string;
  messages: ChatTurn[];
  maxTokens: number;
  temperature: number;
}

export interface SpeechCall {
  authorization: string | null;
  model: string;
  voice: string;
  input: string;
  responseFormat: string;
}

/** What the fake speaks: an Ogg page header and a few bytes, as the media store checks. */
export const FAKE_SPEECH = (() => {
  const bytes = new Uint8Array(48);
  bytes.set(new TextEncoder().encode("OggS"));
  return bytes;
})();

/** The voices of `POST /v1/audio/speech` (the reference's `voice` enum). */
const OPENAI_VOICES = new Set([
  "alloy",
  "ash",
  "ballad",
  "coral",
  "echo",
  "fable",
  "nova",
  "onyx",
  "sage",
  "shimmer",
  "verse",
  "marin",
  "cedar",
]);

/** An OpenAI secret key: `sk-` and the rest (project keys are `sk-proj-…`). */
const OPENAI_KEY = /^Bearer sk-[A-Za-z0-9_-]{8,}$/;

export interface FakeOpenAi {
  /** `OPENAI_BASE_URL` for the app. */
  baseUrl: string;
  /** Every request, refused or not, with its headers. */
  requests: { path: string; headers: Record<string, string> }[];
  chats: ChatCall[];
  transcriptions: { authorization: string | null; fileName: string; size: number }[];
  speeches: SpeechCall[];
  /** Answer the speech endpoint with this status instead of audio. */
  speechStatus: number | null;
  reply: (call: ChatCall) => string | Promise<string>;
  transcript: string;
  close(): Promise<void>;
}

/** OpenAI's error body. */
export function openAiError(
  status: number,
  message: string,
  extra: { type?: string; param?: string | null; code?: string | null } = {},
): Response {
  return Response.json({
    error: {
      message,
      type: extra.type ?? "invalid_request_error",
      param: extra.param ?? null,
      code: extra.code ?? null,
    },
  }, { status });
}

export function startFakeOpenAi(): FakeOpenAi {
  const fake: FakeOpenAi = {
    baseUrl: "",
    requests: [],
    chats: [],
    transcriptions: [],
    speeches: [],
    speechStatus: null,
    reply: () => "Olá! Como posso ajudar?",
    transcript: "",
    close: () => server.shutdown(),
  };
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen() {} }, async (request) => {
    const path = new URL(request.url).pathname;
    fake.requests.push({ path, headers: Object.fromEntries(request.headers) });
    const authorization = request.headers.get("authorization");
    if (!OPENAI_KEY.test(authorization ?? "")) {
      return openAiError(
        401,
        "Incorrect API key provided. You can find your API key at https://platform.openai.com/account/api-keys.",
        { code: "invalid_api_key" },
      );
    }
    if (path === "/v1/audio/transcriptions") {
      const form = await request.formData();
      const file = form.get("file") as File;
      fake.transcriptions.push({ authorization, fileName: file.name, size: file.size });
      return Response.json({ text: fake.transcript });
    }
    if (path === "/v1/audio/speech") {
      const body = await request.json();
      fake.speeches.push({
        authorization,
        model: body.model,
        voice: body.voice,
        input: body.input,
        responseFormat: body.response_format,
      });
      if (!OPENAI_VOICES.has(body.voice)) {
        return openAiError(400, `Invalid value for 'voice': '${body.voice}'.`, {
          param: "voice",
          code: "invalid_value",
        });
      }
      if (fake.speechStatus) return openAiError(fake.speechStatus, "fake failure");
      return new Response(FAKE_SPEECH, { headers: { "content-type": "audio/ogg" } });
    }
    if (path !== "/v1/chat/completions") return openAiError(404, "Not found", { code: null });
    const body = await request.json();
    const call: ChatCall = {
      authorization,
      model: body.model,
      messages: body.messages,
      maxTokens: body.max_tokens,
      temperature: body.temperature,
    };
    fake.chats.push(call);
    try {
      const content = await fake.reply(call);
      return Response.json({
        id: "chatcmpl-test",
        object: "chat.completion",
        created: 0,
        model: body.model,
        choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
        usage: { prompt_tokens: 42, completion_tokens: 7, total_tokens: 49 },
      });
    } catch (status) {
      return openAiError(typeof status === "number" ? status : 500, "fake failure", {
        type: "server_error",
      });
    }
  });
  fake.baseUrl = `http://127.0.0.1:${server.addr.port}/v1`;
  return fake;
}
