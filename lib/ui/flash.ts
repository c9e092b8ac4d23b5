/**
 * A message for the next page: a form that ends by navigating away (sign-up, password
 * reset) leaves its success toast here, and the page it lands on shows it. Kept in
 * sessionStorage, so it stays in this tab and is read once.
 */
import type { ToastInput } from "./toast.ts";

const KEY = "balcao.flash";

export interface Flash {
  toast?: ToastInput;
  /** An e-mail to prefill, e.g. on /login after signing up. */
  email?: string;
}

export function setFlash(flash: Flash): void {
  try {
    globalThis.sessionStorage?.setItem(KEY, JSON.stringify(flash));
  } catch {
    // Storage disabled (private mode, quota): the next page simply shows nothing.
  }
}

/** The flash left for this page, removed as it is read; null when there is none. */
export function takeFlash(): Flash | null {
  try {
    const text = globalThis.sessionStorage?.getItem(KEY);
    if (!text) return null;
    globalThis.sessionStorage.removeItem(KEY);
    const value = JSON.parse(text) as unknown;
    return typeof value === "object" && value !== null ? value as Flash : null;
  } catch {
    return null;
  }
}
