/**
 * AI prompts (admin §3 "Prompt", issue 18): a company's instructions for an OpenAI-compatible
 * agent that answers the customers of a queue (or of a connection's tickets without a queue).
 * Admins only, and only with a plan that has `useOpenAi` (checked on every call, so a plan
 * change applies at once).
 *
 * The provider keys are sealed (lib/crypto/secret_box.ts) and never leave the server: the
 * answers carry `apiKeyHint` (the last four characters). An update without a key keeps the
 * sealed one, so the dialog never needs to show it to keep it.
 */
import { type Queryable, sql } from "../../lib/db/mod.ts";
import { containsPattern, pageClause, pageOf } from "../../lib/db/paging.ts";
import type { Principal } from "../../lib/http/auth.ts";
import { AppError, conflictOnDuplicate } from "../../lib/http/errors.ts";
import { fieldRefusal } from "../../lib/http/validate.ts";
import { TEXT_ONLY } from "../../lib/ai/voices.ts";
import { secretHint } from "../../lib/crypto/secret_box.ts";
import { channels, rooms } from "../../lib/realtime/channels.ts";
import { assertPlanFeature } from "../accounts/permissions.ts";
import type { ServiceDeps } from "../deps.ts";
import { assertQueue } from "../queues/options.ts";
import type { Prompt, PromptInput } from "./types.ts";

type Who = Pick<Principal, "companyId" | "userId">;
export type PromptDeps = Pick<ServiceDeps, "db" | "hub" | "secrets">;

const PROMPT_COLUMNS = sql`
  p.id, p.name, p.prompt, p.voice, p.voice_region as "voiceRegion",
  p.max_tokens as "maxTokens", p.temperature::float8 as temperature,
  p.max_messages as "maxMessages", p.queue_id as "queueId",
  p.api_key_hint as "apiKeyHint", p.voice_key_hint as "voiceKeyHint",
  p.prompt_tokens::int8::float8 as "promptTokens",
  p.completion_tokens::int8::float8 as "completionTokens",
  case when q.id is null then null else json_build_object('id', q.id, 'name', q.name) end
    as queue,
  case when p.last_error_at is null then null else json_build_object(
    'message', p.last_error, 'code', p.last_error_code, 'at', p.last_error_at) end
    as "lastError",
  p.created_at as "createdAt", p.updated_at as "updatedAt"`;

function selectPrompts(companyId: number, where = sql.empty, tail = sql.empty) {
  return sql`
    select ${PROMPT_COLUMNS}
    from prompts p left join queues q on q.id = p.queue_id
    where p.company_id = ${companyId} ${where}
    order by lower(p.name), p.id ${tail}`;
}

/**
 * A voice is Azure's: it needs the Azure key (this save's or the one stored) and the region
 * of that key's resource, or no answer could ever be spoken.
 */
function assertVoiceSettings(input: PromptInput, hasStoredVoiceKey: boolean): void {
  if (input.voice === TEXT_ONLY) return;
  if (!input.voiceKey && !hasStoredVoiceKey) {
    throw fieldRefusal("voiceKey", { code: "ERR_PROMPT_VOICE_KEY_REQUIRED" });
  }
  if (!input.voiceRegion) {
    throw fieldRefusal("voiceRegion", { code: "ERR_PROMPT_VOICE_REGION_REQUIRED" });
  }
}

/** The purpose a sealed key is bound to: another row's key does not open here. */
export const keyPurpose = (promptId: number, field: "apiKey" | "voiceKey") =>
  `prompt:${promptId}:${field}`;

/** A page of the company's prompts, optionally those whose name contains `searchParam`. */
export async function listPrompts(
  db: Queryable,
  who: Who,
  query: { searchParam?: string; pageNumber: number },
): Promise<{ prompts: Prompt[]; hasMore: boolean }> {
  await assertPlanFeature(db, who.companyId, "useOpenAi");
  const search = query.searchParam?.trim();
  const where = search ? sql`and lower(p.name) like ${containsPattern(search)}` : sql.empty;
  const rows = await db.query<Prompt>(
    selectPrompts(who.companyId, where, pageClause(query.pageNumber)),
  );
  const page = pageOf(rows);
  return { prompts: page.rows, hasMore: page.hasMore };
}

async function findPrompt(db: Queryable, companyId: number, id: number) {
  return await db.maybeOne<Prompt>(selectPrompts(companyId, sql`and p.id = ${id}`));
}

export async function showPrompt(db: Queryable, who: Who, id: number): Promise<Prompt> {
  await assertPlanFeature(db, who.companyId, "useOpenAi");
  const prompt = await findPrompt(db, who.companyId, id);
  if (!prompt) throw new AppError("ERR_NO_PROMPT_FOUND", 404);
  return prompt;
}

/** A key sealed for its row, with the hint the screens show. */
interface SealedKey {
  sealed: string;
  hint: string;
}

/**
 * Seals the keys a save brings, before its transaction: the box may read its own key from the
 * database the first time, and the embedded database has one connection, which an open
 * transaction holds.
 */
async function sealKeys(deps: PromptDeps, id: number, input: PromptInput) {
  const seal = async (plain: string | undefined, field: "apiKey" | "voiceKey") =>
    plain
      ? { sealed: await deps.secrets.seal(plain, keyPurpose(id, field)), hint: secretHint(plain) }
      : undefined;
  return {
    apiKey: await seal(input.apiKey, "apiKey"),
    voiceKey: await seal(input.voiceKey, "voiceKey"),
  };
}

