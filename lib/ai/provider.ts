/**
 * The OpenAI-compatible provider behind AI prompts (reference/protocols.md), through the
 * official `openai` client: chat completions, transcription of a customer's voice note, and
 * speech for the prompts that answer with a voice.
 *
 * One client per key and base address, kept while that key is in use: a prompt whose key
 * changes gets a new client at its next answer (the anchor cached one per connection and
 * kept the first key until a restart). Calls have a time limit and one retry; the caller
 * decides what a failure means for the conversation.
 *
 * The client library (about 20 MB once loaded) is loaded at the first call, not at start:
 * most installations never use AI prompts.
 */
import type OpenAI from "openai";

let openaiModule: Promise<typeof import("openai")> | undefined;
const loadOpenai = () => openaiModule ??= import("openai");

export interface ChatTurn {
  role: "system" | "user" | "assistant";
  content: string;
}

export interface ChatRequest {
  messages: ChatTurn[];
  maxTokens: number;
  temperature: number;
}

export interface ChatAnswer {
  text: string;
  usage: { promptTokens: number; completionTokens: number };
}

export interface AiProvider {
  chat(apiKey: string, request: ChatRequest): Promise<ChatAnswer>;
  /** The text of an audio file (the provider's transcription endpoint). */
  transcribe(apiKey: string, audio: { bytes: Uint8Array; fileName: string }): Promise<string>;
  /** `text` spoken by `voice` (the speech endpoint), as an Ogg/Opus file: a WhatsApp voice note. */
  speak(apiKey: string, request: { text: string; voice: string }): Promise<Uint8Array<ArrayBuffer>>;
}

export interface AiProviderOptions {
  /** `OPENAI_BASE_URL`; the provider's own address when unset. */
  baseUrl?: string;
  /** `OPENAI_MODEL`. */
  model: string;
  transcriptionModel?: string;
  speechModel?: string;
  timeoutMs?: number;
}

export const DEFAULT_CHAT_MODEL = "gpt-4o-mini";
const DEFAULT_TRANSCRIPTION_MODEL = "whisper-1";
const DEFAULT_SPEECH_MODEL = "tts-1";
const TIMEOUT_MS = 30_000;
/** Clients kept at most; the least recently used goes first. */
const MAX_CLIENTS = 200;

export function createAiProvider(options: AiProviderOptions): AiProvider {
  const clients = new Map<string, OpenAI>();
  const clientFor = async (apiKey: string) => {
    let client = clients.get(apiKey);
    if (client) {
      clients.delete(apiKey);
    } else {
      const { default: OpenAIClient } = await loadOpenai();
      client = new OpenAIClient({
        apiKey,
        baseURL: options.baseUrl,
        timeout: options.timeoutMs ?? TIMEOUT_MS,
        maxRetries: 1,
      });
    }
    clients.set(apiKey, client);
    if (clients.size > MAX_CLIENTS) clients.delete(clients.keys().next().value!);
    return client;
  };
  return {
    async chat(apiKey, request) {
      const completion = await (await clientFor(apiKey)).chat.completions.create({
        model: options.model,
        messages: request.messages,
        max_tokens: request.maxTokens,
        temperature: request.temperature,
      });
      return {
        text: completion.choices[0]?.message?.content ?? "",
        usage: {
          promptTokens: completion.usage?.prompt_tokens ?? 0,
          completionTokens: completion.usage?.completion_tokens ?? 0,
        },
      };
    },
    async transcribe(apiKey, audio) {
      const result = await (await clientFor(apiKey)).audio.transcriptions.create({
        model: options.transcriptionModel ?? DEFAULT_TRANSCRIPTION_MODEL,
        file: await (await loadOpenai()).toFile(audio.bytes, audio.fileName),
      });
      return result.text;
    },
    async speak(apiKey, request) {
      const response = await (await clientFor(apiKey)).audio.speech.create({
        model: options.speechModel ?? DEFAULT_SPEECH_MODEL,
        voice: request.voice,
        input: request.text,
        // Opus in Ogg is what WhatsApp plays as a voice note.
        response_format: "opus",
      });
      return new Uint8Array(await response.arrayBuffer());
    },
  };
}
