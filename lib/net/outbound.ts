/**
 * Every call the server makes to an address a company user typed (webhooks, n8n, Typebot,
 * media by URL) goes through `outboundFetch`, so that no tenant can make the server reach
 * what only it can reach (OWASP ASVS 1.3.6, Chatwoot GHSA-wxhm-4rjw-9m7v): the cloud's
 * metadata service, the database, an admin port on the private network.
 *
 * - Only http and https, and only hosts whose every resolved address is public; loopback,
 *   private, shared, link-local (169.254.169.254 is there), multicast and reserved ranges are
 *   refused, IPv4-mapped IPv6 included, unless the host (or host:port) is listed in
 *   `ALLOW_PRIVATE_HOSTS` (tests, an n8n on the same network).
 * - Redirects are followed by hand, each new address checked the same way, at most five
 *   (or not at all, for a caller that asks so).
 * - A time limit for the whole call and a limit on the answer's size.
 *
 * The check resolves the name, then `fetch` resolves it again: a DNS server that answers a
 * public address to the first and a private one to the second (rebinding) is not stopped
 * here. Deno's `fetch` neither keeps a Host header nor takes a resolver, so the connection
 * cannot be pinned to the checked address; the time between the two lookups is short and
 * the attack also needs a resolver whose records the attacker controls with a zero TTL.
 */
import { BlockList, isIP } from "node:net";
import { AppError } from "../http/errors.ts";

/** Ranges no outbound call may reach (IANA special-purpose registries, IPv4 and IPv6). */
const REFUSED = new BlockList();
for (
  const [network, prefix] of [
    ["0.0.0.0", 8],
    ["10.0.0.0", 8],
    ["100.64.0.0", 10],
    ["127.0.0.0", 8],
    ["169.254.0.0", 16],
    ["172.16.0.0", 12],
    ["192.0.0.0", 24],
    ["192.0.2.0", 24],
    ["192.88.99.0", 24],
    ["192.168.0.0", 16],
    ["198.18.0.0", 15],
    ["198.51.100.0", 24],
    ["203.0.113.0", 24],
    ["224.0.0.0", 4],
    ["240.0.0.0", 4],
  ] as const
) REFUSED.addSubnet(network, prefix, "ipv4");
for (
  const [network, prefix] of [
    ["::", 128],
    ["::1", 128],
    ["64:ff9b::", 96],
    ["100::", 64],
    ["2001:db8::", 32],
    ["fc00::", 7],
    ["fe80::", 10],
    ["ff00::", 8],
  ] as const
) REFUSED.addSubnet(network, prefix, "ipv6");
// IPv4-mapped IPv6 (::ffff:10.0.0.1) is checked against the IPv4 ranges by BlockList itself.

export type Resolve = (host: string) => Promise<string[]>;

export interface OutboundOptions {
  /** Hosts or host:port pairs that may be private (`ALLOW_PRIVATE_HOSTS`). */
  allowPrivateHosts?: readonly string[];
  /** For the whole call, redirects included. */
  timeoutMs?: number;
  /** The most bytes of the answer's body read; more is refused. */
  maxBytes?: number;
  /** Tests name what a host resolves to; by default the system's DNS. */
  resolve?: Resolve;
  /**
   * False: a redirect is answered as it came (its status and Location), never followed. A
   * POST whose event must not turn into a GET without it (webhooks) asks for this.
   */
  followRedirects?: boolean;
}

export const OUTBOUND_TIMEOUT_MS = 15_000;
export const OUTBOUND_MAX_BYTES = 5 * 1024 * 1024;
const MAX_REDIRECTS = 5;

/** The answer of an outbound call, its body read within the size limit. */
export interface OutboundResponse {
  status: number;
  headers: Headers;
  body: Uint8Array;
  /** The address that answered, after redirects. */
  url: string;
  text(): string;
  json(): unknown;
}

/** The system resolver: every A and AAAA address of `host` ("localhost" is loopback). */
export const systemResolve: Resolve = async (host) => {
  if (host === "localhost" || host.endsWith(".localhost")) return ["127.0.0.1", "::1"];
  const lookups = await Promise.allSettled([
    Deno.resolveDns(host, "A"),
    Deno.resolveDns(host, "AAAA"),
  ]);
  return lookups.flatMap((lookup) => lookup.status === "fulfilled" ? lookup.value : []);
};

/** True when `address` (an IP literal) is in none of the refused ranges. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return !REFUSED.check(address, family === 4 ? "ipv4" : "ipv6");
}

function allowedPrivately(url: URL, allowed: readonly string[]): boolean {
  const port = url.port || (url.protocol === "https:" ? "443" : "80");
  const host = url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  return allowed.some((entry) => {
    const item = entry.trim().toLowerCase();
    return item === host || item === `${host}:${port}` || item === `[${host}]:${port}`;
  });
}

/**
 * Checks one address before it is called: the scheme, then every address the host
 * resolves to. Refusals are 400 `AppError`s, so a form that saves an address can use it to
 * refuse one at once.
 */
