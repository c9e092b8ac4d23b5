/**
 * Password hashing with scrypt (node:crypto, maintained with the runtime): memory-hard and
 * slow on purpose. Stored as `scrypt$N$r$p$salt$hash` so the cost can be raised later while
 * old hashes still verify. Accounts imported from Whaticket keep its bcrypt hash (`$2a$…`,
 * `$2b$…`) so their owners sign in with the password they had; `needsRehash` tells the login
 * to replace such a hash with ours once the password is known.
 */
import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import bcrypt from "bcryptjs";

const COST = { N: 16384, r: 8, p: 1 };
const KEY_BYTES = 32;

function derive(password: string, salt: Buffer, cost: typeof COST): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFKC"), salt, KEY_BYTES, { ...cost, maxmem: 64 * 1024 * 1024 }, (
      err,
      key,
    ) => err ? reject(err) : resolve(key));
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, COST);
  return ["scrypt", COST.N, COST.r, COST.p, salt.toString("base64"), key.toString("base64")]
    .join("$");
}

const BCRYPT = /^\$2[aby]\$\d{2}\$[./A-Za-z0-9]{53}$/;

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (BCRYPT.test(stored)) return await bcrypt.compare(password, stored);
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64");
  const key = await derive(password, Buffer.from(salt, "base64"), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** True for a hash that is not ours at today's cost: replace it at the next sign-in. */
export function needsRehash(stored: string): boolean {
  const [scheme, n, r, p] = stored.split("$");
  return scheme !== "scrypt" || Number(n) !== COST.N || Number(r) !== COST.r ||
    Number(p) !== COST.p;
}

/**
 * A hash of a random password, used to spend the same time when the e-mail is unknown so
 * that response times do not reveal which accounts exist.
 */
export const DUMMY_HASH_PROMISE: Promise<string> = hashPassword(crypto.randomUUID());

/**
 * A random password for generated accounts (printed once, or e-mailed): 96 random bits,
 * and always an upper-case letter, a lower-case letter and a digit, so it also passes the
 * strong-password rule of the reset form should its owner type it there.
 */
export function generatePassword(): string {
  for (;;) {
    const password = randomBytes(12).toString("base64url");
    if (/[A-Z]/.test(password) && /[a-z]/.test(password) && /\d/.test(password)) return password;
  }
}
