/**
 * The campaign dialog (admin §2): name, connection, contact list or tag, file list, time,
 * confirmation, and tabs Msg.1 to Msg.5 with each message and its confirmation. Read-only
 * outside the edit window (admin §4), except that a cancelled campaign may still be saved.
 */
import { useEffect, useState } from "preact/hooks";
import { api, ApiError } from "../../lib/client/api.ts";
import { syncAttachment } from "../../lib/client/attachment_upload.ts";
import { storedMediaAddress } from "../../lib/client/media_url.ts";
import { closeModal, useModal } from "../../lib/client/modal.ts";
import { useT } from "../../lib/i18n/client.ts";
import { toastError } from "../../lib/ui/toast.ts";
import { dialogRefusal } from "../admin/save_errors.ts";
import { DialogActions } from "../../components/forms/DialogActions.tsx";
import { SwitchField } from "../../components/forms/SwitchField.tsx";
import {
  AttachmentField,
  attachmentOf,
  type AttachmentValue,
} from "../../components/quick_messages/AttachmentField.tsx";
import { Button } from "../../components/ui/Button.tsx";
import { cx } from "../../components/ui/cx.ts";
import { CONTROL_CLASSES, Field, fieldIds } from "../../components/ui/Field.tsx";
import { Dialog } from "../../components/ui/Dialog.tsx";
import { Input } from "../../components/ui/Input.tsx";
import { Select } from "../../components/ui/Select.tsx";
import { type Campaign, VARIANTS } from "../../services/campaigns/types.ts";

const DIALOG = "campaign-dialog";
const EDIT_WINDOW_MS = 3_600_000;

interface Option {
  id: number;
  name: string;
}

type Source = "whatsapps" | "lists" | "tags" | "files";

/** The dialog's four choices of a record (admin §2), each from its lookup. */
const PICKERS: { field: string; id: string; label: string; source: Source }[] = [
  {
    field: "whatsappId",
    id: "campaign-whatsapp",
    label: "campaigns.fields.whatsapp",
    source: "whatsapps",
  },
  {
    field: "contactListId",
    id: "campaign-list",
    label: "campaigns.fields.contactList",
    source: "lists",
  },
  { field: "tagListId", id: "campaign-tag", label: "campaigns.fields.tagList", source: "tags" },
  {
    field: "fileListId",
    id: "campaign-files",
    label: "campaigns.fields.fileList",
    source: "files",
  },
];

export function isEditable(campaign: Campaign | undefined, now = Date.now()): boolean {
  if (!campaign) return true;
  if (campaign.status === "INATIVA" || campaign.status === "CANCELADA") return true;
  return campaign.status === "PROGRAMADA" && campaign.scheduledAt !== null &&
    new Date(campaign.scheduledAt).getTime() - now > EDIT_WINDOW_MS;
}

