/**
 * Drives a native `<dialog>` (components/ui/Dialog.tsx) as a modal, and reports every way it
 * closes (Escape, the × button, `close()`) through `onClose`, so state and screen never
 * disagree. Islands either render the dialog only while it should be open (each opening then
 * starts with a fresh form; `open` stays true), or keep it rendered and pass `open`.
 */
import { useEffect, useRef } from "preact/hooks";

function dialogById(id: string): HTMLDialogElement | null {
  return document.getElementById(id) as HTMLDialogElement | null;
}

export function useModal(id: string, onClose: () => void, open = true): void {
  const latest = useRef(onClose);
  latest.current = onClose;
  useEffect(() => {
    const dialog = dialogById(id);
    if (!dialog) return;
    const closed = () => latest.current();
    dialog.addEventListener("close", closed);
    return () => {
      dialog.removeEventListener("close", closed);
      if (dialog.open) dialog.close();
    };
  }, [id]);
  useEffect(() => {
    const dialog = dialogById(id);
    if (!dialog) return;
    if (open && !dialog.open) {
      if (typeof dialog.showModal === "function") dialog.showModal();
      else dialog.setAttribute("open", "");
    }
    if (!open && dialog.open) dialog.close();
  }, [id, open]);
}

/** Closes the dialog `id`, which then reports through its `useModal` `onClose`. */
export function closeModal(id: string): void {
  const dialog = dialogById(id);
  if (dialog?.open) dialog.close();
}

/**
 * Brings the first field marked wrong in dialog `id` into view and focuses it: a long form
 * scrolls inside the dialog, and a refused save must show its field, not leave it below.
 */
export function revealFirstInvalid(id: string): void {
  requestAnimationFrame(() => {
    const fields = document.querySelectorAll<HTMLElement>(`#${id} [aria-invalid="true"]`);
    // A field on a hidden tab cannot be shown; the tab switch re-renders before the next frame.
    const field = [...fields].find((element) => element.offsetParent !== null);
    field?.scrollIntoView({ block: "center" });
    field?.focus({ preventScroll: true });
  });
}
