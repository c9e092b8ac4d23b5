/** A prompt as the API shows it: the keys only by their last four characters. */
export interface Prompt {
  id: number;
  name: string;
  prompt: string;
  /** "texto" for text answers, else the voice of spoken answers. */
  voice: string;
  voiceRegion: string;
  maxTokens: number;
  temperature: number;
  maxMessages: number;
  queueId: number | null;
  queue: { id: number; name: string } | null;
  apiKeyHint: string;
  voiceKeyHint: string;
  promptTokens: number;
  completionTokens: number;
  /**
   * Why the provider last refused this prompt's call, in its own words (`message`) or as a
   * code of ours; null once an answer works again.
   */
  lastError: { message: string; code: string | null; at: string } | null;
  createdAt: string;
  updatedAt: string;
}

/** What a save sends; a key left out (or blank) on update keeps the stored one. */
export interface PromptInput {
  name: string;
  prompt: string;
  apiKey?: string;
  voice: string;
  voiceKey?: string;
  voiceRegion: string;
  maxTokens: number;
  temperature: number;
  maxMessages: number;
  queueId: number;
}