/** "2026-11-25T14:30" in the browser's time zone, for <input type="datetime-local">. */
function localInput(iso: string | null): string {
  if (!iso) return "";
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

type Values = Record<string, string | boolean>;

function initialValues(campaign?: Campaign): Values {
  const values: Values = {
    name: campaign?.name ?? "",
    confirmation: campaign?.confirmation ?? false,
    whatsappId: String(campaign?.whatsappId ?? ""),
    contactListId: String(campaign?.contactListId ?? ""),
    tagListId: String(campaign?.tagListId ?? ""),
    fileListId: String(campaign?.fileListId ?? ""),
    scheduledAt: localInput(campaign?.scheduledAt ?? null),
  };
  for (const n of VARIANTS) {
    values[`message${n}`] = campaign?.[`message${n}`] ?? "";
    values[`confirmationMessage${n}`] = campaign?.[`confirmationMessage${n}`] ?? "";
  }
  return values;
}

export function CampaignDialog(
  { campaign, onSaved, onClose }: {
    campaign?: Campaign;
    onSaved: (campaign: Campaign) => void;
    onClose: () => void;
  },
) {
  const t = useT();
  const [values, setValues] = useState<Values>(() => initialValues(campaign));
  const [tab, setTab] = useState<number>(1);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // Why the last save was refused, above the buttons (a toast would sit under the modal).
  const [formError, setFormError] = useState("");
  const [saving, setSaving] = useState(false);
  const [options, setOptions] = useState<Partial<Record<Source, Option[]>>>({});
  const [media, setMedia] = useState<AttachmentValue>(() =>
    attachmentOf(campaign, storedMediaAddress)
  );
  /** The record as saved so far: a retry after a failed upload updates it, never duplicates. */
  const [stored, setStored] = useState(campaign);
  const editable = isEditable(campaign);
  useModal(DIALOG, onClose);

  useEffect(() => {
    void Promise.all([
      api<Option[]>("/api/whatsapp"),
      api<Option[]>("/api/contact-lists/list"),
      api<{ tags: Option[] } | Option[]>("/api/tags/list"),
      api<Option[]>("/api/files/list"),
    ]).then(([whatsapps, lists, tags, files]) =>
      setOptions({ whatsapps, lists, tags: Array.isArray(tags) ? tags : tags.tags, files })
    ).catch(() => toastError());
  }, []);

  const set = (key: string, value: string | boolean) => setValues({ ...values, [key]: value });
  const choices = (rows: Option[] | undefined) =>
    (rows ?? []).map((row) => ({ value: String(row.id), label: row.name }));

  async function submit(event: Event) {
    event.preventDefault();
    if (!editable) return;
    setSaving(true);
    setFormError("");
    const body = {
      ...values,
      scheduledAt: values.scheduledAt ? new Date(String(values.scheduledAt)).toISOString() : null,
    };
    let saved = stored;
    try {
      saved = await api<Campaign>(stored ? `/api/campaigns/${stored.id}` : "/api/campaigns", {
        method: stored ? "PUT" : "POST",
        body,
      });
      setStored(saved);
      // The media goes after the record is saved; the message is its caption (admin §2).
      saved = await syncAttachment(`/api/campaigns/${saved.id}/media-upload`, media, saved);
      onSaved(saved);
      closeModal(DIALOG);
    } catch (err) {
      // A saved record whose media failed is still saved: the list shows it, a retry updates it.
      if (saved && saved !== stored) onSaved(saved);
      if (err instanceof ApiError && err.code.startsWith("ERR_MEDIA_")) {
        setErrors({ media: t(`errors.${err.code}`) });
      } else {
        const refusal = dialogRefusal(err, t, DIALOG);
        setErrors(refusal.fields);
        setFormError(refusal.message);
      }
      setSaving(false);
    }
  }

  const textarea = (key: string, label: string) => {
    const ids = fieldIds(`campaign-${key}`, undefined, errors[key]);
    return (
      <Field ids={ids} label={label} error={errors[key]}>
        <textarea
          id={ids.control}
          rows={4}
          class={cx(CONTROL_CLASSES, "h-auto min-h-28 resize-y py-2 leading-relaxed")}
          value={String(values[key])}
          maxLength={10_000}
          disabled={!editable}
          aria-invalid={errors[key] ? true : undefined}
          aria-describedby={ids.describedBy}
          onInput={(event) => set(key, event.currentTarget.value)}
        />
      </Field>
    );
  };

  return (
    <Dialog
      id={DIALOG}
      size="lg"
      title={t(campaign ? "campaigns.editTitle" : "campaigns.createTitle")}
      description={editable ? undefined : t("campaigns.readOnly")}
      closeLabel={t("common.close")}
      error={formError}
      footer={editable
        ? <DialogActions dialogId={DIALOG} formId={`${DIALOG}-form`} busy={saving} />
        : (
          <Button variant="secondary" onClick={() => closeModal(DIALOG)}>
            {t("common.close")}
          </Button>
        )}
    >
      <form id={`${DIALOG}-form`} class="flex flex-col gap-4" onSubmit={submit} noValidate>
        <fieldset class="grid gap-4 sm:grid-cols-2" disabled={!editable}>
          <Input
            id="campaign-name"
            label={t("campaigns.fields.name")}
            value={String(values.name)}
            required
            maxLength={50}
            error={errors.name}
            onInput={(e) => set("name", e.currentTarget.value)}
          />
          {PICKERS.map((picker) => (
            <Select
              key={picker.field}
              id={picker.id}
              label={t(picker.label)}
              placeholder={t("campaigns.none")}
              options={choices(options[picker.source])}
              value={String(values[picker.field])}
              error={errors[picker.field]}
              onChange={(e) => set(picker.field, e.currentTarget.value)}
            />
          ))}
          <Input
            id="campaign-scheduled"
            type="datetime-local"
            label={t("campaigns.fields.scheduledAt")}
            hint={t("campaigns.fields.scheduledHint")}
            value={String(values.scheduledAt)}
            error={errors.scheduledAt}
            onInput={(e) => set("scheduledAt", e.currentTarget.value)}
          />
        </fieldset>
        <SwitchField
          id="campaign-confirmation"
          label={t("campaigns.fields.confirmation")}
          hint={t("campaigns.fields.confirmationHint")}
          checked={Boolean(values.confirmation)}
          onChange={(on) => editable && set("confirmation", on)}
        />
        <div role="tablist" class="flex flex-wrap gap-1 border-b border-line">
          {VARIANTS.map((n) => (
            <button
              key={n}
              type="button"
              role="tab"
              aria-selected={tab === n}
              class={`rounded-t-md px-3 py-2 text-sm ${
                tab === n ? "bg-brand-600 text-white" : "text-fg-muted hover:bg-surface-muted"
              }`}
              onClick={() => setTab(n)}
            >
              {t("campaigns.fields.tab", { n })}
            </button>
          ))}
        </div>
        <div role="tabpanel" class="flex flex-col gap-4">
          {textarea(`message${tab}`, t("campaigns.fields.message", { n: tab }))}
          {values.confirmation &&
            textarea(
              `confirmationMessage${tab}`,
              t("campaigns.fields.confirmationMessage", { n: tab }),
            )}
          <p class="text-[13px] text-fg-subtle">{t("campaigns.fields.variablesHint")}</p>
        </div>
        {editable
          ? (
            <AttachmentField
              value={media}
              label={t("campaigns.fields.media")}
              hint={t("campaigns.fields.mediaHint")}
              error={errors.media}
              onChange={(value, error) => {
                setMedia(value);
                setErrors({ ...errors, media: error ?? "" });
              }}
            />
          )
          : campaign?.mediaPath && (
            <p class="text-sm">
              {t("campaigns.fields.media")}:{" "}
              <a
                class="text-brand-700 underline dark:text-brand-300"
                href={storedMediaAddress(campaign.mediaPath)}
                target="_blank"
                rel="noopener"
              >
                {campaign.mediaName}
              </a>
            </p>
          )}
      </form>
    </Dialog>
  );
}
