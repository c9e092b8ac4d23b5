/**
 * Add or edit a contact (core §2 "Dialogs", §5): name, number, e-mail and any number of
 * extra-information rows. Mistakes show under their field at once; the server's answer is
 * shown the same way, and a number that already belongs to someone names that contact and
 * offers to open it instead.
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
import { PlusIcon, TrashIcon } from "../../components/icons.tsx";
import type { ContactRow } from "../../components/contacts/types.ts";
import { revealFirstInvalid, useModal } from "../../lib/client/modal.ts";

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
  onClose: () => void;
  onSaved: (contact: ContactRow) => void;
  /** Opens the contact that already has the typed number. */
  onOpenExisting: (contactId: number) => void;
}

function draftOf(contact: ContactRow | null): ContactDraft {
  return {
    name: contact?.name ?? "",
    number: contact?.number ?? "",
    email: contact?.email ?? "",
    extraInfo: contact?.extraInfo.map((f) => ({ ...f })) ?? [],
  };
}

export function ContactFormDialog(props: ContactFormDialogProps) {
  const { t, open, contact, onClose, onSaved, onOpenExisting } = props;
  const [draft, setDraft] = useState<ContactDraft>(() => draftOf(contact));
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
    setErrors({});
    setFormError("");
    setExisting(null);
  }, [open, contact]);

  const error = (field: string) => errors[field] ? fieldText(errors[field]!, t) : undefined;
  const set = (patch: Partial<ContactDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const setExtra = (index: number, patch: Partial<ContactDraft["extraInfo"][number]>) =>
    set({ extraInfo: draft.extraInfo.map((f, i) => (i === index ? { ...f, ...patch } : f)) });

  async function submit(event: Event) {
    event.preventDefault();
    const found = checkContact(draft);
    setErrors(found);
    setExisting(null);
    setFormError("");
    if (Object.keys(found).length > 0) {
      setFormError(t("contacts.form.fixFields"));
      revealFirstInvalid(CONTACT_DIALOG_ID);
      return;
    }
    setSaving(true);
    try {
      const saved = await api<ContactRow>(
        contact ? `/api/contacts/${contact.id}` : "/api/contacts",
        {
          method: contact ? "PUT" : "POST",
          body: draft,
        },
      );
      pushToast({ tone: "success", message: t("contacts.form.saved") });
      onSaved(saved);
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
      title={t(contact ? "contacts.form.editTitle" : "contacts.form.addTitle")}
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
