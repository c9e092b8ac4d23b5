/** Compares a presented secret with the configured one in time that does not reveal a prefix. */
import { timingSafeEqual } from "node:crypto";

export function sameSecret(presented: string, expected: string): boolean {
  const a = new TextEncoder().encode(presented);
  const b = new TextEncoder().encode(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
