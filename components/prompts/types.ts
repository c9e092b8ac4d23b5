/** Prompts as the screens use them: the API's shape (services/prompts). */
import type { Prompt } from "../../services/prompts/types.ts";

/** A prompt as the list and the dialog show it (the API's answer: keys by their hint only). */
export type PromptRow = Omit<Prompt, "createdAt" | "updatedAt">;
