/**
 * The toast store: any island pushes a notification here and `islands/Toaster.tsx` shows it.
 * A module-level signal, so islands share it without props or context; toasts close themselves.
 */
import { signal } from "@preact/signals";

export type ToastTone = "success" | "error" | "info" | "warning";

export interface ToastItem {
  id: number;
  tone: ToastTone;
  /** Text shown as is, or the fallback when `messageKey` has no translation. */
  message?: string;
  /** An i18n key (e.g. `errors.ERR_NOT_FOUND`), translated by the Toaster. */
  messageKey?: string;
  values?: Record<string, unknown>;
  /** 0 keeps the toast until dismissed. */
  durationMs: number;
}

export type ToastInput = Omit<ToastItem, "id" | "tone" | "durationMs"> & {
  tone?: ToastTone;
  durationMs?: number;
};

export const DEFAULT_TOAST_MS = 4000;
/** The spec shows error toasts for 2 s (core §8). */
export const ERROR_TOAST_MS = 2000;
/** Older toasts give way beyond this, so a burst of errors cannot cover the screen. */
export const MAX_TOASTS = 4;

export const toasts = signal<ToastItem[]>([]);

let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

export function pushToast(input: ToastInput): number {
  const id = nextId++;
  const tone = input.tone ?? "info";
  const durationMs = input.durationMs ??
    (tone === "error" ? ERROR_TOAST_MS : DEFAULT_TOAST_MS);
  const item: ToastItem = { ...input, id, tone, durationMs };
  const kept = toasts.value.slice(-(MAX_TOASTS - 1));
  for (const dropped of toasts.value.slice(0, toasts.value.length - kept.length)) {
    stopTimer(dropped.id);
  }
  toasts.value = [...kept, item];
  if (durationMs > 0) timers.set(id, setTimeout(() => dismissToast(id), durationMs));
  return id;
}

/**
 * Shows a server error. A known code (`ERR_…`) is translated; other text is shown raw;
 * nothing at all gives the generic message (core §8).
 */
export function toastError(codeOrText?: string): number {
  if (codeOrText && /^ERR_[A-Z0-9_]+$/.test(codeOrText)) {
    return pushToast({ tone: "error", messageKey: `errors.${codeOrText}`, message: codeOrText });
  }
  if (codeOrText) return pushToast({ tone: "error", message: codeOrText });
  return pushToast({ tone: "error", messageKey: "errors.generic" });
}

export function dismissToast(id: number): void {
  stopTimer(id);
  toasts.value = toasts.value.filter((toast) => toast.id !== id);
}

/** Removes every toast and its timer (tests, and page changes in islands that want a clean slate). */
export function clearToasts(): void {
  for (const id of timers.keys()) stopTimer(id);
  toasts.value = [];
}

function stopTimer(id: number): void {
  const timer = timers.get(id);
  if (timer !== undefined) clearTimeout(timer);
  timers.delete(id);
}
