/**
 * An Efí (Gerencianet) compatible dynamic Pix charge over the Central Bank's "API Pix": OAuth2
 * client credentials over mutual TLS, `PUT /v2/cob/{txid}` for an immediate charge with an
 * expiry, the location's QR text, and `GET /v2/cob/{txid}` to read a charge back when its
 * webhook says it was paid. Every address hangs off `baseUrl`, so a test's fake stands in.
 */
import type { ChargeState, MadeCharge, NewCharge, PixProvider } from "./types.ts";

export interface EfiPixConfig {
  /** e.g. https://pix.api.efipay.com.br */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** The installation's Pix key at the provider (`chave`). */
  key: string;
  /** PEM certificate and key the provider issued, for mutual TLS. */
  certPem: string;
  keyPem: string;
  /** Extra trusted CA (PEM), for a provider behind a private CA (the tests' fake). */
  caPem?: string;
  /** Seconds a charge stays payable. */
  expirySeconds: number;
  /** Each call's time limit. @default 15000 */
  timeoutMs?: number;
}

/** API Pix txids of immediate charges are 26 to 35 alphanumerics. */
export const EFI_TXID_LENGTH = 32;

interface Token {
  value: string;
  /** Wall-clock ms after which a new token is asked for. */
  renewAt: number;
}

/** A provider answer that was not what the contract says: the checkout answers 502-like 503. */
export class PixProviderError extends Error {
  override name = "PixProviderError";
}

export function createEfiPixProvider(config: EfiPixConfig): PixProvider & { close(): void } {
  const client = Deno.createHttpClient({
    cert: config.certPem,
    key: config.keyPem,
    ...(config.caPem ? { caCerts: [config.caPem] } : {}),
  });
  const base = config.baseUrl.replace(/\/+$/, "");
  const timeoutMs = config.timeoutMs ?? 15_000;
  let token: Token | null = null;

  async function call(path: string, init: RequestInit): Promise<Record<string, unknown>> {
    const options: RequestInit & { client: Deno.HttpClient } = {
      ...init,
      client,
      signal: AbortSignal.timeout(timeoutMs),
    };
    const res = await fetch(`${base}${path}`, options);
    const text = await res.text();
    if (!res.ok) throw new PixProviderError(`${init.method ?? "GET"} ${path}: HTTP ${res.status}`);
    try {
      const body = JSON.parse(text);
      if (body && typeof body === "object") return body as Record<string, unknown>;
    } catch { /* reported below */ }
    throw new PixProviderError(`${init.method ?? "GET"} ${path}: not a JSON object`);
  }

  async function accessToken(): Promise<string> {
    if (token && Date.now() < token.renewAt) return token.value;
    const body = await call("/oauth/token", {
      method: "POST",
      headers: {
        Authorization: `Basic ${btoa(`${config.clientId}:${config.clientSecret}`)}`,
        "Content-Type": "application/json",
      },
      body: JSON.stringify({ grant_type: "client_credentials" }),
    });
    const value = body.access_token;
    const seconds = Number(body.expires_in ?? 3600);
    if (typeof value !== "string" || !value) throw new PixProviderError("no access_token");
    // Renewed a minute early, so a call never leaves with a token about to lapse.
    token = { value, renewAt: Date.now() + Math.max(0, seconds - 60) * 1000 };
    return value;
  }

  async function authorized(path: string, init: RequestInit = {}) {
    const headers = new Headers(init.headers);
    headers.set("Authorization", `Bearer ${await accessToken()}`);
    if (init.body) headers.set("Content-Type", "application/json");
    return await call(path, { ...init, headers });
  }

  return {
    name: "efi",
    txidLength: EFI_TXID_LENGTH,

    async createCharge(charge: NewCharge): Promise<MadeCharge> {
      const cob = await authorized(`/v2/cob/${charge.txid}`, {
        method: "PUT",
        body: JSON.stringify({
          calendario: { expiracao: config.expirySeconds },
          valor: { original: charge.amount.toFixed(2) },
          chave: config.key,
          solicitacaoPagador: charge.description.slice(0, 140),
        }),
      });
      const copyPaste = typeof cob.pixCopiaECola === "string"
        ? cob.pixCopiaECola
        : await locationQrText(cob);
      return {
        copyPaste,
        expiresAt: new Date(charge.now.getTime() + config.expirySeconds * 1000),
      };
    },

    async lookupCharge(txid: string): Promise<ChargeState> {
      const cob = await authorized(`/v2/cob/${txid}`);
      const paid = Array.isArray(cob.pix) ? cob.pix : [];
      return {
        status: String(cob.status ?? ""),
        paid: paid.flatMap((pix: unknown) => {
          const entry = pix as { endToEndId?: unknown; valor?: unknown };
          const amount = Number(entry.valor);
          return typeof entry.endToEndId === "string" && Number.isFinite(amount)
            ? [{ endToEndId: entry.endToEndId, amount }]
            : [];
        }),
      };
    },

    close: () => client.close(),
  };

  /** Older API Pix answers carry only the location: its QR endpoint has the text. */
  async function locationQrText(cob: Record<string, unknown>): Promise<string> {
    const loc = cob.loc as { id?: unknown } | undefined;
    if (typeof loc?.id !== "number" && typeof loc?.id !== "string") {
      throw new PixProviderError("the charge has no location");
    }
    const qr = await authorized(`/v2/loc/${encodeURIComponent(String(loc.id))}/qrcode`);
    if (typeof qr.qrcode !== "string") throw new PixProviderError("the location has no qrcode");
    return qr.qrcode;
  }
}
