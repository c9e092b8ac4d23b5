/**
 * The JSON API as islands call it (DESIGN §4). The access token lives in an httpOnly cookie,
 * so this module never sees a token: it sends cookies (`credentials: "same-origin"`) and
 * applies the session rules of the spec (core, "Session"):
 *
 * - 403: the access token may simply be stale, so refresh it once and retry the call once.
 *   Concurrent calls share one refresh, because the refresh token rotates and reusing an old
 *   one counts as theft on the server.
 * - 401, or a refresh the server refuses: the session is over, so sign out.
 *
 * @example
 * const page = await api<TicketPage>("/api/tickets", { query: { pageNumber: 1 } });
 * try { await api("/api/tickets/7", { method: "PUT", body: { status: "open" } }); }
 * catch (err) { toastError(err instanceof ApiError ? err.code : undefined); }
 */
import { t } from "../i18n/client.ts";
import { type FieldErrors, isFieldErrors } from "../http/field_errors.ts";

export type QueryValue = string | number | boolean | null | undefined;

export interface ApiOptions {
  /** @default "GET" */
  method?: string;
  /** FormData, URLSearchParams, Blob and binary bodies are sent as they are; anything else as JSON. */
  body?: unknown;
  /** Appended to the path; `null`/`undefined` values are left out, arrays repeat the key. */
  query?: Record<string, QueryValue | QueryValue[]>;
  signal?: AbortSignal;
  /**
   * Whether 403/401 answers mean "session trouble". Off by default for the auth endpoints
   * themselves: a wrong password (401 on login) must not sign anybody out.
   */
  session?: boolean;
}

export interface ApiConfig {
  fetch?: typeof fetch;
  /** Called when the session is over. @default navigate to `/login` */
  onSignedOut?: () => void;
  /** Prefix for every path; empty in the browser (same origin), absolute in tests. */
  baseUrl?: string;
}

/** An answer that was not 2xx. `code` is the server's `ERR_…`, or a client-side one. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** Field path to its code and limits, for `ERR_VALIDATION` (see field_errors.ts). */
  readonly fields?: FieldErrors;
  /** Other fields of the error body, e.g. `dueDate` or `retryAfter`. */
  readonly details: Readonly<Record<string, unknown>>;

  constructor(
    status: number,
    code: string,
    fields?: FieldErrors,
    details: Record<string, unknown> = {},
  ) {
    super(`${code} (HTTP ${status})`);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    if (fields) this.fields = fields;
    this.details = details;
  }
}

export const REFRESH_PATH = "/api/auth/refresh_token";
/** Paths whose 401/403 are about credentials, not about an expired session. */
const SESSION_FREE_PATHS = new Set(["/api/auth/login", REFRESH_PATH, "/api/auth/logout"]);

const defaults: Required<ApiConfig> = {
  fetch: (input, init) => globalThis.fetch(input, init),
  onSignedOut: () => globalThis.location.assign("/login"),
  baseUrl: "",
};
let config: Required<ApiConfig> = { ...defaults };
let refreshing: Promise<boolean> | null = null;

/** Replaces parts of the configuration (tests inject `fetch` and `onSignedOut`). */
export function configureApi(options: ApiConfig): void {
  config = { ...config, ...options };
}

/** Back to the browser defaults, with no refresh in flight (tests). */
export function resetApi(): void {
  config = { ...defaults };
  refreshing = null;
}

/** Ends the session in this tab through the configured `onSignedOut`. */
export function signOut(): void {
  config.onSignedOut();
}

/**
 * Asks the server for a new access token. Resolves `true` when it gave one and `false` when
 * it refused (the session is over); rejects when the server could not be reached, so callers
 * can tell "signed out" from "offline". Calls made while one is in flight share it.
 */
export function refreshSession(): Promise<boolean> {
  refreshing ??= (async () => {
    try {
      const response = await config.fetch(config.baseUrl + REFRESH_PATH, {
        method: "POST",
        credentials: "same-origin",
        headers: { accept: "application/json" },
      });
      await response.body?.cancel();
      return response.ok;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

/** Calls the API and returns the parsed JSON (or `undefined` for an empty answer). */
export async function api<T = unknown>(path: string, options: ApiOptions = {}): Promise<T> {
  const session = options.session ?? !SESSION_FREE_PATHS.has(path.split("?")[0]!);
  let response = await send(path, options);
  if (session && response.status === 403) {
    await response.body?.cancel();
    let refreshed: boolean;
    try {
      refreshed = await refreshSession();
    } catch {
      throw new ApiError(0, "ERR_NETWORK");
    }
    if (!refreshed) {
      signOut();
      throw new ApiError(401, "ERR_SESSION_EXPIRED");
    }
    response = await send(path, options);
  }
  if (!response.ok) {
    const error = await readError(response);
    if (session && response.status === 401) signOut();
    throw error;
  }
  return await readBody(response) as T;
}

async function send(path: string, options: ApiOptions): Promise<Response> {
  const headers: Record<string, string> = { accept: "application/json" };
  let body: BodyInit | undefined;
  if (options.body !== undefined) {
    if (isRawBody(options.body)) {
      body = options.body;
    } else {
      body = JSON.stringify(options.body);
      headers["content-type"] = "application/json";
    }
  }
  try {
    return await config.fetch(config.baseUrl + withQuery(path, options.query), {
      method: options.method ?? "GET",
      headers,
      body,
      credentials: "same-origin",
      signal: options.signal,
    });
  } catch (err) {
    // An abort is the caller's own doing and stays recognisable as such.
    if (options.signal?.aborted) throw err;
    throw new ApiError(0, "ERR_NETWORK");
  }
}

/** Bodies that carry their own content type (a multipart boundary, a file's type…). */
function isRawBody(body: unknown): body is BodyInit {
  return body instanceof FormData || body instanceof URLSearchParams || body instanceof Blob ||
    body instanceof ArrayBuffer || ArrayBuffer.isView(body) || body instanceof ReadableStream;
}

function withQuery(path: string, query: ApiOptions["query"]): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== null && item !== undefined) params.append(key, String(item));
    }
  }
  const text = params.toString();
  if (!text) return path;
  return path + (path.includes("?") ? "&" : "?") + text;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get("content-type") ?? "";
  return type.includes("json") ? JSON.parse(text) : text;
}

/**
 * `{error, fields?, ...details}` from the body; a body without a code gets one named after
 * the status.
 */
async function readError(response: Response): Promise<ApiError> {
  let payload: unknown;
  try {
    payload = JSON.parse(await response.text());
  } catch {
    payload = undefined;
  }
  const { error, fields, ...details } =
    (typeof payload === "object" && payload !== null && !Array.isArray(payload) ? payload : {}) as {
      error?: unknown;
      fields?: unknown;
      [key: string]: unknown;
    };
  const code = typeof error === "string" ? error : `ERR_HTTP_${response.status}`;
  return new ApiError(response.status, code, isFieldErrors(fields) ? fields : undefined, details);
}

/**
 * The translated text for a failed call, for a toast: `errors.CODE` when the locale has it
 * (with the answer's details as its values, e.g. `{{limit}}`), else the generic message (a
 * code the locale lacks must not reach the user as `ERR_…`).
 */
export function errorMessage(err: unknown): string {
  const code = err instanceof ApiError ? err.code : undefined;
  if (code) {
    const key = `errors.${code}`;
    const text = t(key, (err as ApiError).details);
    if (text && text !== key) return text;
  }
  return t("errors.generic");
}
