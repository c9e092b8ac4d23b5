/**
 * Queue integrations (admin §3 "Queue integration", issue 18 item 3): the company's Typebot
 * flows, Dialogflow agents, n8n workflows and webhooks that a queue or a connection can hand
 * its customers to (runtime.ts). Admins only, and only with a plan that has
 * `useIntegrations` (checked on every call, so a plan change applies at once).
 *
 * Secrets are sealed (lib/crypto/secret_box.ts), each for its row: Dialogflow's service
 * account never comes back (only its e-mail), and the signing secret of webhook and n8n
 * calls is made here, shown in the answers about one integration and rotated on demand.
 */
import { type Queryable, sql } from "../../lib/db/mod.ts";
import { containsPattern, pageClause, pageOf } from "../../lib/db/paging.ts";
import type { Principal } from "../../lib/http/auth.ts";
import { AppError, conflictOnDuplicate } from "../../lib/http/errors.ts";
import { fieldRefusal } from "../../lib/http/validate.ts";
import { channels, rooms } from "../../lib/realtime/channels.ts";
import { assertPlanFeature } from "../accounts/permissions.ts";
import type { ServiceDeps } from "../deps.ts";
import { parseServiceAccount } from "./dialogflow.ts";
import type { QueueIntegration, QueueIntegrationInput } from "./types.ts";
import { newWebhookSecret } from "./webhook.ts";

type Who = Pick<Principal, "companyId" | "userId">;
export type IntegrationDeps = Pick<
  ServiceDeps,
  "db" | "hub" | "secrets" | "outbound" | "dialogflow" | "clock"
>;

const COLUMNS = sql`
  i.id, i.type, i.name, i.project_name as "projectName",
  i.json_content_hint as "jsonContentHint", i.language,
  i.dialogflow_location as "dialogflowLocation", i.url_n8n as "urlN8N",
  i.typebot_slug as "typebotSlug", i.typebot_expires as "typebotExpires",
  i.typebot_keyword_finish as "typebotKeywordFinish",
  i.typebot_keyword_restart as "typebotKeywordRestart",
  i.typebot_unknown_message as "typebotUnknownMessage",
  i.typebot_delay_message as "typebotDelayMessage",
  i.typebot_restart_message as "typebotRestartMessage",
  i.created_at as "createdAt", i.updated_at as "updatedAt"`;

/** The purpose a sealed value is bound to: another row's secret does not open here. */
export const sealPurpose = (id: number, field: "jsonContent" | "hmacSecret") =>
  `queueIntegration:${id}:${field}`;

export async function listIntegrations(
  db: Queryable,
  who: Who,
  query: { searchParam?: string; pageNumber: number },
): Promise<{ queueIntegrations: QueueIntegration[]; hasMore: boolean }> {
  await assertPlanFeature(db, who.companyId, "useIntegrations");
  const search = query.searchParam?.trim();
  const where = search ? sql`and lower(i.name) like ${containsPattern(search)}` : sql.empty;
  const rows = await db.query<QueueIntegration>(sql`
    select ${COLUMNS} from queue_integrations i
    where i.company_id = ${who.companyId} ${where}
    order by lower(i.name), i.id ${pageClause(query.pageNumber)}`);
  const page = pageOf(rows);
  return { queueIntegrations: page.rows, hasMore: page.hasMore };
}

async function findIntegration(db: Queryable, companyId: number, id: number) {
  return await db.maybeOne<QueueIntegration & { hmacSealed: string | null }>(sql`
    select ${COLUMNS}, i.hmac_secret_sealed as "hmacSealed" from queue_integrations i
    where i.company_id = ${companyId} and i.id = ${id}`);
}

/** One integration for its admins: with the signing secret opened. */
async function withSecret(
  deps: Pick<IntegrationDeps, "db" | "secrets">,
  companyId: number,
  id: number,
): Promise<QueueIntegration> {
  const row = await findIntegration(deps.db, companyId, id);
  if (!row) throw new AppError("ERR_NO_INTEGRATION_FOUND", 404);
  const { hmacSealed, ...integration } = row;
  const hmacSecret = hmacSealed
    ? await deps.secrets.open(hmacSealed, sealPurpose(id, "hmacSecret"))
    : undefined;
  return { ...integration, hmacSecret };
}

export async function showIntegration(
  deps: Pick<IntegrationDeps, "db" | "secrets">,
  who: Who,
  id: number,
): Promise<QueueIntegration> {
  await assertPlanFeature(deps.db, who.companyId, "useIntegrations");
  return await withSecret(deps, who.companyId, id);
}

/** The service account, checked and sealed, with the hint the screens show. */
async function sealAccount(deps: IntegrationDeps, id: number, input: QueueIntegrationInput) {
  if (input.type !== "dialogflow" || !input.jsonContent) return undefined;
  const account = parseServiceAccount(input.jsonContent);
  return {
    sealed: await deps.secrets.seal(input.jsonContent, sealPurpose(id, "jsonContent")),
    hint: account.clientEmail,
  };
}

