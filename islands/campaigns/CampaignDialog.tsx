/**
 * The campaign dialog (admin §2): name, connection, contact list or tag, file list, time,
 * confirmation, and tabs Msg.1 to Msg.5 with each message and its confirmation. Read-only
 * outside the edit window (admin §4), except that a cancelled campaign may still be saved.
 */
import { useEffect, useState } from "preact/hooks";
import { api } from "../../lib/client/api.ts";
import { closeModal, useModal } from "../../lib/client/modal.ts";
import { useT } from "../../lib/i18n/client.ts";
import { toastError } from "../../lib/ui/toast.ts";
import { showSaveFailure } from "./save_failed.ts";
import { DialogActions } from "../../components/forms/DialogActions.tsx";
import { SwitchField } from "../../components/forms/SwitchField.tsx";
import { Button } from "../../components/ui/Button.tsx";
import { Dialog } from "../../components/ui/Dialog.tsx";
import { Input } from "../../components/ui/Input.tsx";
import { Select } from "../../components/ui/Select.tsx";
import type { Campaign } from "../../services/campaigns/types.ts";

const DIALOG = "campaign-dialog";
const VARIANTS = [1, 2, 3, 4, 5] as const;
const EDIT_WINDOW_MS = 3_600_000;

interface Option {
  id: number;
  name: string;
}

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
  const [saving, setSaving] = useState(false);
  const [options, setOptions] = useState<Record<string, Option[]>>({});
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
    const body = {
      ...values,
      scheduledAt: values.scheduledAt ? new Date(String(values.scheduledAt)).toISOString() : null,
    };
    try {
      const saved = await api<Campaign>(
        campaign ? `/api/campaigns/${campaign.id}` : "/api/campaigns",
        {
          method: campaign ? "PUT" : "POST",
          body,
        },
      );
      onSaved(saved);
      closeModal(DIALOG);
    } catch (err) {
      showSaveFailure(err, t, setErrors);
      setSaving(false);
    }
  }

  const textarea = (key: string, label: string) => (
    <label class="flex flex-col gap-1 text-sm font-medium">
      {label}
      <textarea
        id={`campaign-${key}`}
        class="min-h-28 rounded-md border border-line bg-surface px-3 py-2 font-normal"
        value={String(values[key])}
        disabled={!editable}
        onInput={(event) => set(key, event.currentTarget.value)}
      />
      {errors[key] && <span class="text-[13px] text-red-700 dark:text-red-400">{errors[key]}</span>}
    </label>
  );

  return (
    <Dialog
      id={DIALOG}
      size="lg"
      title={t(campaign ? "campaigns.editTitle" : "campaigns.createTitle")}
      description={editable ? undefined : t("campaigns.readOnly")}
      closeLabel={t("common.close")}
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
          <Select
            id="campaign-whatsapp"
            label={t("campaigns.fields.whatsapp")}
            placeholder={t("campaigns.none")}
            options={choices(options.whatsapps)}
            value={String(values.whatsappId)}
            error={errors.whatsappId}
            onChange={(e) => set("whatsappId", e.currentTarget.value)}
          />
          <Select
            id="campaign-list"
            label={t("campaigns.fields.contactList")}
            placeholder={t("campaigns.none")}
            options={choices(options.lists)}
            value={String(values.contactListId)}
            error={errors.contactListId}
            onChange={(e) => set("contactListId", e.currentTarget.value)}
          />
          <Select
            id="campaign-tag"
            label={t("campaigns.fields.tagList")}
            placeholder={t("campaigns.none")}
            options={choices(options.tags)}
            value={String(values.tagListId)}
            onChange={(e) => set("tagListId", e.currentTarget.value)}
          />
          <Select
            id="campaign-files"
            label={t("campaigns.fields.fileList")}
            placeholder={t("campaigns.none")}
            options={choices(options.files)}
            value={String(values.fileListId)}
            onChange={(e) => set("fileListId", e.currentTarget.value)}
          />
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
      </form>
    </Dialog>
  );
}
