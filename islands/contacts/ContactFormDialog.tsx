/**
 * Add or edit a contact (core §2 "Dialogs", §5): name, number, e-mail, the contact's own tags
 * (issue 23, the same switches as the contact panel beside a conversation) and any number of
 * extra-information rows. Mistakes show under their field at once; the server's answer is
 * shown the same way, and a number that already belongs to someone names that contact and
 * offers to open it instead. The tags are saved after the contact, through the contact's
 * tags call; when that one is refused the contact itself is already saved, so the dialog
 * keeps it and a second try only sets the tags again (never a second contact).
 */
import { useCallback, useEffect, useState } from "preact/hooks";
import { api, ApiError, errorMessage } from "../../lib/client/api.ts";
import type { TFunction } from "../../lib/i18n/languages.ts";
import { pushToast } from "../../lib/ui/toast.ts";
import { fieldText } from "../../lib/ui/field_errors.ts";
import { INVALID_NUMBER } from "../../lib/http/field_errors.ts";
import { Button } from "../../components/ui/Button.tsx";
import { Dialog } from "../../components/ui/Dialog.tsx";
import { Input } from "../../components/ui/Input.tsx";
import {
  checkContact,
  type ContactDraft,
  type FieldErrors,
} from "../../components/contacts/form_rules.ts";
import { formatPhone } from "../../components/contacts/format.ts";
import { AlertIcon, PlusIcon, TrashIcon } from "../../components/icons.tsx";
import type { ContactRow } from "../../components/contacts/types.ts";
import { revealFirstInvalid, useModal } from "../../lib/client/modal.ts";
import { TagToggles, type TagTogglesProps } from "../../components/tags/TagToggles.tsx";
import { dialogRefusal } from "../admin/save_errors.ts";

/** A tag of the company, as the switches show it (their own shape, not a second one). */
export type TagOption = TagTogglesProps["tags"][number];

export const CONTACT_DIALOG_ID = "contact-form-dialog";
const FORM_ID = "contact-form";

interface ExistingContact {
  id: number;
  name: string;
  number: string;
}

export interface ContactFormDialogProps {
  t: TFunction;
  open: boolean;
  /** The contact being edited; null to add one. */
  contact: ContactRow | null;
  /** The company's tags, to put on the contact. */
  tags: TagOption[];
  onClose: () => void;
  onSaved: (contact: ContactRow) => void;
  /** Opens the contact that already has the typed number. */
  onOpenExisting: (contactId: number) => void;
}

const tagIdsOf = (contact: ContactRow | null) => (contact?.tags ?? []).map((tag) => tag.id);
const sameSet = (a: number[], b: number[]) =>
  a.length === b.length && a.every((id) => b.includes(id));

function draftOf(contact: ContactRow | null): ContactDraft {
  return {
    name: contact?.name ?? "",
    number: contact?.number ?? "",
    email: contact?.email ?? "",
    extraInfo: contact?.extraInfo.map((f) => ({ ...f })) ?? [],
  };
}

