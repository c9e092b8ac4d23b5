/**
 * Add or edit a schedule (admin §3, §5): the contact (searched as you type, or fixed when
 * opened from a ticket), the message with its variables, the time (one hour ahead by
 * default) and an optional png/jpg/jpeg picture. A sent schedule opens read-only. Used by
 * the /schedules page and by the ticket screen's "schedule" action.
 */
import { useEffect, useRef, useState } from "preact/hooks";
import { fieldErrorsOf } from "../admin/save_errors.ts";
import { DialogActions } from "../../components/forms/DialogActions.tsx";
import { formatPhone } from "../../components/contacts/format.ts";
import { SearchBox } from "../../components/lists/SearchBox.tsx";
import {
  AttachmentField,
  type AttachmentValue,
} from "../../components/quick_messages/AttachmentField.tsx";
import { VariableButtons } from "../../components/quick_messages/VariableButtons.tsx";
import { defaultSendAt, localInputValue } from "../../components/schedules/calendar_dates.ts";
import type { ScheduleRow } from "../../components/schedules/types.ts";
import { cx } from "../../components/ui/cx.ts";
import { Dialog } from "../../components/ui/Dialog.tsx";
import { CONTROL_CLASSES } from "../../components/ui/Field.tsx";
import { Input } from "../../components/ui/Input.tsx";
import { api, ApiError } from "../../lib/client/api.ts";
import { syncAttachment } from "../../lib/client/attachment_upload.ts";
import { ownMediaAddress } from "../../lib/client/media_url.ts";
import { closeModal, useModal } from "../../lib/client/modal.ts";
import { useDebounced } from "../../lib/client/paged_list.ts";
import { useT } from "../../lib/i18n/client.ts";
import { toastError } from "../../lib/ui/toast.ts";

export const SCHEDULE_DIALOG_ID = "schedule-dialog";
const PICTURES = ["png", "jpg", "jpeg"] as const;

export interface ContactChoice {
  id: number;
  name: string;
  number: string;
}

export interface ScheduleDialogProps {
  record?: ScheduleRow;
  /** Opened from a ticket or `?contactId=`: the contact is chosen and fixed. */
  contact?: ContactChoice;
  /** The day picked on the calendar. */
  day?: Date;
  onSaved?: (record: ScheduleRow) => void;
  onClose: () => void;
}

type Errors = Partial<Record<"contactId" | "body" | "sendAt" | "file", string>>;

