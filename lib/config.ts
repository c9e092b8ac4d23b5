/**
 * Reads the process environment once into a typed configuration.
 * Every setting of the README's configuration table is here, and nowhere else.
 */
import { z } from "zod";
import { parseS3Url, type S3Location } from "./media/s3_url.ts";
import { type PixConfig, pixConfigOf, PixEnvSchema } from "./config_pix.ts";

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8000),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z.string().url().optional(),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  JWT_SECRET: z.string().min(32).optional(),
  ENCRYPTION_KEY: z.string().min(32).optional(),
  PUBLIC_URL: z.string().url().optional(),
  SMTP_URL: z.string().url().optional(),
  OPENAI_BASE_URL: z.string().url().optional(),
  OPENAI_MODEL: z.string().trim().min(1).max(100).optional(),
  /** Azure Speech's address, `{region}` and `{service}` (tts, stt) filled in per call. */
  AZURE_SPEECH_URL: z.string().includes("{region}").includes("{service}").optional(),
  DIALOGFLOW_URL: z.string().url().default("https://dialogflow.googleapis.com"),
  /** A regional agent's API root, `{region}` filled in (Google's `{region}-dialogflow` host). */
  DIALOGFLOW_REGIONAL_URL: z.string().includes("{region}")
    .default("https://{region}-dialogflow.googleapis.com"),
  /** Asaas's API address for the "segunda via" lookups (its sandbox, or a test's fake). */
  ASAAS_BASE_URL: z.string().url().optional(),
  /** Hosts or host:port pairs on a private network that outbound calls may reach. */
  ALLOW_PRIVATE_HOSTS: z.string().optional().transform((value) =>
    (value ?? "").split(",").map((part) => part.trim().toLowerCase()).filter(Boolean)
  ),
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  WA_WEBSOCKET_URL: z.string().url().optional(),
  /** WhatsApp's root key replaced by a local server's (hex): only for a loopback socket. */
  WA_ROOT_PUBLIC_KEY: z.string().regex(/^[0-9a-fA-F]{64}$/, "64 hexadecimal digits").optional(),
  CORS_ORIGINS: z.string().optional().transform((value, ctx) => {
    const origins = new Set<string>();
    for (const item of (value ?? "").split(",").map((part) => part.trim()).filter(Boolean)) {
      const origin = bareOrigin(item);
      if (!origin) {
        ctx.addIssue({
          code: "custom",
          message: `"${item}" is not an origin like https://app.example.com (no path)`,
        });
        return z.NEVER;
      }
      origins.add(origin);
    }
    return [...origins];
  }),
  MEDIA_S3_URL: z.string().optional().transform((value, ctx) => {
    if (!value) return undefined;
    const location = parseS3Url(value);
    if (typeof location === "string") {
      // The URL holds a secret: name the problem, never the value.
      ctx.addIssue({ code: "custom", message: `not an object store address: ${location}` });
      return z.NEVER;
    }
    return location;
  }),
}).extend(PixEnvSchema.shape).superRefine((env, ctx) => {
  // Trusting another root key means trusting another WhatsApp: only a server on this machine
  // (the simulator) may be trusted that way, never a host on the network.
  if (env.WA_ROOT_PUBLIC_KEY && !isLoopbackUrl(env.WA_WEBSOCKET_URL)) {
    ctx.addIssue({
      code: "custom",
      path: ["WA_ROOT_PUBLIC_KEY"],
      message:
        "only allowed when WA_WEBSOCKET_URL points at this machine (127.0.0.1, ::1, localhost)",
    });
  }
});

/** True for a URL whose host is a loopback address. */
export function isLoopbackUrl(text: string | undefined): boolean {
  if (!text) return false;
  let host: string;
  try {
    host = new URL(text).hostname;
  } catch {
    return false;
  }
  return host === "localhost" || host === "[::1]" || /^127(\.\d{1,3}){3}$/.test(host);
}

