/**
 * Dialogflow ES over REST (issue 18 item 3; the v2 reference,
 * https://cloud.google.com/dialogflow/es/docs/reference/rest/v2/projects.agent.sessions/detectIntent):
 * an access token from the service account's own key (a JWT signed here with RS256,
 * exchanged at the account's token endpoint, kept until a minute before it expires), then
 * `detectIntent` in the integration's language.
 *
 * As Google serves it: a text input takes at most 256 characters (a longer message is cut at
 * a word, not refused); an agent in a region (https://cloud.google.com/dialogflow/es/docs/how/region)
 * is asked at `{region}-dialogflow.googleapis.com` under `locations/{region}`; a 429 or 5xx is
 * tried again, twice, after a short and growing pause (Retry-After when Google gives one);
 * the messages are those of the default platform, not the copies an agent keeps for
 * Facebook, Telegram and the rest.
 *
 * The addresses come from outside the code: the token endpoint is the account's `token_uri`
 * (Google's when absent), detectIntent's root is `DIALOGFLOW_URL` (a regional agent's,
 * `DIALOGFLOW_REGIONAL_URL`). All go through the outbound guard, since the account JSON is
 * a company's input.
 */
import { importPKCS8, SignJWT } from "jose";
import type { OutboundFetch } from "../../lib/net/outbound.ts";
import { AppError } from "../../lib/http/errors.ts";
import { fieldRefusal } from "../../lib/http/validate.ts";
import type { Clock } from "../../lib/clock.ts";

const GOOGLE_TOKEN_URL = "https://oauth2.googleapis.com/token";
const SCOPE = "https://www.googleapis.com/auth/cloud-platform";
const TOKEN_LIFETIME_S = 3600;
/** A token this close to its end is not used: a slow call would reach Google expired. */
const EARLY_RENEWAL_MS = 60_000;
const CALL_TIMEOUT_MS = 15_000;
/** `queryInput.text.text` is refused above this many characters (Dialogflow ES quotas). */
export const TEXT_LIMIT = 256;
/** Pauses before the second and third tries of a call Google asked to retry. */
const RETRY_PAUSES_MS = [500, 1_500];
const MAX_RETRY_AFTER_MS = 5_000;

export interface ServiceAccount {
  clientEmail: string;
  privateKey: string;
  tokenUri: string;
}

/** The parts of a service-account JSON we use; a refusal of the field when it is not one. */
export function parseServiceAccount(text: string): ServiceAccount {
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(text);
  } catch {
    throw fieldRefusal("jsonContent", { code: "ERR_INTEGRATION_JSON_INVALID" });
  }
  const clientEmail = json?.client_email;
  const privateKey = json?.private_key;
  const tokenUri = json?.token_uri ?? GOOGLE_TOKEN_URL;
  if (
    typeof clientEmail !== "string" || !clientEmail.includes("@") ||
    typeof privateKey !== "string" || !privateKey.includes("PRIVATE KEY") ||
    typeof tokenUri !== "string"
  ) {
    throw fieldRefusal("jsonContent", { code: "ERR_INTEGRATION_JSON_INVALID" });
  }
  return { clientEmail, privateKey, tokenUri };
}

interface CachedToken {
  token: string;
  expiresAt: number;
}

export interface DialogflowClient {
  /** An access token for the account (cached per account and key). */
  accessToken(account: ServiceAccount): Promise<string>;
  detectIntent(
    account: ServiceAccount,
    request: {
      projectId: string;
      /** '' for a global agent, else its region ("europe-west2"). */
      location: string;
      session: string;
      text: string;
      languageCode: string;
    },
  ): Promise<DialogflowAnswer>;
}

export interface DialogflowAnswer {
  texts: string[];
  /** The matched intent ends the conversation. */
  end: boolean;
}

/** A provider refusal or an answer we cannot read, with the reason for the log. */
function providerError(what: string, status: number): AppError {
  return new AppError("ERR_INTEGRATION_PROVIDER", 502, { reason: `${what}: HTTP ${status}` });
}

/**
 * The text as Dialogflow takes it: at most 256 characters, cut at the last space when one is
 * near the end, so the agent reads words.
 */
export function fitText(text: string): string {
  const chars = [...text.trim()];
  if (chars.length <= TEXT_LIMIT) return chars.join("");
  const cut = chars.slice(0, TEXT_LIMIT).join("");
  const space = cut.lastIndexOf(" ");
  return (space > cut.length - 40 ? cut.slice(0, space) : cut).trimEnd();
}

/** Google asked to try again later: too many requests, or its side failed. */
const retryable = (status: number) => status === 429 || status >= 500;

