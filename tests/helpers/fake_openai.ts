/**
 * A local stand-in for an OpenAI-compatible provider (reference/protocols.md), for the AI
 * prompt tests: `/v1/chat/completions` answers with what `reply` says for each request,
 * `/v1/audio/transcriptions` with `transcript`, `/v1/audio/speech` with a small Ogg file (or
 * `speechStatus` when set, to act as a failing speech service). Every request is recorded.
 * `reply` may throw a number to answer that status, or wait on a promise to act as a slow
 * provider.
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

export interface FakeOpenAi {
  /** `OPENAI_BASE_URL` for the app. */
  baseUrl: string;
  chats: ChatCall[];
  transcriptions: { authorization: string | null; fileName: string; size: number }[];
  speeches: SpeechCall[];
  /** Answer the speech endpoint with this status instead of audio. */
  speechStatus: number | null;
  reply: (call: ChatCall) => string | Promise<string>;
  transcript: string;
  close(): Promise<void>;
}

export function startFakeOpenAi(): FakeOpenAi {
  const fake: FakeOpenAi = {
    baseUrl: "",
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
    const authorization = request.headers.get("authorization");
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
      if (fake.speechStatus) {
        return Response.json({ error: { message: "fake failure" } }, {
          status: fake.speechStatus,
        });
      }
      return new Response(FAKE_SPEECH, { headers: { "content-type": "audio/ogg" } });
    }
    if (path !== "/v1/chat/completions") return new Response("not found", { status: 404 });
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
      return Response.json({ error: { message: "fake failure" } }, {
        status: typeof status === "number" ? status : 500,
      });
    }
  });
  fake.baseUrl = `http://127.0.0.1:${server.addr.port}/v1`;
  return fake;
}
