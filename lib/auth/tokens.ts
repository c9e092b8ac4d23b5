/**
 * Access tokens are short-lived JWTs (HS256, jose); refresh tokens are random opaque
 * strings of which only a SHA-256 hash is stored.
 */
import { jwtVerify, SignJWT } from "jose";
import { createHash, randomBytes } from "node:crypto";

export const ACCESS_TOKEN_SECONDS = 15 * 60;
export const REFRESH_TOKEN_DAYS = 30;

/** What an access token says about its bearer. */
// A type alias (not an interface) so it also fits the realtime hub's open Principal type.
export type AccessClaims = {
  userId: number;
  companyId: number;
  profile: "user" | "admin";
  super: boolean;
  /** The user's token_version when issued: a bump signs the user out everywhere. */
  tokenVersion: number;
  /**
   * Names the sign-in the token belongs to (see `sessionIdOf` in services/accounts/sessions.ts),
   * so a tab can tell its own sign-in from another one. Absent in tokens issued before it existed.
   */
  sessionId?: string;
  /**
   * The token's own id (`jti`): logout puts it on the deny-list (lib/http/auth.ts). Set by
   * `verifyAccessToken`; a token without one is refused, so every accepted token can be revoked.
   */
  tokenId?: string;
  /** When the token stops being valid, in ms since the epoch (`exp`); set by `verifyAccessToken`. */
  expiresAt?: number;
};

/** What signing needs: the token's id and expiry are made by `signAccessToken` itself. */
export type NewAccessClaims = Omit<AccessClaims, "tokenId" | "expiresAt">;

export async function signAccessToken(
  claims: NewAccessClaims,
  key: Uint8Array,
): Promise<string> {
  return await new SignJWT({
    companyId: claims.companyId,
    profile: claims.profile,
    super: claims.super,
    tv: claims.tokenVersion,
    ...(claims.sessionId ? { sid: claims.sessionId } : {}),
  })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(String(claims.userId))
    .setJti(crypto.randomUUID())
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_SECONDS}s`)
    .sign(key);
}

/** The claims of a valid, unexpired token, or null. */
export async function verifyAccessToken(
  token: string,
  key: Uint8Array,
): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ["HS256"] });
    const userId = Number(payload.sub);
    if (!Number.isInteger(userId) || typeof payload.companyId !== "number") return null;
    // Tokens issued before tokens had ids cannot be revoked: refused (the browser refreshes).
    if (typeof payload.jti !== "string" || typeof payload.exp !== "number") return null;
    return {
      userId,
      companyId: payload.companyId,
      profile: payload.profile === "admin" ? "admin" : "user",
      super: payload.super === true,
      tokenVersion: typeof payload.tv === "number" ? payload.tv : -1,
      ...(typeof payload.sid === "string" ? { sessionId: payload.sid } : {}),
      tokenId: payload.jti,
      expiresAt: payload.exp * 1000,
    };
  } catch {
    return null;
  }
}

export function newRefreshToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