/** How long Google asked to wait (Retry-After in seconds), within bounds; else the default. */
function pauseBefore(attempt: number, retryAfter: string | null): number {
  const asked = Number(retryAfter);
  if (retryAfter && Number.isFinite(asked)) return Math.min(asked * 1000, MAX_RETRY_AFTER_MS);
  return RETRY_PAUSES_MS[attempt] ?? RETRY_PAUSES_MS.at(-1)!;
}

export function createDialogflowClient(
  deps: {
    outbound: OutboundFetch;
    dialogflowUrl: string;
    dialogflowRegionalUrl: string;
    clock: Clock;
  },
): DialogflowClient {
  const tokens = new Map<string, CachedToken>();

  async function accessToken(account: ServiceAccount): Promise<string> {
    // The key is part of the cache key: a replaced JSON gets a token of its own at once.
    const cacheKey = `${account.clientEmail}\n${account.tokenUri}\n${account.privateKey}`;
    const now = deps.clock.now().getTime();
    const cached = tokens.get(cacheKey);
    if (cached && cached.expiresAt - EARLY_RENEWAL_MS > now) return cached.token;
    let key: CryptoKey;
    try {
      key = await importPKCS8(account.privateKey, "RS256");
    } catch {
      throw fieldRefusal("jsonContent", { code: "ERR_INTEGRATION_JSON_INVALID" });
    }
    const issuedAt = Math.floor(now / 1000);
    const assertion = await new SignJWT({ scope: SCOPE })
      .setProtectedHeader({ alg: "RS256", typ: "JWT" })
      .setIssuer(account.clientEmail)
      .setSubject(account.clientEmail)
      .setAudience(account.tokenUri)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + TOKEN_LIFETIME_S)
      .sign(key);
    const response = await deps.outbound(account.tokenUri, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer",
        assertion,
      }).toString(),
    }, { timeoutMs: CALL_TIMEOUT_MS });
    if (response.status !== 200) throw providerError("token", response.status);
    const body = safeJson(response.json) as { access_token?: unknown; expires_in?: unknown };
    if (typeof body?.access_token !== "string") throw providerError("token", response.status);
    const lifetime = typeof body.expires_in === "number" ? body.expires_in : TOKEN_LIFETIME_S;
    tokens.set(cacheKey, { token: body.access_token, expiresAt: now + lifetime * 1000 });
    return body.access_token;
  }

  return {
    accessToken,
    async detectIntent(account, request) {
      const token = await accessToken(account);
      const project = `projects/${encodeURIComponent(request.projectId)}`;
      const where = request.location
        ? `${deps.dialogflowRegionalUrl.replace("{region}", request.location)}/v2/${project}` +
          `/locations/${encodeURIComponent(request.location)}`
        : `${deps.dialogflowUrl}/v2/${project}`;
      const url = `${where}/agent/sessions/${encodeURIComponent(request.session)}:detectIntent`;
      const body = JSON.stringify({
        queryInput: { text: { text: fitText(request.text), languageCode: request.languageCode } },
      });
      for (let attempt = 0;; attempt++) {
        const response = await deps.outbound(url, {
          method: "POST",
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          body,
        }, { timeoutMs: CALL_TIMEOUT_MS });
        if (response.status === 200) return answerOf(safeJson(response.json));
        if (!retryable(response.status) || attempt >= RETRY_PAUSES_MS.length) {
          throw providerError("detectIntent", response.status);
        }
        const pause = pauseBefore(attempt, response.headers.get("retry-after"));
        await new Promise((resolve) => setTimeout(resolve, pause));
      }
    },
  };
}

function safeJson(read: () => unknown): unknown {
  try {
    return read();
  } catch {
    return undefined;
  }
}

interface QueryResult {
  fulfillmentText?: string;
  fulfillmentMessages?: { platform?: string; text?: { text?: string[] } }[];
  intent?: { endInteraction?: boolean };
  diagnosticInfo?: { end_conversation?: boolean };
}

/** WhatsApp is none of Dialogflow ES's platforms: the default responses are ours. */
const isDefaultPlatform = (platform: string | undefined) =>
  platform === undefined || platform === "" || platform === "PLATFORM_UNSPECIFIED";

/**
 * The texts to send (the default platform's messages' texts, else the fulfillment text) and
 * the end flag.
 */
export function answerOf(body: unknown): DialogflowAnswer {
  const result = (body as { queryResult?: QueryResult } | undefined)?.queryResult ?? {};
  const texts = (result.fulfillmentMessages ?? [])
    .filter((message) => isDefaultPlatform(message.platform))
    .flatMap((message) => message.text?.text ?? [])
    .filter((text): text is string => typeof text === "string" && text.trim() !== "");
  if (texts.length === 0 && result.fulfillmentText?.trim()) texts.push(result.fulfillmentText);
  const end = result.intent?.endInteraction === true ||
    result.diagnosticInfo?.end_conversation === true;
  return { texts, end };
}
