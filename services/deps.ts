/**
 * What every service gets (DESIGN §8a): built once in main.ts (`serviceDepsOf`) and handed to
 * the route factories, the job handlers and the inbound pipeline, so nothing reaches for a
 * global. A service asks for the part it uses with `Pick<ServiceDeps, "db" | "hub">`, which
 * lets a test pass just those.
 */
import type { AiProvider } from "../lib/ai/provider.ts";
import type { AzureSpeech } from "../lib/ai/azure_speech.ts";
import type { Clock } from "../lib/clock.ts";
import type { SecretBox } from "../lib/crypto/secret_box.ts";
import type { Db } from "../lib/db/mod.ts";
import type { Log } from "../lib/log.ts";
import type { OutboundFetch } from "../lib/net/outbound.ts";
import type { Mailer } from "../lib/mail/mod.ts";
import type { MediaLinks } from "../lib/media/signed_url.ts";
import type { MediaStore } from "../lib/media/store.ts";
import type { Hub } from "../lib/realtime/mod.ts";
import type { WhatsappSessions } from "./whatsapp/sessions.ts";
import type { TransitionHooks } from "./tickets/transition_hooks.ts";
import type { DialogflowClient } from "./integrations/dialogflow.ts";
import type { IspSystems } from "./isp/systems.ts";

export interface ServiceDeps {
  db: Db;
  /** The realtime hub; a null hub (lib/realtime/null_hub.ts) where nobody listens. */
  hub: Hub;
  /** Uploaded and received files (`DATA_DIR/media`). */
  media: MediaStore;
  /** The WhatsApp sessions: start, stop, and the sandbox phone. */
  sessions: WhatsappSessions;
  /** What follows an agent's change of a ticket (services/hooks.ts gives the list). */
  transitions: TransitionHooks;
  mailer: Mailer;
  /** Business time: `clock.now()`, passed to SQL as a parameter where a test must move it. */
  clock: Clock;
  log: Log;
  /** Short-lived signed media addresses for <img> and <audio> tags (lib/media/signed_url.ts). */
  mediaLinks: MediaLinks;
  /** Seals the secrets companies give us (AI keys, integration secrets) before storing them. */
  secrets: SecretBox;
  /** The OpenAI-compatible provider of AI prompts (`OPENAI_BASE_URL`, `OPENAI_MODEL`). */
  ai: AiProvider;
  /** Azure Speech, the neural voices of AI prompts (`AZURE_SPEECH_URL`; Azure's own by default). */
  speech: AzureSpeech;
  /**
   * Calls to addresses a company user entered (webhooks, n8n, Typebot, media by URL): the
   * SSRF guard of lib/net/outbound.ts with `ALLOW_PRIVATE_HOSTS` applied.
   */
  outbound: OutboundFetch;
  /**
   * Dialogflow's API at `DIALOGFLOW_URL` (Google's by default, a fake in tests), with its
   * token cache, which is worth keeping between calls.
   */
  dialogflow: DialogflowClient;
  /** The ISP billing systems of the "segunda via" lookups (Asaas at `ASAAS_BASE_URL`). */
  isp: IspSystems;
}