/** Per-type columns: admin §5, the projectName of the non-Dialogflow types is the name. */
function valuesOf(input: QueueIntegrationInput) {
  return {
    projectName: input.type === "dialogflow" ? input.projectName : input.name,
    language: input.type === "dialogflow" ? input.language : "pt-BR",
    dialogflowLocation: input.type === "dialogflow" ? input.dialogflowLocation : "",
  };
}

/**
 * The address the runtime will call, checked as it is saved with the SSRF guard's own rules
 * (lib/net/outbound.ts), so an internal address is refused on the form rather than found out
 * when a customer writes. A name that does not resolve yet is kept.
 */
async function checkAddress(deps: IntegrationDeps, input: QueueIntegrationInput) {
  if (input.type === "dialogflow" || !input.urlN8N) return;
  try {
    await deps.outbound.checkSaved(input.urlN8N);
  } catch (error) {
    if (error instanceof AppError) throw fieldRefusal("urlN8N", { code: error.code });
    throw error;
  }
}

export async function createIntegration(
  deps: IntegrationDeps,
  who: Who,
  input: QueueIntegrationInput,
): Promise<QueueIntegration> {
  await assertPlanFeature(deps.db, who.companyId, "useIntegrations");
  if (input.type === "dialogflow" && !input.jsonContent) {
    throw fieldRefusal("jsonContent", { code: "ERR_REQUIRED" });
  }
  await checkAddress(deps, input);
  // The id first: each secret is sealed for its row, before the transaction (the box may
  // read its key from the database, whose one embedded connection a transaction holds).
  const { id } = await deps.db.one<{ id: number }>(
    sql`select nextval('queue_integrations_id_seq')::int as id`,
  );
  const account = await sealAccount(deps, id, input);
  const hmac = await deps.secrets.seal(newWebhookSecret(), sealPurpose(id, "hmacSecret"));
  const { projectName, language, dialogflowLocation } = valuesOf(input);
  await conflictOnDuplicate("ERR_INTEGRATION_NAME_TAKEN", () =>
    deps.db.run(sql`
      insert into queue_integrations (
        id, company_id, type, name, project_name, json_content_sealed, json_content_hint,
        language, dialogflow_location, url_n8n, typebot_slug, typebot_expires, typebot_keyword_finish,
        typebot_keyword_restart, typebot_unknown_message, typebot_delay_message,
        typebot_restart_message, hmac_secret_sealed)
      values (
        ${id}, ${who.companyId}, ${input.type}, ${input.name}, ${projectName},
        ${account?.sealed ?? null}, ${account?.hint ?? ""}, ${language},
        ${dialogflowLocation}, ${input.urlN8N},
        ${input.typebotSlug}, ${input.typebotExpires}, ${input.typebotKeywordFinish},
        ${input.typebotKeywordRestart}, ${input.typebotUnknownMessage},
        ${input.typebotDelayMessage}, ${input.typebotRestartMessage}, ${hmac})`));
  const integration = await withSecret(deps, who.companyId, id);
  await publish(deps, who.companyId, { action: "create", queueIntegration: listed(integration) });
  return integration;
}

export async function updateIntegration(
  deps: IntegrationDeps,
  who: Who,
  id: number,
  input: QueueIntegrationInput,
): Promise<QueueIntegration> {
  await assertPlanFeature(deps.db, who.companyId, "useIntegrations");
  const current = await deps.db.maybeOne<{ hasAccount: boolean }>(sql`
    select json_content_sealed is not null as "hasAccount" from queue_integrations
    where id = ${id} and company_id = ${who.companyId}`);
  if (!current) throw new AppError("ERR_NO_INTEGRATION_FOUND", 404);
  if (input.type === "dialogflow" && !input.jsonContent && !current.hasAccount) {
    throw fieldRefusal("jsonContent", { code: "ERR_REQUIRED" });
  }
  await checkAddress(deps, input);
  const account = await sealAccount(deps, id, input);
  const { projectName, language, dialogflowLocation } = valuesOf(input);
  const keepAccount = input.type === "dialogflow";
  await conflictOnDuplicate("ERR_INTEGRATION_NAME_TAKEN", () =>
    deps.db.run(sql`
      update queue_integrations set
        type = ${input.type}, name = ${input.name}, project_name = ${projectName},
        json_content_sealed = ${
      account ? sql`${account.sealed}` : keepAccount ? sql`json_content_sealed` : sql`null`
    },
        json_content_hint = ${
      account ? sql`${account.hint}` : keepAccount ? sql`json_content_hint` : sql`''`
    },
        language = ${language}, dialogflow_location = ${dialogflowLocation},
        url_n8n = ${input.urlN8N}, typebot_slug = ${input.typebotSlug},
        typebot_expires = ${input.typebotExpires},
        typebot_keyword_finish = ${input.typebotKeywordFinish},
        typebot_keyword_restart = ${input.typebotKeywordRestart},
        typebot_unknown_message = ${input.typebotUnknownMessage},
        typebot_delay_message = ${input.typebotDelayMessage},
        typebot_restart_message = ${input.typebotRestartMessage}, updated_at = now()
      where id = ${id} and company_id = ${who.companyId}`));
  const integration = await withSecret(deps, who.companyId, id);
  await publish(deps, who.companyId, { action: "update", queueIntegration: listed(integration) });
  return integration;
}