/** `scheme://host[:port]` of an http(s) URL without a path, query or credentials; else null. */
function bareOrigin(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  const plain = (url.protocol === "http:" || url.protocol === "https:") &&
    (url.pathname === "/" || url.pathname === "") && !url.search && !url.hash &&
    !url.username && !url.password;
  return plain ? url.origin : null;
}

export interface Config {
  port: number;
  dataDir: string;
  databaseUrl?: string;
  adminEmail?: string;
  adminPassword?: string;
  /** Unset means: generate one on first start and keep it in the database. */
  jwtSecret?: string;
  /** Seals companies' secrets; generated and kept in the database when unset. */
  encryptionKey?: string;
  publicUrl: string;
  smtpUrl?: string;
  openaiBaseUrl?: string;
  /** The chat model AI prompts answer with (`DEFAULT_CHAT_MODEL` when unset). */
  openaiModel?: string;
  /** Azure Speech's address template (lib/ai/azure_speech.ts); Azure's own when unset. */
  azureSpeechUrl?: string;
  /** Dialogflow ES's API root (detectIntent); tests point it at a fake. */
  dialogflowUrl: string;
  /** The same for regional agents, with `{region}` in it. */
  dialogflowRegionalUrl: string;
  asaasBaseUrl?: string;
  /** Private hosts (or host:port) that outbound calls to tenant-chosen addresses may reach. */
  allowPrivateHosts: string[];
  /** How many reverse proxies in front append to X-Forwarded-For (0: none, use the socket). */
  trustProxy: number;
  /** WhatsApp Web's socket for Baileys; unset, Baileys' own. Tests point it at 127.0.0.1. */
  waWebSocketUrl?: string;
  /** A local WhatsApp server's root key (hex), trusted instead of WhatsApp's; loopback only. */
  waRootPublicKey?: string;
  /**
   * Origins (scheme://host[:port]) of other sites allowed to call the API from a browser, with
   * credentials, and to open `/ws`. Empty: no CORS at all.
   */
  corsOrigins: string[];
  /** An S3-compatible object store for media (MEDIA_S3_URL); unset, the data folder. */
  mediaS3?: S3Location;
  /** Pix payments for the checkout (lib/config_pix.ts). */
  pix: PixConfig;
}

/** Parses the environment, failing with every bad variable named. */
export function loadConfig(env: Record<string, string | undefined> = Deno.env.toObject()): Config {
  const blanksRemoved = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ""),
  );
  const parsed = EnvSchema.safeParse(blanksRemoved);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) =>
      `${issue.path.join(".")}: ${issue.message}`
    );
    throw new Error(`Invalid configuration in the environment:\n  ${problems.join("\n  ")}`);
  }
  const e = parsed.data;
  const pix = pixConfigOf(e);
  if (Array.isArray(pix)) {
    throw new Error(`Invalid configuration in the environment:\n  ${pix.join("\n  ")}`);
  }
  return {
    port: e.PORT,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    jwtSecret: e.JWT_SECRET,
    encryptionKey: e.ENCRYPTION_KEY,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    smtpUrl: e.SMTP_URL,
    openaiBaseUrl: e.OPENAI_BASE_URL,
    openaiModel: e.OPENAI_MODEL,
    azureSpeechUrl: e.AZURE_SPEECH_URL,
    dialogflowUrl: e.DIALOGFLOW_URL.replace(/\/+$/, ""),
    dialogflowRegionalUrl: e.DIALOGFLOW_REGIONAL_URL.replace(/\/+$/, ""),
    asaasBaseUrl: e.ASAAS_BASE_URL,
    allowPrivateHosts: e.ALLOW_PRIVATE_HOSTS,
    trustProxy: e.TRUST_PROXY,
    waWebSocketUrl: e.WA_WEBSOCKET_URL,
    waRootPublicKey: e.WA_ROOT_PUBLIC_KEY?.toLowerCase(),
    corsOrigins: e.CORS_ORIGINS,
    mediaS3: e.MEDIA_S3_URL,
    pix,
  };
}
