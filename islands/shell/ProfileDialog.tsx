/**
 * "My profile": the signed-in user edits their own name, e-mail and password through
 * `PUT /api/users/{id}` (body `{name, email, password?, currentPassword?}`, answer: the
 * user). A new e-mail or password needs the current password. Opened from the
 * account menu; a native modal dialog, so focus trapping and Escape come from the browser.
 */
import { useEffect, useRef, useState } from "preact/hooks";
import { api, errorMessage } from "../../lib/client/api.ts";
import { useT } from "../../lib/i18n/client.ts";
import { fieldErrorsOf, fieldTexts } from "../../lib/ui/field_errors.ts";
import { pushToast, toastError } from "../../lib/ui/toast.ts";
import { Button } from "../../components/ui/Button.tsx";
import { Dialog } from "../../components/ui/Dialog.tsx";
import { Input } from "../../components/ui/Input.tsx";
import {
  profileBody,
  type ProfileInput,
  validateProfile,
} from "../../components/shell/topbar/profile_form.ts";

const DIALOG_ID = "shell-profile";
const FORM_ID = "shell-profile-form";

export interface ProfileDialogProps {
  user: { id: number; name: string; email: string };
  open: boolean;
  onClose: () => void;
  /** Called with the saved user, so the top bar greets the new name at once. */
  onSaved: (user: { name: string; email: string }) => void;
}

export function ProfileDialog({ user, open, onClose, onSaved }: ProfileDialogProps) {
  const t = useT();
  const [input, setInput] = useState<ProfileInput>({
    ...user,
    password: "",
    currentPassword: "",
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const dialog = useRef<HTMLDialogElement | null>(null);

  useEffect(() => {
    const element = document.getElementById(DIALOG_ID) as HTMLDialogElement | null;
    dialog.current = element;
    if (!element) return;
    const closed = () => onClose();
    element.addEventListener("close", closed);
    return () => element.removeEventListener("close", closed);
  }, [onClose]);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      setInput({ name: user.name, email: user.email, password: "", currentPassword: "" });
      setErrors({});
      element.showModal();
    } else if (!open && element.open) {
      element.close();
    }
  }, [open]);

  async function submit(event: Event) {
    event.preventDefault();
    const found = validateProfile(input, user.email);
    setErrors(fieldTexts(found, t));
    if (Object.keys(found).length > 0 || saving) return;
    setSaving(true);
    try {
      const saved = await api<{ name: string; email: string }>(`/api/users/${user.id}`, {
        method: "PUT",
        body: profileBody(input, user.email),
      });
      pushToast({ tone: "success", messageKey: "shell.profile.saved" });
      onSaved({ name: saved?.name ?? input.name.trim(), email: saved?.email ?? input.email });
      dialog.current?.close();
    } catch (err) {
      // A refused field (the current password among them) shows next to it, and the toast
      // says why the save did not happen.
      setErrors(fieldErrorsOf(err, t));
      toastError(errorMessage(err)); // already translated: shown as it is
    } finally {
      setSaving(false);
    }
  }

  const field = (name: keyof ProfileInput) => ({
    value: input[name],
    error: errors[name],
    onInput: (event: Event) =>
      setInput({ ...input, [name]: (event.currentTarget as HTMLInputElement).value }),
  });

  return (
    <Dialog
      id={DIALOG_ID}
      title={t("shell.profile.title")}
      description={t("shell.profile.description")}
      closeLabel={t("common.close")}
      footer={
        <>
          <Button variant="secondary" onClick={() => dialog.current?.close()}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" form={FORM_ID} loading={saving}>{t("common.save")}</Button>
        </>
      }
    >
      <form id={FORM_ID} class="flex flex-col gap-4" onSubmit={submit} noValidate>
        <Input
          id="shell-profile-name"
          label={t("shell.profile.name")}
          autocomplete="name"
          required
          maxLength={50}
          {...field("name")}
        />
        <Input
          id="shell-profile-email"
          type="email"
          label={t("shell.profile.email")}
          autocomplete="email"
          required
          {...field("email")}
        />
        {(["password", "currentPassword"] as const).map((name) => (
          <Input
            key={name}
            id={name === "password" ? "shell-profile-password" : "shell-profile-current-password"}
            type="password"
            label={t(`shell.profile.${name}`)}
            hint={t(`shell.profile.${name}Hint`)}
            autocomplete={name === "password" ? "new-password" : "current-password"}
            maxLength={name === "password" ? 50 : 200}
            {...field(name)}
          />
        ))}
      </form>
    </Dialog>
  );
}
