/**
 * The OpenAI-compatible provider behind AI prompts (reference/protocols.md), through the
 * official `openai` client: chat completions and the transcription of a customer's voice note.
 * Spoken answers are Azure's neural voices (azure_speech.ts): OpenAI has none of them, and a
 * prompt's speech key is Azure's, never sent here.
 *
 * One client per key and base address, kept while that key is in use: a prompt whose key
 * changes gets a new client at its next answer (the anchor cached one per connection and
 * kept the first key until a restart). Calls have a time limit and one retry; the caller
 * decides what a failure means for the conversation.
 */
import OpenAI, { toFile } from "openai";

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
}

export interface AiProviderOptions {
  /** `OPENAI_BASE_URL`; the provider's own address when unset. */
  baseUrl?: string;
  /** `OPENAI_MODEL`. */
  model: string;
  transcriptionModel?: string;
  timeoutMs?: number;
}

export const DEFAULT_CHAT_MODEL = "gpt-4o-mini";
const DEFAULT_TRANSCRIPTION_MODEL = "whisper-1";
const TIMEOUT_MS = 30_000;
/** Clients kept at most; the least recently used goes first. */
const MAX_CLIENTS = 200;

export function createAiProvider(options: AiProviderOptions): AiProvider {
  const clients = new Map<string, OpenAI>();
  const clientFor = (apiKey: string) => {
    let client = clients.get(apiKey);
    if (client) {
      clients.delete(apiKey);
    } else {
      client = new OpenAI({
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
      const completion = await clientFor(apiKey).chat.completions.create({
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
      const result = await clientFor(apiKey).audio.transcriptions.create({
        model: options.transcriptionModel ?? DEFAULT_TRANSCRIPTION_MODEL,
        file: await toFile(audio.bytes, audio.fileName),
      });
      return result.text;
    },
  };
}
