/**
 * Add or edit a quick message: shortcode, text with clickable variables, whether the whole
 * company may use it, and an attachment. The record is saved first, then its attachment is
 * uploaded or removed; if the upload is refused, the dialog stays open on the saved record
 * so another file can be chosen.
 */
import { useRef, useState } from "preact/hooks";
import { api, ApiError } from "../../lib/client/api.ts";
import { closeModal, useModal } from "../../lib/client/modal.ts";
import { useT } from "../../lib/i18n/client.ts";
import { toastError } from "../../lib/ui/toast.ts";
import { DialogActions } from "../../components/forms/DialogActions.tsx";
import { SwitchField } from "../../components/forms/SwitchField.tsx";
import { cx } from "../../components/ui/cx.ts";
import { CONTROL_CLASSES } from "../../components/ui/Field.tsx";
import { Input } from "../../components/ui/Input.tsx";
import { Dialog } from "../../components/ui/Dialog.tsx";
import { AttachmentField, attachmentOf } from "../../components/quick_messages/AttachmentField.tsx";
import { syncAttachment } from "../../lib/client/attachment_upload.ts";
import type { QuickMessageRow } from "../../components/quick_messages/types.ts";
import { VariableButtons } from "../../components/quick_messages/VariableButtons.tsx";
import { ownMediaAddress } from "../../lib/client/media_url.ts";
import { fieldErrorsOf, fieldTexts, hasFieldErrors } from "../../lib/ui/field_errors.ts";
import { REQUIRED } from "../../lib/http/field_errors.ts";

export const QUICK_MESSAGE_DIALOG_ID = "quick-message-dialog";

export interface QuickMessageDialogProps {
  record?: QuickMessageRow;
  /** An admin's new quick message is shared with the whole company unless switched off. */
  sharedByDefault?: boolean;
  onSaved: (record: QuickMessageRow) => void;
  onClose: () => void;
}

type Errors = Partial<Record<"shortcode" | "message" | "geral" | "file", string>>;

export function QuickMessageDialog(
  { record, sharedByDefault = false, onSaved, onClose }: QuickMessageDialogProps,
) {
  const t = useT();
  const [saved, setSaved] = useState(record);
  const [shortcode, setShortcode] = useState(record?.shortcode ?? "");
  const [message, setMessage] = useState(record?.message ?? "");
  const [geral, setGeral] = useState(record?.geral ?? sharedByDefault);
  const [attachment, setAttachment] = useState(
    attachmentOf(record, (url) => ownMediaAddress(url)!),
  );
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const text = useRef<HTMLTextAreaElement>(null);
  useModal(QUICK_MESSAGE_DIALOG_ID, onClose);

  async function save(event: Event) {
    event.preventDefault();
    if (!shortcode.trim().replace(/^\/+/, "")) {
      setErrors(fieldTexts({ shortcode: REQUIRED }, t));
      return;
    }
    setErrors({});
    setBusy(true);
    let current = saved;
    try {
      current = await api<QuickMessageRow>(
        saved ? `/api/quick-messages/${saved.id}` : "/api/quick-messages",
        { method: saved ? "PUT" : "POST", body: { shortcode, message, geral } },
      );
      setSaved(current);
      current = await syncAttachment(
        `/api/quick-messages/${current.id}/media-upload`,
        attachment,
        current,
        { typeArch: "quickMessage" },
      );
      onSaved(current);
      closeModal(QUICK_MESSAGE_DIALOG_ID);
    } catch (err) {
      if (current && current !== saved) onSaved(current);
      const refused = fieldErrorsOf(err, t);
      if (hasFieldErrors(refused)) setErrors(refused);
      else if (err instanceof ApiError && err.code.startsWith("ERR_MEDIA_")) {
        setErrors({ file: t(`errors.${err.code}`) });
      } else toastError(err instanceof ApiError ? err.code : undefined);
      setBusy(false);
    }
  }

  return (
    <Dialog
      id={QUICK_MESSAGE_DIALOG_ID}
      size="lg"
      title={t(record ? "quickMessages.editTitle" : "quickMessages.createTitle")}
      closeLabel={t("common.close")}
      footer={
        <DialogActions dialogId={QUICK_MESSAGE_DIALOG_ID} formId="quick-message-form" busy={busy} />
      }
    >
      <form id="quick-message-form" class="flex flex-col gap-5" onSubmit={save} noValidate>
        <Input
          id="quick-message-shortcode"
          label={t("quickMessages.shortcodeLabel")}
          hint={t("quickMessages.shortcodeHint")}
          value={shortcode}
          required
          maxLength={60}
          autoComplete="off"
          error={errors.shortcode}
          onInput={(event) => setShortcode(event.currentTarget.value)}
        />
        <div class="flex flex-col gap-1.5">
          <label for="quick-message-text" class="text-sm font-medium text-fg">
            {t("quickMessages.messageLabel")}
          </label>
          <textarea
            id="quick-message-text"
            ref={text}
            rows={5}
            value={message}
            maxLength={10_000}
            aria-describedby="quick-message-variables"
            aria-invalid={errors.message ? true : undefined}
            onInput={(event) => setMessage(event.currentTarget.value)}
            class={cx(CONTROL_CLASSES, "h-auto min-h-28 resize-y py-2 leading-relaxed")}
          />
          {errors.message && (
            <p class="text-[13px] text-red-700 dark:text-red-400">{errors.message}</p>
          )}
          <VariableButtons
            id="quick-message-variables"
            area={text}
            value={message}
            onChange={setMessage}
          />
        </div>
        <SwitchField
          id="quick-message-geral"
          label={t("quickMessages.geralLabel")}
          hint={t("quickMessages.geralHint")}
          checked={geral}
          onChange={setGeral}
        />
        <AttachmentField
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