export function ContactFormDialog(props: ContactFormDialogProps) {
  const { t, open, contact, tags, onClose, onSaved, onOpenExisting } = props;
  const [draft, setDraft] = useState<ContactDraft>(() => draftOf(contact));
  const [tagIds, setTagIds] = useState<number[]>(() => tagIdsOf(contact));
  const [tagsError, setTagsError] = useState("");
  // The contact as saved by this dialog so far: after a refused tags call, saving again
  // updates it instead of adding it twice.
  const [stored, setStored] = useState<ContactRow | null>(null);
  const target = stored ?? contact;
  const [errors, setErrors] = useState<FieldErrors>({});
  const [existing, setExisting] = useState<ExistingContact | null>(null);
  const [saving, setSaving] = useState(false);
  // Why the last save was refused, above the buttons (a toast would sit under the modal).
  const [formError, setFormError] = useState("");
  const close = useCallback(() => onClose(), [onClose]);
  useModal(CONTACT_DIALOG_ID, close, open);

  useEffect(() => {
    if (!open) return;
    setDraft(draftOf(contact));
    setTagIds(tagIdsOf(contact));
    setTagsError("");
    setStored(null);
    setErrors({});
    setFormError("");
    setExisting(null);
  }, [open, contact]);

  const error = (field: string) => errors[field] ? fieldText(errors[field]!, t) : undefined;
  const set = (patch: Partial<ContactDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const setExtra = (index: number, patch: Partial<ContactDraft["extraInfo"][number]>) =>
    set({ extraInfo: draft.extraInfo.map((f, i) => (i === index ? { ...f, ...patch } : f)) });

  const toggleTag = (id: number) =>
    setTagIds((ids) => ids.includes(id) ? ids.filter((one) => one !== id) : [...ids, id]);

  /** The chosen tags onto the saved contact; the contact with them, or null when refused. */
  async function saveTags(saved: ContactRow): Promise<ContactRow | null> {
    if (sameSet(tagIdsOf(saved), tagIds)) return saved;
    try {
      return await api<ContactRow>(`/api/contacts/${saved.id}/tags`, {
        method: "PUT",
        body: { tags: tagIds },
      });
    } catch (err) {
      const refusal = dialogRefusal(err, t, CONTACT_DIALOG_ID);
      setTagsError(Object.values(refusal.fields)[0] ?? "");
      setFormError(refusal.message);
      return null;
    }
  }

  async function submit(event: Event) {
    event.preventDefault();
    const found = checkContact(draft);
    setErrors(found);
    setExisting(null);
    setFormError("");
    setTagsError("");
    if (Object.keys(found).length > 0) {
      setFormError(t("contacts.form.fixFields"));
      revealFirstInvalid(CONTACT_DIALOG_ID);
      return;
    }
    setSaving(true);
    try {
      const saved = await api<ContactRow>(
        target ? `/api/contacts/${target.id}` : "/api/contacts",
        {
          method: target ? "PUT" : "POST",
          body: draft,
        },
      );
      setStored(saved);
      const tagged = await saveTags(saved);
      onSaved(tagged ?? saved);
      if (!tagged) return;
      pushToast({ tone: "success", message: t("contacts.form.saved") });
      onClose();
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      if (err.code === "ERR_VALIDATION" || err.code === "ERR_INVALID_NUMBER") {
        setErrors(err.fields ?? { number: INVALID_NUMBER });
        setFormError(t("contacts.form.fixFields"));
        revealFirstInvalid(CONTACT_DIALOG_ID);
      } else if (err.code === "ERR_DUPLICATED_CONTACT" && err.details?.existingContact) {
        setExisting(err.details.existingContact as ExistingContact);
      } else {
        setFormError(errorMessage(err));
      }
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog
      id={CONTACT_DIALOG_ID}
      title={t(target ? "contacts.form.editTitle" : "contacts.form.addTitle")}
      closeLabel={t("contacts.form.close")}
      error={formError}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>{t("contacts.form.cancel")}</Button>
          <Button type="submit" form={FORM_ID} loading={saving}>{t("contacts.form.save")}</Button>
        </>
      }
    >
      <form id={FORM_ID} class="flex flex-col gap-4" noValidate onSubmit={submit}>
        <Input
          id="contact-name"
          label={t("contacts.form.name")}
          required
          autoComplete="off"
          value={draft.name}
          error={error("name")}
          onInput={(e) => set({ name: e.currentTarget.value })}
        />
        <div class="grid gap-4 sm:grid-cols-2">
          <Input
            id="contact-number"
            label={t("contacts.form.number")}
            hint={t("contacts.form.numberHint")}
            required
            type="tel"
            inputMode="tel"
            autoComplete="off"
            value={draft.number}
            error={error("number")}
            onInput={(e) => set({ number: e.currentTarget.value })}
          />
          <Input
            id="contact-email"
            label={t("contacts.form.email")}
            type="email"
            autoComplete="off"
            value={draft.email}
            error={error("email")}
            onInput={(e) => set({ email: e.currentTarget.value })}
          />
        </div>
        {existing && (
          <div
            role="alert"
            class="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2.5 text-amber-900 dark:border-amber-700 dark:bg-amber-950/60 dark:text-amber-200"
          >
            <span>
              {t("contacts.form.duplicate", {
                name: existing.name,
                number: formatPhone(existing.number),
              })}
            </span>
            <Button variant="secondary" size="sm" onClick={() => onOpenExisting(existing.id)}>
              {t("contacts.form.openExisting")}
            </Button>
          </div>
        )}
        <fieldset class="flex flex-col gap-2" data-testid="contact-form-tags">
          <legend class="mb-2 text-sm font-medium">{t("contacts.form.tags")}</legend>
          {tags.length === 0
            ? <p class="text-[13px] text-fg-subtle">{t("contacts.form.noTags")}</p>
            : (
              <TagToggles
                label={t("contacts.form.tags")}
                tags={tags}
                chosen={tagIds}
                onToggle={toggleTag}
              />
            )}
          {tagsError && (
            <p class="flex items-start gap-1.5 text-[13px] text-red-700 dark:text-red-400">
              <AlertIcon size={15} class="mt-px shrink-0" />
              {tagsError}
            </p>
          )}
        </fieldset>
        <fieldset class="flex flex-col gap-3">
          <legend class="mb-2 text-sm font-medium">{t("contacts.form.extraInfo")}</legend>
          {draft.extraInfo.map((field, index) => (
            <div key={index} class="grid grid-cols-[1fr_1fr_auto] items-start gap-2">
              <Input
                id={`contact-extra-name-${index}`}
                label={t("contacts.form.extraName")}
                value={field.name}
                error={error(`extraInfo.${index}.name`)}
                onInput={(e) =>
                  setExtra(index, { name: e.currentTarget.value })}
              />
              <Input
                id={`contact-extra-value-${index}`}
                label={t("contacts.form.extraValue")}
                value={field.value}
                onInput={(e) =>
                  setExtra(index, { value: e.currentTarget.value })}
              />
              <Button
                variant="ghost"
                size="icon"
                class="mt-6.5"
                aria-label={t("contacts.form.removeExtra", { name: field.name || index + 1 })}
                onClick={() => set({ extraInfo: draft.extraInfo.filter((_, i) => i !== index) })}
              >
                <TrashIcon size={18} />
              </Button>
            </div>
          ))}
          <Button
            variant="secondary"
            size="sm"
            class="self-start"
            onClick={() => set({ extraInfo: [...draft.extraInfo, { name: "", value: "" }] })}
          >
            <PlusIcon size={16} />
            {t("contacts.form.addExtra")}
          </Button>
        </fieldset>
      </form>
    </Dialog>
  );
}