export async function checkOutboundUrl(
  url: URL,
  options: OutboundOptions = {},
): Promise<void> {
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new AppError("ERR_OUTBOUND_URL_SCHEME", 400);
  }
  if (url.username || url.password) throw new AppError("ERR_OUTBOUND_URL_CREDENTIALS", 400);
  if (allowedPrivately(url, options.allowPrivateHosts ?? [])) return;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const addresses = isIP(host) ? [host] : await (options.resolve ?? systemResolve)(host);
  if (addresses.length === 0) throw new AppError("ERR_OUTBOUND_HOST_NOT_FOUND", 400);
  // Every address, not only the first: a name with one public and one private answer is
  // refused, since the connection may use either.
  if (!addresses.every(isPublicAddress)) throw new AppError("ERR_OUTBOUND_HOST_REFUSED", 400);
}

/**
 * An address as a form saves it, refused for what a call to it would be refused for: the
 * scheme, credentials, a refused literal, a name that resolves into a refused range. A name
 * that does not resolve now is kept: the server may reach it later (a record not yet
 * published, a resolver only the server's network has).
 */
export async function checkSavedUrl(
  address: string,
  options: Omit<OutboundOptions, "timeoutMs" | "maxBytes"> = {},
): Promise<void> {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new AppError("ERR_OUTBOUND_URL_INVALID", 400);
  }
  try {
    await checkOutboundUrl(url, options);
  } catch (error) {
    if (error instanceof AppError && error.code === "ERR_OUTBOUND_HOST_NOT_FOUND") return;
    throw error;
  }
}

async function readLimited(response: Response, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(response.headers.get("content-length") ?? "0");
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw new AppError("ERR_OUTBOUND_TOO_LARGE", 502);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body ?? []) {
    size += chunk.byteLength;
    if (size > maxBytes) throw new AppError("ERR_OUTBOUND_TOO_LARGE", 502);
    chunks.push(chunk);
  }
  const body = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return body;
}

/**
 * `fetch` for addresses a company user chose. Refusals are `AppError`s (400 for the address,
 * 502 for an answer too large, 504 for the time limit), so a caller can record the reason.
 */
export async function outboundFetch(
  input: string | URL,
  init: RequestInit = {},
  options: OutboundOptions = {},
): Promise<OutboundResponse> {
  const signal = AbortSignal.timeout(options.timeoutMs ?? OUTBOUND_TIMEOUT_MS);
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new AppError("ERR_OUTBOUND_URL_INVALID", 400);
  }
  let method = init.method ?? "GET";
  let body = init.body;
  try {
    for (let hop = 0;; hop++) {
      await checkOutboundUrl(url, options);
      const response = await fetch(url, {
        ...init,
        method,
        body,
        redirect: "manual",
        signal,
      });
      const location = response.headers.get("location");
      const follow = options.followRedirects ?? true;
      if (follow && response.status >= 300 && response.status < 400 && location) {
        await response.body?.cancel();
        if (hop >= MAX_REDIRECTS) throw new AppError("ERR_OUTBOUND_TOO_MANY_REDIRECTS", 502);
        url = new URL(location, url);
        // 303, and 301/302 after a POST, go on as GET without a body, as browsers do.
        if (response.status === 303 || (method === "POST" && response.status < 303)) {
          method = "GET";
          body = undefined;
        }
        continue;
      }
      const bytes = await readLimited(response, options.maxBytes ?? OUTBOUND_MAX_BYTES);
      const answered = url.href;
      return {
        status: response.status,
        headers: response.headers,
        body: bytes,
        url: answered,
        text: () => new TextDecoder().decode(bytes),
        json: () => JSON.parse(new TextDecoder().decode(bytes)),
      };
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (signal.aborted) throw new AppError("ERR_OUTBOUND_TIMEOUT", 504);
    throw new AppError("ERR_OUTBOUND_UNREACHABLE", 502);
  }
}

/**
 * `outboundFetch` with the installation's options bound (services/deps.ts `outbound`), and
 * `checkSaved`, the same rules for an address as a form saves it (`checkSavedUrl`).
 */
export interface OutboundFetch {
  (
    input: string | URL,
    init?: RequestInit,
    options?: Omit<OutboundOptions, "allowPrivateHosts">,
  ): Promise<OutboundResponse>;
  checkSaved(address: string): Promise<void>;
}

/** The installation's outbound client: `ALLOW_PRIVATE_HOSTS` applied to every call. */
export function outboundClient(allowPrivateHosts: readonly string[]): OutboundFetch {
  return Object.assign(
    (input: string | URL, init?: RequestInit, options?: OutboundOptions) =>
      outboundFetch(input, init, { ...options, allowPrivateHosts }),
    { checkSaved: (address: string) => checkSavedUrl(address, { allowPrivateHosts }) },
  );
}
