/**
 * The AI agent (issue 18 item 2): a customer's message in a ticket that no person has taken,
 * whose queue has a prompt (or, without a queue, whose connection has one), is answered by
 * the OpenAI-compatible provider (lib/ai/provider.ts).
 *
 * - The inbound hook only queues a job (`ai.reply`): the provider may take seconds, and a
 *   connection's messages are handled one after another.
 * - The history is the ticket's LATEST `maxMessages` messages (the anchor sent the first
 *   ones), text turns only; a voice note from the customer is transcribed first: by Azure
 *   Speech when the prompt has an Azure key and region, else by the provider.
 * - The transfer phrase moves the ticket to the prompt's queue and the agent stops there;
 *   a provider error or time-out also stops it, leaving the ticket pending for a person,
 *   with the reason logged. The customer's message is stored before any of this, so nothing
 *   is lost either way.
 * - Answers go through the one send path marked as the bot's, so their echoes are not taken
 *   for an agent's reply. A prompt with a voice (not "texto") speaks its answer: Azure
 *   Speech makes an Ogg/Opus file with that neural voice (the prompt's Azure key, to its
 *   region's host only), stored like any media and sent as a voice note whose stored text is
 *   what it says; if speech fails, the text goes instead.
 */
import { type Queryable, sql } from "../../lib/db/mod.ts";
import { enqueueJob, type JobHandler } from "../../lib/jobs/mod.ts";
import { AiProviderError, type ChatTurn } from "../../lib/ai/provider.ts";
import { TEXT_ONLY } from "../../lib/ai/voices.ts";
import { AzureSpeechError, voiceLanguage } from "../../lib/ai/azure_speech.ts";
import { planFeaturesOf } from "../accounts/permissions.ts";
import type { ServiceDeps } from "../deps.ts";
import { aiHandOff, findTicket, type InboundHook, sendSystemMessage } from "../tickets/mod.ts";
import { countPromptUsage, keyPurpose, notePromptOutcome } from "./prompts.ts";

/** What the model says, first thing, when a person must take over (the anchor's phrase). */
export const TRANSFER_PHRASE = "Ação: Transferir para o setor de atendimento";

export const AI_REPLY_JOB = "ai.reply";

type AgentDeps = Pick<
  ServiceDeps,
  "db" | "hub" | "media" | "mediaLinks" | "clock" | "log" | "secrets" | "ai" | "speech"
>;

interface PromptOfTicket {
  id: number;
  prompt: string;
  apiKeySealed: string;
  maxTokens: number;
  temperature: number;
  maxMessages: number;
  queueId: number | null;
  voice: string;
  voiceKeySealed: string | null;
  voiceRegion: string;
}

/**
 * The prompt that answers this ticket now, if any: none once a person has it, once the agent
 * handed it over, or for groups and closed tickets.
 */
async function promptOfTicket(
  db: Queryable,
  companyId: number,
  ticketId: number,
): Promise<PromptOfTicket | undefined> {
  return await db.maybeOne<PromptOfTicket>(sql`
    select p.id, p.prompt, p.api_key_sealed as "apiKeySealed", p.max_tokens as "maxTokens",
           p.temperature::float8 as temperature, p.max_messages as "maxMessages",
           p.queue_id as "queueId", p.voice, p.voice_key_sealed as "voiceKeySealed",
           p.voice_region as "voiceRegion"
    from tickets t
    left join queues q on q.id = t.queue_id
    left join whatsapps w on w.id = t.whatsapp_id
    join prompts p on p.company_id = t.company_id
      and p.id = case
        -- A queue integration set beside the prompt answers instead (services/integrations):
        -- two bots answering one customer would talk over each other.
        when t.queue_id is not null then case when q.integration_id is null then q.prompt_id end
        -- A connection's prompt answers where no queue menu does (a connection without
        -- queues): otherwise the chatbot asks for a queue and that queue's prompt answers.
        when not exists (select 1 from whatsapp_queues wq
                         where wq.company_id = t.company_id and wq.whatsapp_id = w.id)
          then case when w.integration_id is null then w.prompt_id end
      end
    where t.id = ${ticketId} and t.company_id = ${companyId}
      and t.user_id is null and t.status <> 'closed' and not t.is_group
      and t.ai_handoff_at is null`);
}

export function aiAgentHook(deps: AgentDeps): InboundHook {
  return {
    name: "ai-agent",
    async run({ companyId, ticket, message }) {
      if (ticket.isGroup || ticket.userId !== null || ticket.status === "closed") return;
      if (!await promptOfTicket(deps.db, companyId, ticket.id)) return;
      await enqueueJob(deps.db, {
        kind: AI_REPLY_JOB,
        payload: { ticketId: ticket.id, messageId: message.id },
        runAt: deps.clock.now(),
        companyId,
        // A failure hands the ticket to a person; answering twice would be worse.
        maxAttempts: 1,
      });
    },
  };
}

