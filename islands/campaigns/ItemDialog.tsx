/** Add or edit a contact of a list: name, number, e-mail (admin §5), field errors as codes. */
import { useState } from "preact/hooks";
import { api } from "../../lib/client/api.ts";
import { closeModal, useModal } from "../../lib/client/modal.ts";
import { useT } from "../../lib/i18n/client.ts";
import { showSaveFailure } from "./save_failed.ts";
import { DialogActions } from "../../components/forms/DialogActions.tsx";
import { Dialog } from "../../components/ui/Dialog.tsx";
import { Input } from "../../components/ui/Input.tsx";

export interface ItemRow {
  id: number;
  name: string;
  number: string;
  email: string;
  isWhatsappValid: boolean | null;
}

const DIALOG = "list-item-dialog";

export function ItemDialog(
  { listId, row, onSaved, onClose }: {
    listId: number;
    row?: ItemRow;
    onSaved: (row: ItemRow) => void;
    onClose: () => void;
  },
) {
  const t = useT();
  const [values, setValues] = useState({
    name: row?.name ?? "",
    number: row?.number ?? "",
    email: row?.email ?? "",
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  useModal(DIALOG, onClose);
  const set = (key: keyof typeof values) => (event: { currentTarget: HTMLInputElement }) =>
    setValues({ ...values, [key]: event.currentTarget.value });

  async function submit(event: Event) {
    event.preventDefault();
    setSaving(true);
    try {
      const saved = await api<ItemRow>(
        row ? `/api/contact-list-items/${row.id}` : "/api/contact-list-items",
        {
          method: row ? "PUT" : "POST",
          body: { ...values, ...(row ? {} : { contactListId: listId }) },
        },
      );
      onSaved(saved);
      closeModal(DIALOG);
    } catch (err) {
      showSaveFailure(err, t, setErrors);
      setSaving(false);
    }
  }

  return (
    <Dialog
      id={DIALOG}
      title={t(row ? "campaigns.items.editTitle" : "campaigns.items.createTitle")}
      closeLabel={t("common.close")}
      footer={<DialogActions dialogId={DIALOG} formId={`${DIALOG}-form`} busy={saving} />}
    >
      <form id={`${DIALOG}-form`} class="flex flex-col gap-4" onSubmit={submit} noValidate>
        <Input
          id="item-name"
          label={t("campaigns.items.name")}
          value={values.name}
          required
          maxLength={50}
          error={errors.name}
          onInput={set("name")}
        />
        <Input
          id="item-number"
          label={t("campaigns.items.number")}
          value={values.number}
          required
          inputMode="tel"
          maxLength={50}
          error={errors.number}
          onInput={set("number")}
        />
        <Input
          id="item-email"
          label={t("campaigns.items.email")}
          type="email"
          value={values.email}
          error={errors.email}
          onInput={set("email")}
        />
      </form>
    </Dialog>
  );
}