export function ScheduleDialog({ record, contact, day, onSaved, onClose }: ScheduleDialogProps) {
  const t = useT();
  const readOnly = record?.status === "ENVIADA";
  const fixed = contact ?? record?.contact;
  const [saved, setSaved] = useState(record);
  const [contactId, setContactId] = useState<number | null>(fixed?.id ?? null);
  const [search, setSearch] = useState("");
  const [contacts, setContacts] = useState<ContactChoice[]>(fixed ? [fixed] : []);
  const [body, setBody] = useState(record?.body ?? "");
  const [sendAt, setSendAt] = useState(
    localInputValue(record ? new Date(record.sendAt) : defaultSendAt(day ?? null, new Date())),
  );
  const [attachment, setAttachment] = useState<AttachmentValue>({
    current: record?.mediaPath
      ? { name: record.mediaName ?? "", url: ownMediaAddress(record.mediaPath)! }
      : null,
    file: null,
  });
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const text = useRef<HTMLTextAreaElement>(null);
  const term = useDebounced(search);
  useModal(SCHEDULE_DIALOG_ID, onClose);

  useEffect(() => {
    if (contact || readOnly) return;
    let live = true;
    api<ContactChoice[]>("/api/contacts/list", {
      query: { searchParam: term.trim() || undefined },
    }).then((rows) => {
      if (!live) return;
      const keep = fixed && !term.trim() && !rows.some((row) => row.id === fixed.id);
      setContacts(keep ? [fixed, ...rows] : rows);
    }, () => live && setContacts([]));
    return () => void (live = false);
  }, [term]);

  function check(): Errors {
    const when = new Date(sendAt);
    return {
      contactId: contactId ? undefined : t("errors.ERR_SCHEDULE_CONTACT_REQUIRED"),
      body: body.trim().length >= 5 ? undefined : t("errors.ERR_SCHEDULE_BODY_TOO_SHORT"),
      sendAt: sendAt && !Number.isNaN(when.getTime())
        ? undefined
        : t("errors.ERR_SCHEDULE_SEND_AT_REQUIRED"),
    };
  }

  async function save(event: Event) {
    event.preventDefault();
    const found = check();
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setBusy(true);
    let current = saved;
    try {
      current = await api<ScheduleRow>(saved ? `/api/schedules/${saved.id}` : "/api/schedules", {
        method: saved ? "PUT" : "POST",
        body: { contactId, body: body.trim(), sendAt: new Date(sendAt).toISOString() },
      });
      setSaved(current);
      current = await syncAttachment(
        `/api/schedules/${current.id}/media-upload`,
        attachment,
        current,
      );
      onSaved?.(current);
      closeModal(SCHEDULE_DIALOG_ID);
    } catch (err) {
      if (current && current !== saved) onSaved?.(current);
      if (err instanceof ApiError && err.fields) setErrors(fieldErrorsOf(err, t) as Errors);
      else if (err instanceof ApiError && err.code.startsWith("ERR_MEDIA_")) {
        setErrors({ file: t(`errors.${err.code}`) });
      } else toastError(err instanceof ApiError ? err.code : undefined);
      setBusy(false);
    }
  }

  return (
    <Dialog
      id={SCHEDULE_DIALOG_ID}
      size="lg"
      title={t(
        record
          ? (readOnly ? "schedules.viewTitle" : "schedules.editTitle")
          : "schedules.createTitle",
      )}
      description={readOnly ? t("schedules.sentReadOnly") : undefined}
      closeLabel={t("common.close")}
      footer={readOnly
        ? undefined
        : <DialogActions dialogId={SCHEDULE_DIALOG_ID} formId="schedule-form" busy={busy} />}
    >
      <form id="schedule-form" class="flex flex-col gap-5" onSubmit={save} noValidate>
        {/* min-w-0: a fieldset is as wide as its longest row by default, past the dialog. */}
        <fieldset class="flex min-w-0 flex-col gap-2" disabled={readOnly}>
          <legend class="mb-1.5 text-sm font-medium">{t("schedules.contact")}</legend>
          {!contact && !readOnly && (
            <SearchBox
              value={search}
              label={t("schedules.searchContact")}
              placeholder={t("schedules.searchContact")}
              onInput={setSearch}
            />
          )}
          <div
            role="radiogroup"
            aria-label={t("schedules.contact")}
            class="max-h-40 overflow-y-auto rounded-lg border border-line"
          >
            {contacts.length === 0 && (
              <p class="px-3 py-2 text-fg-subtle">{t("schedules.noContacts")}</p>
            )}
            {contacts.map((option) => (
              <label
                key={option.id}
                class={cx(
                  "flex cursor-pointer items-center gap-2 border-b border-line px-3 py-2 last:border-b-0",
                  contactId === option.id
                    ? "bg-brand-50 dark:bg-brand-950"
                    : "hover:bg-surface-muted",
                )}
              >
                <input
                  type="radio"
                  name="schedule-contact"
                  class="accent-brand-600"
                  checked={contactId === option.id}
                  onChange={() => setContactId(option.id)}
                />
                <span class="min-w-0 flex-1 truncate">{option.name}</span>
                <span class="shrink-0 text-xs text-fg-subtle tabular-nums">
                  {formatPhone(option.number)}
                </span>
              </label>
            ))}
          </div>
          {errors.contactId && <p role="alert" class="text-sm text-red-600">{errors.contactId}</p>}
        </fieldset>
        <div class="flex flex-col gap-1.5">
          <label for="schedule-body" class="text-sm font-medium text-fg">
            {t("schedules.message")}
          </label>
          <textarea
            id="schedule-body"
            ref={text}
            rows={4}
            value={body}
            maxLength={4096}
            readOnly={readOnly}
            aria-invalid={errors.body ? true : undefined}
            onInput={(event) => setBody(event.currentTarget.value)}
            class={cx(CONTROL_CLASSES, "h-auto min-h-24 resize-y py-2 leading-relaxed")}
          />
          {errors.body && <p class="text-[13px] text-red-700 dark:text-red-400">{errors.body}</p>}
          {!readOnly && <VariableButtons area={text} value={body} onChange={setBody} />}
        </div>
        <Input
          id="schedule-send-at"
          type="datetime-local"
          label={t("schedules.sendAt")}
          value={sendAt}
          required
          readOnly={readOnly}
          error={errors.sendAt}
          onInput={(event) => setSendAt(event.currentTarget.value)}
        />
        {record?.status === "ERRO" && record.error && (
          <p
            role="status"
            class="rounded-lg border border-red-300 bg-red-50 p-3 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
          >
            {t("schedules.failedWith", { error: record.error })}
          </p>
        )}
        {!readOnly && (
          <AttachmentField
            value={attachment}
            extensions={PICTURES}
            error={errors.file}
            onChange={(value, error) => {
              setAttachment(value);
              setErrors({ ...errors, file: error });
            }}
          />
        )}
      </form>
    </Dialog>
  );
}
