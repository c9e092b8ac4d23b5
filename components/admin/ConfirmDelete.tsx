/** Asks before a record is deleted, naming it; the delete runs only on the red button. */
import { useT } from "../../lib/i18n/client.ts";
import { useModal } from "../../lib/client/modal.ts";
import { Button } from "../ui/Button.tsx";
import { Dialog } from "../ui/Dialog.tsx";

export interface ConfirmDeleteProps {
  id: string;
  /** What is about to go, as the user knows it (a name or title). */
  name: string;
  open: boolean;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

export function ConfirmDelete({ id, name, open, busy, onConfirm, onClose }: ConfirmDeleteProps) {
  const t = useT();
  useModal(id, onClose, open);
  return (
    <Dialog
      id={id}
      size="sm"
      title={t("admin.confirmDelete.title")}
      closeLabel={t("common.close")}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>{t("common.cancel")}</Button>
          <Button variant="danger" loading={busy} onClick={onConfirm}>{t("admin.delete")}</Button>
        </>
      }
    >
      <p class="text-fg-muted">{t("admin.confirmDelete.text", { name })}</p>
    </Dialog>
  );
}
