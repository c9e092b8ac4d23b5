/**
 * Drives a native `<dialog>` (components/ui/Dialog.tsx) from state: `open` shows it as a
 * modal, and however it closes (Escape, the × button, `close()`), `onClose` hears of it so
 * the state follows. Answers a function that closes it.
 */
import { useCallback, useEffect, useRef } from "preact/hooks";

function dialogById(id: string): HTMLDialogElement | null {
  return document.getElementById(id) as HTMLDialogElement | null;
}

export function useModal(id: string, open: boolean, onClose: () => void): () => void {
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = dialogById(id);
    if (!dialog) return;
    const closed = () => onCloseRef.current();
    dialog.addEventListener("close", closed);
    return () => dialog.removeEventListener("close", closed);
  }, [id]);

  useEffect(() => {
    const dialog = dialogById(id);
    if (open && dialog && !dialog.open) dialog.showModal();
    if (!open && dialog?.open) dialog.close();
  }, [id, open]);

  return useCallback(() => dialogById(id)?.close(), [id]);
}
