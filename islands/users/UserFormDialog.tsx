/**
 * The user add/edit dialog (core §2 "Dialogs"). Fields follow the viewer's permissions:
 * profile, default connection and allTicket need `editProfile`, queues `editQueues`; fields
 * the viewer may not change are neither shown nor sent. The server validates; its messages
 * appear under their fields, translated. Submitting waits 400 ms first (admin §9). Editing
 * oneself, a new e-mail or password also asks for the current password (issue 15).
 */
import { useEffect, useState } from "preact/hooks";
import { Button } from "../../components/ui/Button.tsx";
import { Dialog } from "../../components/ui/Dialog.tsx";
import { Input } from "../../components/ui/Input.tsx";
import { Select } from "../../components/ui/Select.tsx";
import { Switch } from "../../components/ui/Switch.tsx";
import { QueuePicker } from "../../components/users/QueuePicker.tsx";
import { api, errorMessage } from "../../lib/client/api.ts";
import { useT } from "../../lib/i18n/client.ts";
import { pushToast } from "../../lib/ui/toast.ts";
import { fieldErrorsOf, hasFieldErrors } from "../../lib/ui/field_errors.ts";
import type { UsersPageData } from "../../services/users/page_data.ts";
import type { UserView } from "../../services/users/user_view.ts";
import { closeModal, revealFirstInvalid, useModal } from "../../lib/client/modal.ts";

export const SUBMIT_DELAY_MS = 400;
const DIALOG_ID = "user-dialog";
const FORM_ID = "user-form";

export interface UserFormDialogProps extends Pick<UsersPageData, "queues" | "connections"> {
  permissions: UsersPageData["permissions"];
  /** The signed-in user: editing themselves asks for their current password. */
  currentUserId: number;
  /** The user being edited, `"new"` to add one, `null` when closed. */
  target: UserView | "new" | null;
  onSaved: (user: UserView) => void;
  onClose: () => void;
}

interface Values {
  name: string;
  email: string;
  password: string;
  currentPassword: string;
  profile: "user" | "admin";
  whatsappId: string;
  queueIds: number[];
  allTicket: boolean;
}

function valuesOf(target: UserView | "new" | null): Values {
  const user = target === "new" || target === null ? null : target;
  return {
    name: user?.name ?? "",
    email: user?.email ?? "",
    password: "",
    currentPassword: "",
    profile: user?.profile ?? "user",
    whatsappId: user?.whatsappId == null ? "" : String(user.whatsappId),
    queueIds: user?.queues.map((queue) => queue.id) ?? [],
    allTicket: user?.allTicket === "enabled",
  };
}

/**
 * Refusals about one field are shown under it rather than in a toast (the current-password
 * ones come with their field already).
 */
const CODE_FIELDS: Record<string, string> = {
  ERR_EMAIL_TAKEN: "email",
  ERR_INVALID_QUEUES: "queueIds",
};

