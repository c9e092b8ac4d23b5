/** "Delete X?" with cancel and a red confirm that shows progress while the call runs. */
import { useState } from "preact/hooks";
import { useT } from "../../lib/i18n/client.ts";
import { closeModal, useModal } from "../../lib/client/modal.ts";
import { Button } from "../ui/Button.tsx";
import { Dialog } from "../ui/Dialog.tsx";

export interface DeleteConfirmDialogProps {
  id: string;
  title: string;
  text: string;
  confirmLabel: string;
  /** Resolves when deleted; a rejection keeps the dialog open (the caller shows the error). */
  onConfirm: () => Promise<void>;
  onClose: () => void;
}

export function DeleteConfirmDialog(
  { id, title, text, confirmLabel, onConfirm, onClose }: DeleteConfirmDialogProps,
) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  useModal(id, onClose);

  async function confirm() {
    setBusy(true);
    try {
      await onConfirm();
      closeModal(id);
    } catch {
      setBusy(false);
    }
  }

  return (
    <Dialog
      id={id}
      size="sm"
      title={title}
      closeLabel={t("common.close")}
      footer={
        <>
          <Button variant="secondary" onClick={() => closeModal(id)} disabled={busy}>
            {t("common.cancel")}
          </Button>
          <Button variant="danger" onClick={confirm} loading={busy}>{confirmLabel}</Button>
        </>
      }
    >
      <p class="text-fg-muted">{text}</p>
    </Dialog>
  );
}
