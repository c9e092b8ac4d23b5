/**
 * Add or edit an announcement (admin §3, §5): title and text required, priority, status and a
 * .png/.jpg picture. The record is saved first, then its picture uploaded or removed; a
 * refused picture keeps the dialog open on the saved record.
 */
import { useState } from "preact/hooks";
import { type AnnouncementRow, PRIORITIES } from "../../components/announcements/types.ts";
import { DialogActions } from "../../components/forms/DialogActions.tsx";
import { SwitchField } from "../../components/forms/SwitchField.tsx";
import { AttachmentField, attachmentOf } from "../../components/quick_messages/AttachmentField.tsx";
import { syncAttachment } from "../../lib/client/attachment_upload.ts";
import { fieldErrorsOf } from "../admin/save_errors.ts";
import { cx } from "../../components/ui/cx.ts";
import { Dialog } from "../../components/ui/Dialog.tsx";
import { CONTROL_CLASSES, Field, fieldIds } from "../../components/ui/Field.tsx";
import { Input } from "../../components/ui/Input.tsx";
import { Select } from "../../components/ui/Select.tsx";
import { api, ApiError } from "../../lib/client/api.ts";
import { ownMediaAddress } from "../../lib/client/media_url.ts";
import { closeModal, useModal } from "../../lib/client/modal.ts";
import { useT } from "../../lib/i18n/client.ts";
import { toastError } from "../../lib/ui/toast.ts";

export const ANNOUNCEMENT_DIALOG_ID = "announcement-dialog";
const PICTURES = ["png", "jpg", "jpeg"] as const;

export interface AnnouncementDialogProps {
  record?: AnnouncementRow;
  onSaved: (record: AnnouncementRow, created: boolean) => void;
  onClose: () => void;
}

type Errors = Partial<Record<"title" | "text" | "priority" | "file", string>>;

export function AnnouncementDialog({ record, onSaved, onClose }: AnnouncementDialogProps) {
  const t = useT();
  const [saved, setSaved] = useState(record);
  const [title, setTitle] = useState(record?.title ?? "");
  const [text, setText] = useState(record?.text ?? "");
  const [priority, setPriority] = useState<1 | 2 | 3>(record?.priority ?? 3);
  const [status, setStatus] = useState(record?.status ?? true);
  const [attachment, setAttachment] = useState(
    attachmentOf(record, (url) => ownMediaAddress(url)!),
  );
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  useModal(ANNOUNCEMENT_DIALOG_ID, onClose);
  const textIds = fieldIds("announcement-text", undefined, errors.text);

  async function save(event: Event) {
    event.preventDefault();
    const found: Errors = {};
    if (!title.trim()) found.title = t("announcements.required");
    if (!text.trim()) found.text = t("announcements.required");
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    let current = saved;
    try {
      current = await api<AnnouncementRow>(
        saved ? `/api/announcements/${saved.id}` : "/api/announcements",
        { method: saved ? "PUT" : "POST", body: { title, text, priority, status } },
      );
      setSaved(current);
      current = await syncAttachment(
        `/api/announcements/${current.id}/media-upload`,
        attachment,
        current,
      );
      onSaved(current, !record);
      closeModal(ANNOUNCEMENT_DIALOG_ID);
    } catch (err) {
      if (current && current !== saved) onSaved(current, !record);
      if (err instanceof ApiError && err.fields) setErrors(fieldErrorsOf(err, t) as Errors);
      else if (err instanceof ApiError && /^ERR_(MEDIA_|ANNOUNCEMENT_PICTURE)/.test(err.code)) {
        setErrors({ file: t(`errors.${err.code}`) });
      } else toastError(err instanceof ApiError ? err.code : undefined);
      setBusy(false);
    }
  }

  return (
    <Dialog
      id={ANNOUNCEMENT_DIALOG_ID}
      size="lg"
      title={t(record ? "announcements.editTitle" : "announcements.createTitle")}
      closeLabel={t("common.close")}
      footer={
        <DialogActions dialogId={ANNOUNCEMENT_DIALOG_ID} formId="announcement-form" busy={busy} />
      }
    >
      <form id="announcement-form" class="flex flex-col gap-5" onSubmit={save} noValidate>
        <Input
          id="announcement-title"
          label={t("announcements.titleLabel")}
          value={title}
          required
          maxLength={200}
          autoComplete="off"
          error={errors.title}
          onInput={(event) => setTitle(event.currentTarget.value)}
        />
        <Field ids={textIds} label={t("announcements.textLabel")} error={errors.text} required>
          <textarea
            id={textIds.control}
            rows={5}
            value={text}
            maxLength={5000}
            required
            aria-invalid={errors.text ? true : undefined}
            aria-describedby={textIds.describedBy}
            onInput={(event) => setText(event.currentTarget.value)}
            class={cx(CONTROL_CLASSES, "h-auto min-h-28 resize-y py-2 leading-relaxed")}
          />
        </Field>
        <div class="grid gap-5 sm:grid-cols-2">
          <Select
            id="announcement-priority"
            label={t("announcements.priorityLabel")}
            value={String(priority)}
            error={errors.priority}
            options={PRIORITIES.map((p) => ({
              value: String(p),
              label: t(`announcements.priorities.${p}`),
            }))}
            onChange={(event) =>
              setPriority(Number((event.currentTarget as HTMLSelectElement).value) as 1 | 2 | 3)}
          />
          <SwitchField
            id="announcement-status"
            label={t("announcements.statusLabel")}
            hint={t("announcements.statusHint")}
            checked={status}
            onChange={setStatus}
          />
        </div>
        <AttachmentField
          label={t("announcements.pictureLabel")}
          hint={t("announcements.pictureHint")}
          extensions={PICTURES}
          value={attachment}
          error={errors.file}
          onChange={(value, error) => {
            setAttachment(value);
            setErrors({ ...errors, file: error });
          }}
        />
      </form>
    </Dialog>
  );
}
