/**
 * Opens a native `<dialog>` (components/ui/Dialog.tsx) as a modal when it mounts, and reports
 * every way it closes (Escape, the × button, `close()`) through `onClose`. Islands render the
 * dialog only while it should be open, so each opening starts with a fresh form.
 */
import { useEffect, useRef } from "preact/hooks";

export function useModal(id: string, onClose: () => void): void {
  const latest = useRef(onClose);
  latest.current = onClose;
  useEffect(() => {
    const dialog = document.getElementById(id) as HTMLDialogElement | null;
    if (!dialog) return;
    const closed = () => latest.current();
    dialog.addEventListener("close", closed);
    if (!dialog.open) {
      if (typeof dialog.showModal === "function") dialog.showModal();
      else dialog.setAttribute("open", "");
    }
    return () => {
      dialog.removeEventListener("close", closed);
      if (dialog.open) dialog.close();
    };
  }, [id]);
}

/** Closes the dialog `id`, which then reports through its `useModal` `onClose`. */
export function closeModal(id: string): void {
  const dialog = document.getElementById(id) as HTMLDialogElement | null;
  if (dialog?.open) dialog.close();
}
