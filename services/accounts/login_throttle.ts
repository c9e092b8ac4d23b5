/**
 * Password guessing, throttled without handing anyone a way to lock the owner out (issue 15,
 * security 4). Failed guesses count three ways, each with its growing delay:
 * - per (account, address): the one that stops a guesser; the owner signing in from
 *   another address is not affected, and a right guess clears it;
 * - per address: one address guessing across many accounts;
 * - per account: the global ceiling against guessing from many addresses, much higher so
 *   that one attacker cannot reach it quickly.
 * The same counts cover the current password asked by an account change, so a stolen
 * session cannot guess it faster than the sign-in page could: the app makes one throttle
 * (`createLoginThrottle`) and hands it to both.
 */
import {
  addressBucket,
  type BackoffRule,
  FailureThrottle,
  type ThrottleKey,
} from "../../lib/http/rate_limit.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const PER_ACCOUNT_AND_ADDRESS: BackoffRule = {
  free: 5,
  baseMs: 1_000,
  maxMs: 15 * MINUTE,
  forgetAfterMs: HOUR,
};
export const PER_ADDRESS: BackoffRule = {
  free: 30,
  baseMs: 1_000,
  maxMs: 15 * MINUTE,
  forgetAfterMs: HOUR,
};
export const PER_ACCOUNT: BackoffRule = {
  free: 100,
  baseMs: 1_000,
  maxMs: 15 * MINUTE,
  forgetAfterMs: HOUR,
};

export interface Guesser {
  /** The account's login (lower case), known or not. */
  email: string;
  /** The caller's address (`clientIp`). */
  address: string;
}

function keysOf({ email, address: raw }: Guesser): ThrottleKey[] {
  const address = addressBucket(raw);
  return [
    { key: `login:${email}|${address}`, rule: PER_ACCOUNT_AND_ADDRESS },
    { key: `login-address:${address}`, rule: PER_ADDRESS },
    { key: `login:${email}`, rule: PER_ACCOUNT },
  ];
}

/**
 * Runs `check` (a password check that throws `wrongCode` on a wrong guess) unless the
 * guesser must wait (429); a wrong guess is counted, a right one clears the pair's count.
 */
export async function throttledGuess<T>(
  throttle: FailureThrottle,
  guesser: Guesser,
  check: () => Promise<T>,
  options: { wrongCode: string; now?: Date },
): Promise<T> {
  const keys = keysOf(guesser);
  const result = await throttle.attempt(keys, options.wrongCode, check, options.now);
  throttle.clear([keys[0]!.key]);
  return result;
}

/** The app's one throttle for password guesses (sign-in and account changes). */
export function createLoginThrottle(): FailureThrottle {
  return new FailureThrottle();
}
