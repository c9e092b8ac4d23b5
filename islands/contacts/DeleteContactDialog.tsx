/** Asks before a contact is deleted, naming it; deleting cannot be undone. */
import { useCallback, useState } from "preact/hooks";
import { api, ApiError } from "../../lib/client/api.ts";
import type { TFunction } from "../../lib/i18n/languages.ts";
import { pushToast, toastError } from "../../lib/ui/toast.ts";
import { Button } from "../../components/ui/Button.tsx";
import { Dialog } from "../../components/ui/Dialog.tsx";
import type { ContactRow } from "../../components/contacts/types.ts";
import { useModal } from "../../lib/client/modal.ts";

export const DELETE_DIALOG_ID = "contact-delete-dialog";

export interface DeleteContactDialogProps {
  t: TFunction;
  contact: ContactRow | null;
  onClose: () => void;
  onDeleted: (contactId: number) => void;
}

export function DeleteContactDialog({ t, contact, onClose, onDeleted }: DeleteContactDialogProps) {
  const [deleting, setDeleting] = useState(false);
  const close = useCallback(() => onClose(), [onClose]);
  useModal(DELETE_DIALOG_ID, close, contact !== null);

  async function confirm() {
    if (!contact) return;
    setDeleting(true);
    try {
      await api(`/api/contacts/${contact.id}`, { method: "DELETE" });
      pushToast({ tone: "success", message: t("contacts.deleteDialog.deleted") });
      onDeleted(contact.id);
      onClose();
    } catch (err) {
      toastError(err instanceof ApiError ? err.code : undefined);
    } finally {
      setDeleting(false);
    }
  }

  return (
    <Dialog
      id={DELETE_DIALOG_ID}
      size="sm"
      title={t("contacts.deleteDialog.title")}
      closeLabel={t("contacts.form.close")}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>{t("contacts.form.cancel")}</Button>
          <Button variant="danger" loading={deleting} onClick={confirm}>
            {t("contacts.deleteDialog.confirm")}
          </Button>
        </>
      }
    >
      <p>{contact ? t("contacts.deleteDialog.text", { name: contact.name }) : null}</p>
    </Dialog>
  );
}
