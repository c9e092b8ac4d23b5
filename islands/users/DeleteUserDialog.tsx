/** Asks before deleting a user (core §2 "confirmations"), then deletes and says so. */
import { useState } from "preact/hooks";
import { Button } from "../../components/ui/Button.tsx";
import { Dialog } from "../../components/ui/Dialog.tsx";
import { api, errorMessage } from "../../lib/client/api.ts";
import { useT } from "../../lib/i18n/client.ts";
import { pushToast } from "../../lib/ui/toast.ts";
import type { UserView } from "../../services/users/user_view.ts";
import { closeModal, useModal } from "../../lib/client/modal.ts";

const DIALOG_ID = "user-delete-dialog";

export interface DeleteUserDialogProps {
  target: UserView | null;
  onDeleted: (userId: number) => void;
  onClose: () => void;
}

export function DeleteUserDialog({ target, onDeleted, onClose }: DeleteUserDialogProps) {
  const t = useT();
  const [deleting, setDeleting] = useState(false);
  useModal(DIALOG_ID, onClose, target !== null);
  const close = () => closeModal(DIALOG_ID);

  async function confirm() {
    if (!target || deleting) return;
    setDeleting(true);
    try {
      await api(`/api/users/${target.id}`, { method: "DELETE" });
      pushToast({ tone: "success", messageKey: "users.deleted" });
      onDeleted(target.id);
      close();
    } catch (err) {
      pushToast({ tone: "error", message: errorMessage(err) });
    } finally {
      setDeleting(false);
    }
  }

  return (
    <Dialog
      id={DIALOG_ID}
      size="sm"
      title={t("users.confirmDelete.title", { name: target?.name ?? "" })}
      closeLabel={t("common.close")}
      footer={
        <>
          <Button variant="secondary" onClick={close}>{t("common.cancel")}</Button>
          <Button variant="danger" loading={deleting} onClick={confirm}>
            {t("users.confirmDelete.confirm")}
          </Button>
        </>
      }
    >
      <p class="text-fg-muted">{t("users.confirmDelete.text")}</p>
    </Dialog>
  );
}
