/**
 * Add or edit a tag: name, colour and, for admins only, whether it is a kanban lane
 * (admin §6). Checks the spec's rules before sending and shows the server's field messages.
 */
import { useState } from "preact/hooks";
import { api, ApiError } from "../../lib/client/api.ts";
import { closeModal, useModal } from "../../lib/client/modal.ts";
import { useT } from "../../lib/i18n/client.ts";
import { toastError } from "../../lib/ui/toast.ts";
import { DialogActions } from "../../components/forms/DialogActions.tsx";
import { SwitchField } from "../../components/forms/SwitchField.tsx";
import { Dialog } from "../../components/ui/Dialog.tsx";
import { Input } from "../../components/ui/Input.tsx";
import { ColorPicker } from "../../components/tags/ColorPicker.tsx";
import { TagChip } from "../../components/tags/TagChip.tsx";
import type { TagRow } from "../../components/tags/types.ts";
import { fieldErrorsOf, fieldTexts, hasFieldErrors } from "../../lib/ui/field_errors.ts";
import { lengthError } from "../../lib/http/field_errors.ts";

export const TAG_DIALOG_ID = "tag-dialog";
const DEFAULT_COLOR = "#2563eb";

export interface TagDialogProps {
  /** The tag to edit; none to add one. */
  tag?: TagRow;
  canSetKanban: boolean;
  onSaved: (tag: TagRow) => void;
  onClose: () => void;
}

type Errors = Partial<Record<"name" | "color" | "kanban", string>>;

export function TagDialog({ tag, canSetKanban, onSaved, onClose }: TagDialogProps) {
  const t = useT();
  const [name, setName] = useState(tag?.name ?? "");
  const [color, setColor] = useState(tag?.color ?? DEFAULT_COLOR);
  const [kanban, setKanban] = useState(tag?.kanban === 1);
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  useModal(TAG_DIALOG_ID, onClose);

  function check(): Errors {
    return fieldTexts({ name: lengthError(name.trim(), 3, 50) }, t);
  }

  async function save(event: Event) {
    event.preventDefault();
    const found = check();
    setErrors(found);
    if (hasFieldErrors(found)) return;
    setSaving(true);
    const body = { name: name.trim(), color, ...(canSetKanban ? { kanban: kanban ? 1 : 0 } : {}) };
    try {
      const saved = await api<TagRow>(tag ? `/api/tags/${tag.id}` : "/api/tags", {
        method: tag ? "PUT" : "POST",
        body,
      });
      onSaved(saved);
      closeModal(TAG_DIALOG_ID);
    } catch (err) {
      const refused = fieldErrorsOf(err, t);
      if (hasFieldErrors(refused)) setErrors(refused);
      else toastError(err instanceof ApiError ? err.code : undefined);
      setSaving(false);
    }
  }

  return (
    <Dialog
      id={TAG_DIALOG_ID}
      title={t(tag ? "tags.editTitle" : "tags.createTitle")}
      closeLabel={t("common.close")}
      footer={<DialogActions dialogId={TAG_DIALOG_ID} formId="tag-form" busy={saving} />}
    >
      <form id="tag-form" class="flex flex-col gap-5" onSubmit={save} noValidate>
        <Input
          id="tag-name"
          label={t("tags.nameLabel")}
          value={name}
          required
          maxLength={50}
          autoComplete="off"
          error={errors.name}
          onInput={(event) => setName(event.currentTarget.value)}
        />
        <ColorPicker
          name="tag-color"
          value={color}
          legend={t("tags.colorLabel")}
          customLabel={t("tags.customColor")}
          swatchLabel={(swatch) => t("tags.swatch", { color: swatch })}
          onChange={setColor}
        />
        {errors.color && <p class="text-[13px] text-red-700 dark:text-red-400">{errors.color}</p>}
        {canSetKanban && (
          <SwitchField
            id="tag-kanban"
            label={t("tags.kanbanLabel")}
            hint={t("tags.kanbanHint")}
            checked={kanban}
            onChange={setKanban}
          />
        )}
        <div class="flex items-center gap-2 text-[13px] text-fg-subtle">
          {t("tags.preview")}
          <TagChip name={name.trim() || t("tags.nameLabel")} color={color} />
        </div>
      </form>
    </Dialog>
  );
}