/** The area's job kinds (services/job_handlers.ts lists the areas). */
export function aiJobs(deps: AgentDeps): Record<string, JobHandler<ServiceDeps>> {
  return {
    [AI_REPLY_JOB]: async (job) => {
      const companyId = Number(job.companyId);
      await replyWithAi(
        deps,
        companyId,
        Number(job.payload.ticketId),
        Number(job.payload.messageId),
      );
    },
  };
}

/** The system message: the company's prompt, then how to address and when to hand over. */
export function systemPrompt(prompt: string, customerName: string, maxTokens: number): string {
  const firstName = customerName.trim().split(/\s+/)[0]?.replace(/[^\p{L}\p{N}'-]/gu, "") ?? "";
  return [
    prompt,
    firstName ? `O cliente se chama ${firstName}; trate-o pelo primeiro nome.` : "",
    `Responda em no máximo ${maxTokens} tokens.`,
    `Quando o cliente precisar de uma pessoa, comece a resposta com "${TRANSFER_PHRASE}".`,
  ].filter(Boolean).join("\n\n");
}

/** The reply without the transfer phrase, and whether the phrase was there. */
export function splitTransfer(text: string): { text: string; transfer: boolean } {
  const at = text.indexOf(TRANSFER_PHRASE);
  if (at < 0) return { text: text.trim(), transfer: false };
  const rest = (text.slice(0, at) + text.slice(at + TRANSFER_PHRASE.length))
    .replace(/^[\s.:,;-]+/, "").trim();
  return { text: rest, transfer: true };
}

interface HistoryRow {
  id: number;
  body: string;
  fromMe: boolean;
  mediaType: string;
  mediaPath: string | null;
  mediaName: string | null;
}

async function replyWithAi(
  deps: AgentDeps,
  companyId: number,
  ticketId: number,
  messageId: number,
): Promise<void> {
  const { db } = deps;
  const prompt = await promptOfTicket(db, companyId, ticketId);
  if (!prompt) return;
  // A later message of the customer has its own job, which answers with this one in view.
  const newer = await db.maybeOne(sql`select 1 from messages
    where ticket_id = ${ticketId} and company_id = ${companyId} and not from_me
      and id > ${messageId} limit 1`);
  if (newer) return;
  if (!(await planFeaturesOf(db, companyId)).useOpenAi) return;
  const ticket = await findTicket(db, companyId, ticketId);
  if (!ticket) return;
  try {
    const apiKey = await deps.secrets.open(prompt.apiKeySealed, keyPurpose(prompt.id, "apiKey"));
    const history = await db.query<HistoryRow>(sql`
      select id, body, from_me as "fromMe", media_type as "mediaType",
             media_path as "mediaPath", media_name as "mediaName"
      from messages
      where ticket_id = ${ticketId} and company_id = ${companyId} and not is_deleted
      order by created_at desc, id desc
      limit ${prompt.maxMessages}`);
    const turns: ChatTurn[] = [];
    const voices = { deps, prompt, apiKey };
    for (const message of history.reverse()) {
      const content = await textOf(voices, message, messageId);
      if (content) turns.push({ role: message.fromMe ? "assistant" : "user", content });
    }
    const answer = await deps.ai.chat(apiKey, {
      messages: [
        {
          role: "system",
          content: systemPrompt(prompt.prompt, ticket.contact.name, prompt.maxTokens),
        },
        ...turns,
      ],
      maxTokens: prompt.maxTokens,
      temperature: prompt.temperature,
    });
    await countPromptUsage(db, prompt.id, answer.usage);
    await notePromptOutcome(deps, companyId, prompt.id, null);
    const reply = splitTransfer(answer.text);
    if (reply.text) await sendReply(deps, companyId, ticket, prompt, reply.text);
    if (reply.transfer) await handOver(deps, companyId, ticketId, prompt.queueId);
  } catch (error) {
    deps.log.warn("AI prompt failed: the ticket waits for a person", {
      companyId,
      ticketId,
      promptId: prompt.id,
      reason: error instanceof Error ? error.message : String(error),
    });
    await noteRefusal(deps, companyId, prompt.id, error);
    await handOver(deps, companyId, ticketId, undefined);
  }
}

/**
 * A provider's refusal (OpenAI's, Azure's) kept on the prompt, so its admins read why on the
 * prompts page: a bad key, no credit, a model that refuses a parameter. Other failures are
 * ours and only logged.
 */
async function noteRefusal(
  deps: AgentDeps,
  companyId: number,
  promptId: number,
  error: unknown,
): Promise<void> {
  if (error instanceof AiProviderError) {
    await notePromptOutcome(deps, companyId, promptId, {
      message: error.message,
      code: error.code,
    });
  } else if (error instanceof AzureSpeechError) {
    await notePromptOutcome(deps, companyId, promptId, { message: error.message });
  }
}

type ReplyTicket = Parameters<typeof sendSystemMessage>[2];

/** Where spoken answers are stored, under the company's media folder. */
const VOICE_AREA = "ai-voice";

/** The prompt's Azure Speech key and region, or undefined when it has none. */
async function azureOf(
  deps: AgentDeps,
  prompt: PromptOfTicket,
): Promise<{ key: string; region: string } | undefined> {
  if (!prompt.voiceKeySealed || !prompt.voiceRegion) return undefined;
  const key = await deps.secrets.open(prompt.voiceKeySealed, keyPurpose(prompt.id, "voiceKey"));
  return { key, region: prompt.voiceRegion };
}

/**
 * The answer as text, or spoken when the prompt has a voice: a voice note (ptt) whose stored
 * body is its text, so agents and the next turns read it. The voice is Azure's, with the
 * prompt's Azure key; a prompt saved before keys were required, or a failed synthesis, is
 * logged and the text is sent instead: the customer gets an answer either way.
 */
async function sendReply(
  deps: AgentDeps,
  companyId: number,
  ticket: ReplyTicket,
  prompt: PromptOfTicket,
  text: string,
): Promise<void> {
  if (prompt.voice === TEXT_ONLY) {
    await sendSystemMessage(deps, companyId, ticket, text);
    return;
  }
  let media;
  try {
    const azure = await azureOf(deps, prompt);
    if (!azure) {
      await notePromptOutcome(deps, companyId, prompt.id, {
        message: "no Azure key and region",
        code: "ERR_PROMPT_VOICE_KEY_REQUIRED",
      });
      throw new Error("the prompt has a voice but no Azure key and region");
    }
    const audio = await deps.speech.synthesize(azure.key, azure.region, {
      text,
      voice: prompt.voice,
    });
    const file = new File([audio], "resposta.ogg", { type: "audio/ogg" });
    media = await deps.media.save(companyId, VOICE_AREA, file);
  } catch (error) {
    deps.log.warn("AI voice failed: the answer goes as text", {
      companyId,
      ticketId: ticket.id,
      promptId: prompt.id,
      reason: error instanceof Error ? error.message : String(error),
    });
    await noteRefusal(deps, companyId, prompt.id, error);
    await sendSystemMessage(deps, companyId, ticket, text);
    return;
  }
  await sendSystemMessage(deps, companyId, ticket, text, {
    media: { path: media.path, name: media.name, ptt: true },
  });
}

/** An Ogg file (a WhatsApp voice note), the one container Azure's short-audio API takes here. */
const isOgg = (bytes: Uint8Array) =>
  bytes.length > 4 && new TextDecoder().decode(bytes.subarray(0, 4)) === "OggS";

/**
 * A message's text for the model: its body, or for the customer's voice note that this job
 * answers, its transcription (Azure's when the prompt has it and the note is Ogg/Opus, in the
 * voice's language; else the provider's); our own voice notes carry their text. Other media
 * without a caption say nothing to it.
 */
async function textOf(
  { deps, prompt, apiKey }: { deps: AgentDeps; prompt: PromptOfTicket; apiKey: string },
  message: HistoryRow,
  answering: number,
): Promise<string> {
  const isVoice = message.mediaType === "audio" && message.mediaPath && !message.fromMe;
  if (!isVoice || message.id !== answering) {
    return message.mediaType === "audio" && !message.fromMe ? "" : message.body;
  }
  const bytes = await deps.media.read(message.mediaPath!);
  if (!bytes) return "";
  const azure = isOgg(bytes) ? await azureOf(deps, prompt) : undefined;
  if (azure) {
    const language = prompt.voice === TEXT_ONLY ? "pt-BR" : voiceLanguage(prompt.voice);
    return await deps.speech.recognize(azure.key, azure.region, {
      audio: new Uint8Array(bytes),
      language,
    });
  }
  return await deps.ai.transcribe(apiKey, {
    bytes,
    fileName: message.mediaName || "audio.ogg",
  });
}

/**
 * The agent stops in this ticket; with a queue (the transfer phrase), the ticket moves there,
 * and whoever sees that queue is told.
 */
function handOver(
  deps: AgentDeps,
  companyId: number,
  ticketId: number,
  queueId: number | null | undefined,
): Promise<void> {
  return aiHandOff(deps, companyId, ticketId, { queueId, now: deps.clock.now() });
}
