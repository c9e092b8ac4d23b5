/**
 * What the web layer gets: the services' dependencies plus what only HTTP needs (the signing
 * key, the public address, the cookie and origin policy, the count of password guesses, the
 * payment provider). main.ts builds it once (`webDepsOf`); every API router and every page
 * reads this one type.
 */
import type { FailureThrottle } from "../lib/http/rate_limit.ts";
import type { PixProvider } from "../services/billing/pix/mod.ts";
import type { ServiceDeps } from "../services/deps.ts";

export interface WebDeps extends ServiceDeps {
  /** Signs and verifies access tokens (services/accounts/secrets.ts). */
  jwtKey: Uint8Array;
  /** PUBLIC_URL: links in e-mails and pages, and an origin whose pages may use our cookies. */
  publicUrl: string;
  /** Cookies are marked Secure when the installation is served over https. */
  secureCookies: boolean;
  /** One count of wrong passwords for sign-in and account changes alike. */
  loginThrottle: FailureThrottle;
  /** CORS_ORIGINS: other sites allowed to call the API and open `/ws` with credentials. */
  corsOrigins: readonly string[];
  /** How many reverse proxies append to X-Forwarded-For (lib/http/client_ip.ts). */
  trustProxy: number;
  /** The checkout's Pix provider; null when the installation takes no payments. */
  pix: PixProvider | null;
  /** The Pix webhook's secret path segment; unset: no webhook is accepted. */
  pixWebhookSecret?: string;
}

/**
 * Origins whose pages may use the user's cookies: this site (its PUBLIC_URL too, for when a
 * proxy rewrites Host) and CORS_ORIGINS.
 */
export function trustedOriginsOf(deps: Pick<WebDeps, "publicUrl" | "corsOrigins">): Set<string> {
  return new Set([new URL(deps.publicUrl).origin, ...deps.corsOrigins]);
}
