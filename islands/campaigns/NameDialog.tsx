/** A dialog with one name field (contact lists): checks 2–50 characters, shows the server's codes. */
import { useState } from "preact/hooks";
import { ApiError } from "../../lib/client/api.ts";
import { closeModal, useModal } from "../../lib/client/modal.ts";
import { useT } from "../../lib/i18n/client.ts";
import { toastError } from "../../lib/ui/toast.ts";
import { DialogActions } from "../../components/forms/DialogActions.tsx";
import { Dialog } from "../../components/ui/Dialog.tsx";
import { Input } from "../../components/ui/Input.tsx";

export interface NameDialogProps<T> {
  id: string;
  title: string;
  label: string;
  initial: string;
  save: (name: string) => Promise<T>;
  onSaved: (saved: T) => void;
  onClose: () => void;
}

export function NameDialog<T>(props: NameDialogProps<T>) {
  const t = useT();
  const [name, setName] = useState(props.initial);
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  useModal(props.id, props.onClose);

  async function submit(event: Event) {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed.length < 2 || trimmed.length > 50) {
      setError(t("campaigns.nameLength"));
      return;
    }
    setSaving(true);
    try {
      props.onSaved(await props.save(trimmed));
      closeModal(props.id);
    } catch (err) {
      toastError(err instanceof ApiError ? err.code : undefined);
      setSaving(false);
    }
  }

  return (
    <Dialog
      id={props.id}
      title={props.title}
      closeLabel={t("common.close")}
      footer={<DialogActions dialogId={props.id} formId={`${props.id}-form`} busy={saving} />}
    >
      <form id={`${props.id}-form`} onSubmit={submit} noValidate>
        <Input
          id={`${props.id}-name`}
          label={props.label}
          value={name}
          required
          maxLength={50}
          autoComplete="off"
          error={error}
          onInput={(event) => setName(event.currentTarget.value)}
        />
      </form>
    </Dialog>
  );
}