async function storeKeys(
  tx: Queryable,
  id: number,
  keys: { apiKey?: SealedKey; voiceKey?: SealedKey },
) {
  if (keys.apiKey) {
    await tx.run(sql`update prompts
      set api_key_sealed = ${keys.apiKey.sealed}, api_key_hint = ${keys.apiKey.hint}
      where id = ${id}`);
  }
  if (keys.voiceKey) {
    await tx.run(sql`update prompts
      set voice_key_sealed = ${keys.voiceKey.sealed}, voice_key_hint = ${keys.voiceKey.hint}
      where id = ${id}`);
  }
}

export async function createPrompt(
  deps: PromptDeps,
  who: Who,
  input: PromptInput,
): Promise<Prompt> {
  await assertPlanFeature(deps.db, who.companyId, "useOpenAi");
  await assertQueue(deps.db, who.companyId, input.queueId);
  if (!input.apiKey) throw new AppError("ERR_PROMPT_API_KEY_REQUIRED", 400);
  assertVoiceSettings(input, false);
  // The id first: each key is sealed for its row.
  const { id } = await deps.db.one<{ id: number }>(
    sql`select nextval('prompts_id_seq')::int as id`,
  );
  const keys = await sealKeys(deps, id, input);
  const prompt = await conflictOnDuplicate(
    "ERR_PROMPT_NAME_TAKEN",
    () =>
      deps.db.transaction(async (tx) => {
        await tx.run(sql`
          insert into prompts (id, company_id, name, prompt, voice, voice_region, max_tokens,
                               temperature, max_messages, queue_id, api_key_sealed, api_key_hint)
          values (${id}, ${who.companyId}, ${input.name}, ${input.prompt}, ${input.voice},
                  ${input.voiceRegion}, ${input.maxTokens}, ${input.temperature},
                  ${input.maxMessages}, ${input.queueId}, '', '')`);
        await storeKeys(tx, id, keys);
        return (await findPrompt(tx, who.companyId, id))!;
      }),
  );
  await publishPrompt(deps, who.companyId, { action: "create", prompt });
  return prompt;
}

export async function updatePrompt(
  deps: PromptDeps,
  who: Who,
  id: number,
  input: PromptInput,
): Promise<Prompt> {
  await assertPlanFeature(deps.db, who.companyId, "useOpenAi");
  const keys = await sealKeys(deps, id, input);
  const prompt = await conflictOnDuplicate(
    "ERR_PROMPT_NAME_TAKEN",
    () =>
      deps.db.transaction(async (tx) => {
        // The prompt first: another company's id is "not found" whatever the body says.
        const current = await tx.maybeOne<{ hasVoiceKey: boolean }>(sql`
          select voice_key_sealed is not null as "hasVoiceKey" from prompts
          where id = ${id} and company_id = ${who.companyId} for update`);
        if (!current) throw new AppError("ERR_NO_PROMPT_FOUND", 404);
        assertVoiceSettings(input, current.hasVoiceKey);
        await assertQueue(tx, who.companyId, input.queueId);
        await tx.run(sql`
        update prompts
        set name = ${input.name}, prompt = ${input.prompt}, voice = ${input.voice},
            voice_region = ${input.voiceRegion}, max_tokens = ${input.maxTokens},
            temperature = ${input.temperature}, max_messages = ${input.maxMessages},
            queue_id = ${input.queueId}, updated_at = now()
        where id = ${id} and company_id = ${who.companyId}`);
        await storeKeys(tx, id, keys);
        return (await findPrompt(tx, who.companyId, id))!;
      }),
  );
  await publishPrompt(deps, who.companyId, { action: "update", prompt });
  return prompt;
}

export async function deletePrompt(deps: PromptDeps, who: Who, id: number): Promise<void> {
  await assertPlanFeature(deps.db, who.companyId, "useOpenAi");
  const { rowCount } = await deps.db.run(
    sql`delete from prompts where id = ${id} and company_id = ${who.companyId}`,
  );
  if (rowCount === 0) throw new AppError("ERR_NO_PROMPT_FOUND", 404);
  await publishPrompt(deps, who.companyId, { action: "delete", promptId: id });
}

export type PromptEvent =
  | { action: "create" | "update"; prompt: Prompt }
  | { action: "delete"; promptId: number };

/** The list is the admins' but holds no secret (hints only), so the company's room hears it. */
async function publishPrompt(
  deps: Pick<ServiceDeps, "hub">,
  companyId: number,
  event: PromptEvent,
) {
  await deps.hub.publish(rooms.company(companyId), channels.prompt(companyId), event);
}

/** Adds the tokens one answer used to the prompt's counters. */
export async function countPromptUsage(
  db: Queryable,
  promptId: number,
  usage: { promptTokens: number; completionTokens: number },
): Promise<void> {
  await db.run(sql`update prompts
    set prompt_tokens = prompt_tokens + ${usage.promptTokens},
        completion_tokens = completion_tokens + ${usage.completionTokens}
    where id = ${promptId}`);
}

/**
 * Notes how the provider answered a prompt's call: its refusal (the provider's words, or a
 * code of ours), or null once a call works again. The admins' list hears the change.
 */
export async function notePromptOutcome(
  deps: Pick<ServiceDeps, "db" | "hub" | "clock">,
  companyId: number,
  promptId: number,
  failure: { message: string; code?: string } | null,
): Promise<void> {
  const { rowCount } = failure
    ? await deps.db.run(sql`update prompts
        set last_error = ${failure.message.slice(0, 1000)}, last_error_code = ${
      failure.code ?? null
    },
            last_error_at = ${deps.clock.now()}
        where id = ${promptId} and company_id = ${companyId}`)
    : await deps.db.run(sql`update prompts
        set last_error = null, last_error_code = null, last_error_at = null
        where id = ${promptId} and company_id = ${companyId} and last_error_at is not null`);
  if (rowCount === 0) return;
  const prompt = await findPrompt(deps.db, companyId, promptId);
  if (prompt) await publishPrompt(deps, companyId, { action: "update", prompt });
}
