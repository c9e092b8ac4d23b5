/**
 * Add or edit a file list (admin §2 "Files", §5): name (3 or more characters), message, and
 * repeatable options, each with a name and one file of any type within the media limits.
 * Saving stores the list first, then uploads the picked files to their options in one
 * `POST /api/files/uploadList/{id}` (admin §7). An option whose stored file is removed is
 * sent as a new option, so the server drops the old one with its file.
 */
import { useEffect, useState } from "preact/hooks";
import { fieldErrorsOf } from "../admin/save_errors.ts";
import { DialogActions } from "../../components/forms/DialogActions.tsx";
import { TrashIcon } from "../../components/icons.tsx";
import {
  AttachmentField,
  type AttachmentValue,
} from "../../components/quick_messages/AttachmentField.tsx";
import { Button } from "../../components/ui/Button.tsx";
import { cx } from "../../components/ui/cx.ts";
import { Dialog } from "../../components/ui/Dialog.tsx";
import { CONTROL_CLASSES, Field, fieldIds } from "../../components/ui/Field.tsx";
import { Input } from "../../components/ui/Input.tsx";
import { api, ApiError } from "../../lib/client/api.ts";
import { storedMediaAddress } from "../../lib/client/media_url.ts";
import { closeModal, revealFirstInvalid, useModal } from "../../lib/client/modal.ts";
import { useT } from "../../lib/i18n/client.ts";
import { toastError } from "../../lib/ui/toast.ts";
import type { FileList } from "../../services/files/files.ts";

const DIALOG = "file-list-dialog";

interface OptionDraft {
  /** A stable key for rendering, also for rows not saved yet. */
  key: number;
  id?: number;
  name: string;
  attachment: AttachmentValue;
}

let nextKey = 1;

function draftsOf(list: FileList | undefined): OptionDraft[] {
  return (list?.options ?? []).map((option) => ({
    key: nextKey++,
    id: option.id,
    name: option.name,
    attachment: {
      current: option.path
        ? { name: option.mediaName ?? "", url: storedMediaAddress(option.path) }
        : null,
      file: null,
    },
  }));
}

/**
 * What the save sends for each draft: its id while it keeps its stored file (or never had
 * one); none when that file was removed, so the server replaces the option.
 */
function optionBodies(drafts: OptionDraft[], stored: FileList | undefined) {
  const hadFile = new Set((stored?.options ?? []).filter((o) => o.path).map((o) => o.id));
  return drafts.map((draft) => {
    const keep = draft.id !== undefined &&
      !(hadFile.has(draft.id) && !draft.attachment.current);
    return keep ? { id: draft.id, name: draft.name.trim() } : { name: draft.name.trim() };
  });
}

/**
 * The saved option id of each draft: kept ids as sent; new options get the ids the server
 * gave in the order they were sent (it numbers them in that order, and lists by id).
 */
function savedIds(sent: { id?: number }[], saved: FileList): number[] {
  const kept = new Set(sent.flatMap((o) => o.id === undefined ? [] : [o.id]));
  const fresh = saved.options.map((o) => o.id).filter((id) => !kept.has(id)).sort((a, b) => a - b);
  let next = 0;
  return sent.map((o) => o.id ?? fresh[next++]!);
}

