/**
 * Drives a `components/ui/Dialog` from island state: `open` shows it as a modal (focus
 * trap, Escape, backdrop from the browser) and every way of closing it (×, Escape, the
 * code) reports back through `onClose`, so state and screen never disagree.
 */
import { useEffect } from "preact/hooks";

export function useModal(id: string, open: boolean, onClose: () => void): void {
  useEffect(() => {
    const dialog = document.getElementById(id) as HTMLDialogElement | null;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
    dialog.addEventListener("close", onClose);
    return () => dialog.removeEventListener("close", onClose);
  }, [id, open, onClose]);
}
