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
 *
 * The request follows the model's family (https://platform.openai.com/docs/guides/reasoning):
 * the reasoning models (o1, o3, o4-mini…, gpt-5…) refuse `max_tokens` and any temperature
 * but 1, so they get `max_completion_tokens` and no temperature; the chat models (and the
 * gateways that copy their API) get `max_tokens` and the prompt's temperature. A refusal is
 * an `AiProviderError` with the provider's own words, for the admin to read.
 *
 * The client library (about 20 MB once loaded) is loaded at the first call, not at start:
 * most installations never use AI prompts.
 */
import type OpenAI from "openai";

let openaiModule: Promise<typeof import("openai")> | undefined;
/** The library once loaded, for telling its errors apart. */
let loaded: typeof import("openai") | undefined;
const loadOpenai = () => openaiModule ??= import("openai").then((module) => loaded = module);

/**
 * The provider refused or failed; `message` is its own explanation ("OpenAI 429: …"), or
 * `code` names what went wrong when the provider said nothing of it.
 */
export class AiProviderError extends Error {
  constructor(readonly status: number | undefined, message: string, readonly code?: string) {
    super(message);
  }
}

/** o1, o3-mini, o4-mini, gpt-5, gpt-5-mini… also behind a gateway's "openai/" prefix. */
export function isReasoningModel(model: string): boolean {
  return /^(?:[\w-]+\/)?(?:o\d|gpt-5)(?!-chat)/i.test(model);
}

/** The provider's words for a failed call (its error body's message), never the key. */
function providerError(error: unknown): unknown {
  if (!loaded || !(error instanceof loaded.default.APIError)) return error;
  const body = error.error as { message?: unknown } | undefined;
  const said = typeof body?.message === "string" ? body.message : error.message;
  return new AiProviderError(
    error.status,
    error.status ? `OpenAI ${error.status}: ${said}` : `OpenAI: ${said}`,
  );
}

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
      const limits = isReasoningModel(options.model)
        ? { max_completion_tokens: request.maxTokens }
        : { max_tokens: request.maxTokens, temperature: request.temperature };
      const completion = await (await clientFor(apiKey)).chat.completions.create({
        model: options.model,
        messages: request.messages,
        ...limits,
      }).catch((error) => {
        throw providerError(error);
      });
      const choice = completion.choices[0];
      if (!choice?.message?.content && choice?.finish_reason === "length") {
        // A reasoning model spent the whole limit thinking: nothing was left to answer with.
        throw new AiProviderError(
          undefined,
          "OpenAI: the answer was cut at max_completion_tokens before any text",
          "ERR_PROMPT_ANSWER_CUT",
        );
      }
      return {
        text: choice?.message?.content ?? "",
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
      }).catch((error) => {
        throw providerError(error);
      });
      return result.text;
    },
  };
}