/** A new signing secret; the old one stops verifying at once. */
export async function rotateIntegrationSecret(
  deps: IntegrationDeps,
  who: Who,
  id: number,
): Promise<QueueIntegration> {
  await assertPlanFeature(deps.db, who.companyId, "useIntegrations");
  // Another company's id is "not found" before anything is sealed.
  if (!await findIntegration(deps.db, who.companyId, id)) {
    throw new AppError("ERR_NO_INTEGRATION_FOUND", 404);
  }
  const sealed = await deps.secrets.seal(newWebhookSecret(), sealPurpose(id, "hmacSecret"));
  const { rowCount } = await deps.db.run(sql`update queue_integrations
    set hmac_secret_sealed = ${sealed}, updated_at = now()
    where id = ${id} and company_id = ${who.companyId}`);
  if (rowCount === 0) throw new AppError("ERR_NO_INTEGRATION_FOUND", 404);
  return await withSecret(deps, who.companyId, id);
}

export async function deleteIntegration(
  deps: IntegrationDeps,
  who: Who,
  id: number,
): Promise<void> {
  await assertPlanFeature(deps.db, who.companyId, "useIntegrations");
  const { rowCount } = await deps.db.run(
    sql`delete from queue_integrations where id = ${id} and company_id = ${who.companyId}`,
  );
  if (rowCount === 0) throw new AppError("ERR_NO_INTEGRATION_FOUND", 404);
  await publish(deps, who.companyId, { action: "delete", integrationId: id });
}

export interface TestSessionInput {
  /** A saved integration whose account is used when `jsonContent` is blank. */
  id?: number;
  projectName: string;
  jsonContent?: string;
  language: string;
  dialogflowLocation: string;
}

/**
 * Checks Dialogflow credentials (admin §7 testSession): a token from the account, then one
 * detectIntent in the language. Answers what the agent said; a refusal names the reason.
 */
export async function testDialogflowSession(
  deps: IntegrationDeps,
  who: Who,
  input: TestSessionInput,
): Promise<{ ok: true; texts: string[] }> {
  await assertPlanFeature(deps.db, who.companyId, "useIntegrations");
  let json = input.jsonContent;
  if (!json && input.id !== undefined) {
    const row = await deps.db.maybeOne<{ sealed: string | null }>(sql`
      select json_content_sealed as sealed from queue_integrations
      where id = ${input.id} and company_id = ${who.companyId}`);
    if (!row) throw new AppError("ERR_NO_INTEGRATION_FOUND", 404);
    if (row.sealed) {
      json = await deps.secrets.open(row.sealed, sealPurpose(input.id, "jsonContent"));
    }
  }
  if (!json) throw fieldRefusal("jsonContent", { code: "ERR_REQUIRED" });
  const account = parseServiceAccount(json);
  try {
    const answer = await deps.dialogflow.detectIntent(account, {
      projectId: input.projectName,
      location: input.dialogflowLocation,
      session: `balcao-test-${who.companyId}`,
      text: "Olá",
      languageCode: input.language,
    });
    return { ok: true, texts: answer.texts };
  } catch (error) {
    if (error instanceof AppError && error.code === "ERR_VALIDATION") throw error;
    const reason = error instanceof AppError
      ? String(error.details?.reason ?? error.code)
      : "unreachable";
    throw new AppError("ERR_INTEGRATION_TEST_FAILED", 400, { reason });
  }
}

/** What lists and events carry: never the secret. */
function listed(integration: QueueIntegration): QueueIntegration {
  const { hmacSecret: _secret, ...rest } = integration;
  return rest;
}

export type IntegrationEvent =
  | { action: "create" | "update"; queueIntegration: QueueIntegration }
  | { action: "delete"; integrationId: number };

/** The list holds no secret, so the company's room hears it (as the spec's client listens). */
async function publish(
  deps: Pick<ServiceDeps, "hub">,
  companyId: number,
  event: IntegrationEvent,
) {
  await deps.hub.publish(rooms.company(companyId), channels.queueIntegration(companyId), event);
}
