import type { AccessClaims } from "../auth/tokens.ts";

/** The typed per-request variables every middleware and route may read. */
export interface AppVariables {
  /** Set by the authenticate middleware when the request is signed in. */
  auth?: AccessClaims;
  /**
   * The request was signed in by a valid `Authorization: Bearer` token, which a browser never
   * adds by itself: the cross-site guard has nothing to guard.
   */
  bearer?: boolean;
  /** The request carried an access token that is expired, forged or superseded. */
  staleToken?: boolean;
  requestId: string;
  /** The caller's address (lib/http/client_ip.ts), proxies accounted for. */
  clientIp?: string;
  /** Nonce for this response's inline scripts (see security.ts). */
  nonce: string;
}

export interface AppEnv {
  Variables: AppVariables;
}
