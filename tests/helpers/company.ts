/**
 * The one way tests make a company with its users and their access tokens. Tokens are signed
 * directly (signing in through /api/auth/login would run into its rate limit; login has its
 * own tests); the server still checks the user, its token version and its company on every
 * call. The older helpers (apiAs, callerFor, tokenFor, accessTokenFor, openAppWithActors,
 * twoCompanyCallers) delegate here.
 *
 * @example
 * const acme = await createCompanyWithUsers(db, jwtKey, { admin: {}, agent: { profile: "user" } });
 * await app.request("/api/tags", { headers: { Authorization: `Bearer ${acme.users.agent.token}` } });
 */
import { signAccessToken } from "../../lib/auth/tokens.ts";
import type { Db } from "../../lib/db/mod.ts";
import { createTestCompany, createTestUser, type TestUser } from "./accounts.ts";

export type Profile = "user" | "admin";

export interface TokenUser {
  id: number;
  companyId: number;
  /** @default "admin" */
  profile?: Profile;
  /** @default false */
  super?: boolean;
  /** The user's token_version; a fresh user's is 0. */
  tokenVersion?: number;
}

/** A valid access token for `user`, as login would issue it. */
export function testToken(jwtKey: Uint8Array, user: TokenUser): Promise<string> {
  return signAccessToken({
    userId: user.id,
    companyId: user.companyId,
    profile: user.profile ?? "admin",
    super: user.super ?? false,
    tokenVersion: user.tokenVersion ?? 0,
  }, jwtKey);
}

export interface UserSpec {
  /** @default "admin" */
  profile?: Profile;
  super?: boolean;
  password?: string;
}

export interface CompanyOptions {
  /** Days until the company's due date (null: none). @default 30 */
  dueInDays?: number | null;
  /** @default true */
  status?: boolean;
}

export type CompanyUser = TestUser & { profile: Profile; super: boolean; token: string };

export interface TestCompany<K extends string> {
  companyId: number;
  /** Each user by the name the test gave it, with its access token. */
  users: Record<K, CompanyUser>;
}

/** A company and, for each entry of `users`, a user of that company with a token. */
export async function createCompanyWithUsers<K extends string>(
  db: Db,
  jwtKey: Uint8Array,
  users: Record<K, UserSpec>,
  company: CompanyOptions = {},
): Promise<TestCompany<K>> {
  const companyId = await createTestCompany(db, company);
  const made = {} as Record<K, CompanyUser>;
  for (const name of Object.keys(users) as K[]) {
    const spec = users[name];
    const user = await createTestUser(db, companyId, spec);
    const profile = spec.profile ?? "admin";
    const superUser = spec.super ?? false;
    const token = await testToken(jwtKey, { ...user, profile, super: superUser });
    made[name] = { ...user, profile, super: superUser, token };
  }
  return { companyId, users: made };
}