export function UserFormDialog(
  { target, queues, connections, permissions, currentUserId, onSaved, onClose }:
    UserFormDialogProps,
) {
  const t = useT();
  const editing = target !== null && target !== "new" ? target : null;
  const self = editing !== null && editing.id === currentUserId;
  const [values, setValues] = useState<Values>(() => valuesOf(target));
  const [errors, setErrors] = useState<Record<string, string>>({});
  // Why the last save was refused, above the buttons (a toast would sit under the modal).
  const [formError, setFormError] = useState("");
  const [submitting, setSubmitting] = useState(false);
  useModal(DIALOG_ID, onClose, target !== null);
  const close = () => closeModal(DIALOG_ID);

  useEffect(() => {
    setValues(valuesOf(target));
    setErrors({});
    setSubmitting(false);
  }, [target]);

  const set = <K extends keyof Values>(key: K) => (value: Values[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  /** The props every text box of the form shares: its value, its input and its error. */
  const textField = (key: "name" | "email" | "password" | "currentPassword") => ({
    id: `user-form-${key}`,
    label: t(`users.form.${key}`),
    value: values[key],
    error: errors[key],
    onInput: (event: Event) => set(key)((event.currentTarget as HTMLInputElement).value),
  });

  function body(): Record<string, unknown> {
    const sent: Record<string, unknown> = { name: values.name, email: values.email };
    if (!editing || values.password !== "") sent.password = values.password;
    if (self && values.currentPassword !== "") sent.currentPassword = values.currentPassword;
    if (permissions.editProfile) {
      sent.profile = values.profile;
      sent.whatsappId = values.whatsappId === "" ? null : Number(values.whatsappId);
      sent.allTicket = values.allTicket ? "enabled" : "disabled";
    }
    if (permissions.editQueues) sent.queueIds = values.queueIds;
    return sent;
  }

  async function submit(event: Event) {
    event.preventDefault();
    if (submitting) return;
    setSubmitting(true);
    setErrors({});
    setFormError("");
    await new Promise((resolve) => setTimeout(resolve, SUBMIT_DELAY_MS));
    try {
      const saved = await api<UserView>(editing ? `/api/users/${editing.id}` : "/api/users", {
        method: editing ? "PUT" : "POST",
        body: body(),
      });
      pushToast({ tone: "success", messageKey: "users.saved" });
      onSaved(saved);
      close();
    } catch (err) {
      setSubmitting(false);
      const refused = fieldErrorsOf(err, t, {
        keyOf: (path) => path.split(".")[0]!,
        codeFields: CODE_FIELDS,
      });
      if (hasFieldErrors(refused)) {
        setErrors(refused);
        setFormError(t("users.dialog.fixFields"));
        revealFirstInvalid(DIALOG_ID);
      } else {
        setFormError(errorMessage(err));
      }
    }
  }

  return (
    <Dialog
      id={DIALOG_ID}
      title={t(editing ? "users.dialog.editTitle" : "users.dialog.addTitle")}
      description={t("users.dialog.description")}
      closeLabel={t("common.close")}
      error={formError}
      footer={
        <>
          <Button variant="secondary" onClick={close}>{t("common.cancel")}</Button>
          <Button type="submit" form={FORM_ID} loading={submitting}>
            {t("users.form.save")}
          </Button>
        </>
      }
    >
      <form id={FORM_ID} noValidate onSubmit={submit} class="grid gap-4 sm:grid-cols-2">
        <Input
          {...textField("name")}
          required
          autoComplete="off"
          class="flex flex-col gap-1.5 sm:col-span-2"
        />
        <Input {...textField("email")} type="email" required autoComplete="off" />
        <Input
          {...textField("password")}
          type="password"
          required={!editing}
          autoComplete="new-password"
          hint={t(editing ? "users.form.passwordKeep" : "users.form.passwordHint")}
        />
        {self && (
          <Input
            {...textField("currentPassword")}
            type="password"
            autoComplete="current-password"
            hint={t("users.form.currentPasswordHint")}
          />
        )}
        {permissions.editProfile && (
          <>
            <Select
              id="user-form-profile"
              label={t("users.form.profile")}
              value={values.profile}
              onChange={(event) =>
                set("profile")(
                  (event.currentTarget as HTMLSelectElement).value === "admin" ? "admin" : "user",
                )}
              options={(["user", "admin"] as const).map((profile) => ({
                value: profile,
                label: t(`users.profiles.${profile}`),
              }))}
              error={errors.profile}
            />
            <Select
              id="user-whatsapp"
              label={t("users.form.whatsapp")}
              value={values.whatsappId}
              onChange={(event) =>
                set("whatsappId")((event.currentTarget as HTMLSelectElement).value)}
              placeholder={t("users.form.whatsappNone")}
              options={connections.map((c) => ({ value: String(c.id), label: c.name }))}
              disabled={connections.length === 0}
              hint={connections.length === 0 ? t("users.form.whatsappEmpty") : undefined}
              error={errors.whatsappId}
            />
          </>
        )}
        {permissions.editQueues && (
          <div class="sm:col-span-2">
            <QueuePicker
              id="user-queues"
              label={t("users.form.queues")}
              queues={queues}
              selected={values.queueIds}
              onChange={set("queueIds")}
              emptyText={t("users.form.queuesEmpty")}
              error={errors.queueIds}
            />
          </div>
        )}
        {permissions.editProfile && (
          <Switch
            id="user-all-ticket"
            label={t("users.form.allTicket")}
            hint={t("users.form.allTicketHint")}
            checked={values.allTicket}
            onChange={set("allTicket")}
            class="sm:col-span-2"
          />
        )}
      </form>
    </Dialog>
  );
}