export function FileListDialog(
  { fileListId, onSaved, onClose }: {
    fileListId?: number;
    onSaved: (saved: FileList) => void;
    onClose: () => void;
  },
) {
  const t = useT();
  const [stored, setStored] = useState<FileList>();
  const [loading, setLoading] = useState(fileListId !== undefined);
  const [name, setName] = useState("");
  const [message, setMessage] = useState("");
  const [options, setOptions] = useState<OptionDraft[]>([]);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [busy, setBusy] = useState(false);
  useModal(DIALOG, onClose);

  useEffect(() => {
    if (fileListId === undefined) return;
    // Read afresh: another admin may have changed it since the list was loaded.
    api<FileList>(`/api/files/${fileListId}`).then((list) => {
      setStored(list);
      setName(list.name);
      setMessage(list.message);
      setOptions(draftsOf(list));
      setLoading(false);
    }, (err) => {
      toastError(err instanceof ApiError ? err.code : undefined);
      closeModal(DIALOG);
    });
  }, [fileListId]);

  const change = (key: number, patch: Partial<OptionDraft>) =>
    setOptions((rows) => rows.map((row) => row.key === key ? { ...row, ...patch } : row));

  function check(): Record<string, string | undefined> {
    const found: Record<string, string | undefined> = {
      name: name.trim().length >= 3 ? undefined : t("campaigns.files.nameShort"),
      message: message.trim() ? undefined : t("campaigns.files.messageRequired"),
    };
    options.forEach((option, i) => {
      if (!option.name.trim()) found[`options.${i}.name`] = t("campaigns.files.optionRequired");
    });
    return found;
  }

  async function save(event: Event) {
    event.preventDefault();
    const found = check();
    setErrors(found);
    if (Object.values(found).some(Boolean)) return revealFirstInvalid(DIALOG);
    setBusy(true);
    const sent = optionBodies(options, stored);
    try {
      let saved = await api<FileList>(stored ? `/api/files/${stored.id}` : "/api/files", {
        method: stored ? "PUT" : "POST",
        body: { name: name.trim(), message: message.trim(), options: sent },
      });
      setStored(saved);
      const ids = savedIds(sent, saved);
      const form = new FormData();
      form.append("typeArch", "fileList");
      options.forEach((option, i) => {
        if (!option.attachment.file) return;
        form.append("files", option.attachment.file);
        form.append("id", String(ids[i]));
      });
      if (form.has("files")) {
        saved = await api<FileList>(`/api/files/uploadList/${saved.id}`, {
          method: "POST",
          body: form,
        });
      }
      onSaved(saved);
      closeModal(DIALOG);
    } catch (err) {
      const fields = fieldErrorsOf(err, t, { codeFields: { ERR_FILE_NAME_EXISTS: "name" } });
      if (Object.keys(fields).length > 0) {
        setErrors(fields);
        revealFirstInvalid(DIALOG);
      } else toastError(err instanceof ApiError ? err.code : undefined);
      setBusy(false);
    }
  }

  const messageIds = fieldIds("file-list-message", undefined, errors.message);
  return (
    <Dialog
      id={DIALOG}
      size="lg"
      title={t(
        fileListId === undefined ? "campaigns.files.createTitle" : "campaigns.files.editTitle",
      )}
      closeLabel={t("common.close")}
      footer={<DialogActions dialogId={DIALOG} formId={`${DIALOG}-form`} busy={busy || loading} />}
    >
      <form id={`${DIALOG}-form`} class="flex flex-col gap-5" onSubmit={save} noValidate>
        <Input
          id="file-list-name"
          label={t("campaigns.files.name")}
          value={name}
          required
          maxLength={100}
          autoComplete="off"
          error={errors.name}
          disabled={loading}
          onInput={(e) => setName(e.currentTarget.value)}
        />
        <Field
          ids={messageIds}
          label={t("campaigns.files.message")}
          error={errors.message}
          required
        >
          <textarea
            id={messageIds.control}
            rows={3}
            value={message}
            maxLength={10_000}
            disabled={loading}
            aria-invalid={errors.message ? true : undefined}
            aria-describedby={messageIds.describedBy}
            onInput={(e) => setMessage(e.currentTarget.value)}
            class={cx(CONTROL_CLASSES, "h-auto min-h-20 resize-y py-2 leading-relaxed")}
          />
        </Field>
        <fieldset class="flex flex-col gap-3">
          <legend class="mb-1 text-sm font-medium text-fg">{t("campaigns.files.options")}</legend>
          {options.length === 0 && !loading && (
            <p class="rounded-lg border border-dashed border-line px-3 py-4 text-center text-sm text-fg-subtle">
              {t("campaigns.files.noOptions")}
            </p>
          )}
          {options.map((option, i) => (
            <div
              key={option.key}
              class="flex flex-col gap-3 rounded-lg border border-line bg-surface-muted/40 p-3"
            >
              <div class="flex items-end gap-2">
                <Input
                  id={`file-option-${i}-name`}
                  class="min-w-0 flex-1"
                  label={t("campaigns.files.optionName", { n: i + 1 })}
                  value={option.name}
                  required
                  maxLength={100}
                  autoComplete="off"
                  error={errors[`options.${i}.name`]}
                  onInput={(e) => change(option.key, { name: e.currentTarget.value })}
                />
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={t("campaigns.files.removeOption", { n: i + 1 })}
                  title={t("campaigns.files.removeOption", { n: i + 1 })}
                  class={cx(
                    "text-red-700 hover:text-red-800 dark:text-red-400",
                    errors[`options.${i}.name`] ? "mb-6" : "",
                  )}
                  onClick={() => setOptions((rows) => rows.filter((r) => r.key !== option.key))}
                >
                  <TrashIcon size={16} />
                </Button>
              </div>
              <AttachmentField
                value={option.attachment}
                label={t("campaigns.files.optionFile", { n: i + 1 })}
                error={errors[`file-${option.key}`]}
                onChange={(value, error) => {
                  change(option.key, { attachment: value });
                  setErrors((shown) => ({ ...shown, [`file-${option.key}`]: error }));
                }}
              />
            </div>
          ))}
          <Button
            variant="secondary"
            size="sm"
            class="self-start"
            disabled={loading}
            onClick={() =>
              setOptions((rows) => [...rows, {
                key: nextKey++,
                name: "",
                attachment: { current: null, file: null },
              }])}
          >
            + {t("campaigns.files.addOption")}
          </Button>
        </fieldset>
      </form>
    </Dialog>
  );
}
