/** A prompt as the list and the dialog show it (the API's answer: keys by their hint only). */
export interface PromptRow {
  id: number;
  name: string;
  prompt: string;
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
}
