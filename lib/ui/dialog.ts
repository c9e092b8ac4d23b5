/**
 * Drives a native `<dialog>` (components/ui/Dialog.tsx) from island state: `open` shows it
 * as a modal, and however it closes (Escape, the × button, the backdrop form) `onClose`
 * runs, so the state never says open while the dialog is shut.
 *
 * @example
 * const [open, setOpen] = useState(false);
 * useDialog("confirm-delete", open, () => setOpen(false));
 */
import { useEffect, useRef } from "preact/hooks";

export function useDialog(id: string, open: boolean, onClose: () => void): void {
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    const dialog = document.getElementById(id) as HTMLDialogElement | null;
    if (!dialog) return;
    const closed = () => closeRef.current();
    dialog.addEventListener("close", closed);
    return () => dialog.removeEventListener("close", closed);
  }, [id]);

  useEffect(() => {
    const dialog = document.getElementById(id) as HTMLDialogElement | null;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [id, open]);
}
