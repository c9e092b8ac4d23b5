/** The kinds of queue integration (admin §3, §9). */
export const INTEGRATION_TYPES = ["dialogflow", "n8n", "webhook", "typebot"] as const;
export type IntegrationType = typeof INTEGRATION_TYPES[number];

/** Dialogflow's languages the dialog offers (admin §9). */
export const DIALOGFLOW_LANGUAGES = ["pt-BR", "en", "es"] as const;

/** Types that are called with a signed JSON event (webhook.ts). */
export const SIGNED_TYPES: readonly IntegrationType[] = ["webhook", "n8n"];

/** The settings of admin §3 that every form of an integration shares. */
export interface IntegrationSettings {
  type: IntegrationType;
  name: string;
  projectName: string;
  language: string;
  /** Dialogflow: '' for a global agent, else its region ("europe-west2"). */
  dialogflowLocation: string;
  urlN8N: string;
  typebotSlug: string;
  typebotExpires: number;
  typebotKeywordFinish: string;
  typebotKeywordRestart: string;
  typebotUnknownMessage: string;
  typebotDelayMessage: number;
  typebotRestartMessage: string;
}

/**
 * A queue integration as the API shows it. The service account is never returned: only the
 * account's e-mail (`jsonContentHint`). The signing secret is in the answers of one
 * integration (`hmacSecret`), for admins, and never in lists or realtime events.
 */
export interface QueueIntegration extends IntegrationSettings {
  id: number;
  jsonContentHint: string;
  createdAt: string;
  updatedAt: string;
  hmacSecret?: string;
}

/** What a save sends (validated per type by the route); a blank jsonContent keeps the stored one. */
export interface QueueIntegrationInput extends IntegrationSettings {
  jsonContent?: string;
}

/** An integration as the runtime needs it: its settings, the secrets still sealed. */
export type ActiveIntegration =
  & Omit<QueueIntegration, "jsonContentHint" | "urlN8N" | "createdAt" | "updatedAt" | "hmacSecret">
  & { url: string; jsonSealed: string | null; hmacSealed: string | null };
