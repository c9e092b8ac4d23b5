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
 * not one), and for the reasoning models (o-series, gpt-5: the reference's "o-series models
 * only" notes and https://platform.openai.com/docs/guides/reasoning) `max_tokens` (400
 * `unsupported_parameter`, use `max_completion_tokens`) and a temperature other than 1 (400
 * `unsupported_value`). Every request is recorded with its headers, so a test can check that no other
 * provider's key ever reaches it. `reply` may throw a number to answer that status, or wait
 * on a promise to act as a slow provider.
 */
import type { ChatTurn } from "../../lib/ai/provider.ts";

export interface ChatCall {
  authorization: string | null;
  model: string;
  messages: ChatTurn[];
  maxTokens: number | undefined;
  maxCompletionTokens: number | undefined;
  temperature: number | undefined;
}

/** What `reply` may throw for an error answer: a status, or OpenAI's error fields. */
export type ChatFailure = number | { status: number; message: string; code?: string };

/** The models that reason first: o1, o3, o4-mini…, and the gpt-5 family. */
const REASONING = /^(o\d|gpt-5)/;

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
      maxCompletionTokens: body.max_completion_tokens,
      temperature: body.temperature,
    };
    fake.chats.push(call);
    if (REASONING.test(body.model) && body.max_tokens !== undefined) {
      return openAiError(
        400,
        "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
        { param: "max_tokens", code: "unsupported_parameter" },
      );
    }
    if (REASONING.test(body.model) && body.temperature !== undefined && body.temperature !== 1) {
      return openAiError(
        400,
        `Unsupported value: 'temperature' does not support ${body.temperature} with this model. Only the default (1) value is supported.`,
        { param: "temperature", code: "unsupported_value" },
      );
    }
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
    } catch (thrown) {
      const failure = thrown as ChatFailure;
      if (typeof failure === "object" && failure !== null) {
        return openAiError(failure.status, failure.message, { code: failure.code ?? null });
      }
      return openAiError(typeof failure === "number" ? failure : 500, "fake failure", {
        type: "server_error",
      });
    }
  });
  fake.baseUrl = `http://127.0.0.1:${server.addr.port}/v1`;
  return fake;
}
