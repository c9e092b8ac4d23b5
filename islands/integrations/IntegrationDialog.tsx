/**
 * Add or edit a queue integration (admin §3 "Queue integration"): the type, then that
 * type's fields: Dialogflow's project, language and service-account key (never shown again:
 * the field names the account kept, and a blank field keeps it) with a credentials test;
 * the address of an n8n flow or webhook with its signing secret (copy, rotate); Typebot's
 * address, public id, keywords, messages, delay and session expiry.
 */
import { useEffect, useState } from "preact/hooks";
import { api, ApiError } from "../../lib/client/api.ts";
import { closeModal, useModal } from "../../lib/client/modal.ts";
import { useT } from "../../lib/i18n/client.ts";
import { pushToast, toastError } from "../../lib/ui/toast.ts";
import { DialogActions } from "../../components/forms/DialogActions.tsx";
import { Button } from "../../components/ui/Button.tsx";
import { Dialog } from "../../components/ui/Dialog.tsx";
import { Input } from "../../components/ui/Input.tsx";
import { Select } from "../../components/ui/Select.tsx";
import { CONTROL_CLASSES, Field, fieldIds } from "../../components/ui/Field.tsx";
import { cx } from "../../components/ui/cx.ts";
import {
  DIALOGFLOW_LANGUAGES,
  INTEGRATION_TYPES,
  type IntegrationRow,
} from "../../components/integrations/types.ts";
import { fieldErrorsOf } from "../admin/save_errors.ts";

export const INTEGRATION_DIALOG_ID = "integration-dialog";

export interface IntegrationDialogProps {
  /** The integration to edit (loaded here, with its secret); absent to create one. */
  integrationId?: number;
  onSaved: (integration: IntegrationRow, created: boolean) => void;
  onClose: () => void;
}

type Form = {
  type: IntegrationRow["type"];
  name: string;
  projectName: string;
  jsonContent: string;
  language: string;
  dialogflowLocation: string;
  urlN8N: string;
  typebotSlug: string;
  typebotExpires: string;
  typebotKeywordFinish: string;
  typebotKeywordRestart: string;
  typebotUnknownMessage: string;
  typebotDelayMessage: string;
  typebotRestartMessage: string;
};
type Errors = Partial<Record<keyof Form, string>>;

function formOf(row?: IntegrationRow): Form {
  return {
    type: row?.type ?? "typebot",
    name: row?.name ?? "",
    projectName: row?.type === "dialogflow" ? row.projectName : "",
    jsonContent: "",
    language: row?.language ?? "pt-BR",
    dialogflowLocation: row?.dialogflowLocation ?? "",
    urlN8N: row?.urlN8N ?? "",
    typebotSlug: row?.typebotSlug ?? "",
    typebotExpires: String(row?.typebotExpires ?? 1),
    typebotKeywordFinish: row?.typebotKeywordFinish ?? "",
    typebotKeywordRestart: row?.typebotKeywordRestart ?? "",
    typebotUnknownMessage: row?.typebotUnknownMessage ?? "",
    typebotDelayMessage: String(row?.typebotDelayMessage ?? 1000),
    typebotRestartMessage: row?.typebotRestartMessage ?? "",
  };
}

const SIGNED = ["webhook", "n8n"];
/** The steps of the n8n Webhook node's settings, in the dialog's order. */
const N8N_GUIDE = ["method", "url", "respond", "reply", "signature"] as const;

export function IntegrationDialog({ integrationId, onSaved, onClose }: IntegrationDialogProps) {
  const t = useT();
  const [saved, setSaved] = useState<IntegrationRow | undefined>();
  const [form, setForm] = useState<Form>(formOf());
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState<"save" | "test" | "rotate" | null>(null);
  useModal(INTEGRATION_DIALOG_ID, onClose);

  useEffect(() => {
    if (integrationId === undefined) return;
    api<IntegrationRow>(`/api/queueIntegration/${integrationId}`).then((row) => {
      setSaved(row);
      setForm(formOf(row));
    }).catch((err) => toastError(err instanceof ApiError ? err.code : undefined));
  }, [integrationId]);

  const set = (field: keyof Form) => (event: { currentTarget: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.currentTarget.value }));
  const required = t("integrations.required");

  function check(): Errors {
    const found: Errors = {};
    if (form.name.trim().length < 2) found.name = t("errors.fields.ERR_TOO_SHORT", { minimum: 2 });
    if (form.type === "dialogflow") {
      if (!form.projectName.trim()) found.projectName = required;
      if (!form.jsonContent.trim() && !saved?.jsonContentHint) found.jsonContent = required;
    } else if (!form.urlN8N.trim()) found.urlN8N = required;
    if (form.type === "typebot" && !form.typebotSlug.trim()) found.typebotSlug = required;
    return found;
  }

  function showRefusal(err: unknown) {
    const fields = fieldErrorsOf(err, t);
    if (Object.keys(fields).length > 0) setErrors(fields as Errors);
    else toastError(err instanceof ApiError ? err.code : undefined);
  }

  async function save(event: Event) {
    event.preventDefault();
    const found = check();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy("save");
    const body = {
      ...form,
      name: form.name.trim(),
      jsonContent: form.jsonContent.trim() || undefined,
      typebotExpires: Number(form.typebotExpires),
      typebotDelayMessage: Number(form.typebotDelayMessage),
    };
    try {
      const row = await api<IntegrationRow>(
        saved ? `/api/queueIntegration/${saved.id}` : "/api/queueIntegration",
        { method: saved ? "PUT" : "POST", body },
      );
      onSaved(row, !saved);
      if (!saved && SIGNED.includes(row.type)) {
        // A new webhook's secret is needed on the other side at once: stay and show it.
        setSaved(row);
        setForm(formOf(row));
        setBusy(null);
        return;
      }
      closeModal(INTEGRATION_DIALOG_ID);
    } catch (err) {
      showRefusal(err);
      setBusy(null);
    }
  }

  async function testCredentials() {
    setBusy("test");
    try {
      await api("/api/queueIntegration/testSession", {
        method: "POST",
        body: {
          id: saved?.id,
          projectName: form.projectName.trim(),
          jsonContent: form.jsonContent.trim() || undefined,
          language: form.language,
          dialogflowLocation: form.dialogflowLocation.trim(),
        },
      });
      pushToast({ tone: "success", message: t("integrations.testOk") });
    } catch (err) {
      showRefusal(err);
    } finally {
      setBusy(null);
    }
  }

  async function rotate() {
    if (!saved) return;
    setBusy("rotate");
    try {
      const row = await api<IntegrationRow>(`/api/queueIntegration/${saved.id}/secret`, {
        method: "POST",
      });
      setSaved(row);
      pushToast({ tone: "success", message: t("integrations.rotated") });
    } catch (err) {
      toastError(err instanceof ApiError ? err.code : undefined);
    } finally {
      setBusy(null);
    }
  }

  async function copySecret() {
    if (!saved?.hmacSecret) return;
    await navigator.clipboard?.writeText(saved.hmacSecret).catch(() => {});
    pushToast({ tone: "success", message: t("integrations.copied") });
  }

  const textArea = (field: keyof Form, label: string, options: {
    rows?: number;
    hint?: string;
    requiredMark?: boolean;
    mono?: boolean;
  } = {}) => {
    const ids = fieldIds(`integration-${field}`, options.hint, errors[field]);
    return (
      <Field
        ids={ids}
        label={label}
        hint={options.hint}
        error={errors[field]}
        required={options.requiredMark}
      >
        <textarea
          id={ids.control}
          rows={options.rows ?? 2}
          value={form[field]}
          maxLength={field === "jsonContent" ? 20_000 : 2000}
          spellcheck={!options.mono}
          aria-describedby={ids.describedBy}
          aria-invalid={errors[field] ? true : undefined}
          onInput={set(field)}
          class={cx(
            CONTROL_CLASSES,
            "h-auto resize-y py-2 leading-relaxed",
            options.mono && "font-mono text-xs",
          )}
        />
      </Field>
    );
  };

  const type = form.type;
  return (
    <Dialog
      id={INTEGRATION_DIALOG_ID}
      title={t(saved ? "integrations.editTitle" : "integrations.createTitle")}
      closeLabel={t("common.close")}
      footer={
        <DialogActions
          dialogId={INTEGRATION_DIALOG_ID}
          formId="integration-form"
          busy={busy === "save"}
        />
      }
    >
      <form id="integration-form" class="flex flex-col gap-4" onSubmit={save} noValidate>
        <div class="grid gap-4 sm:grid-cols-2">
          <Select
            id="integration-type"
            label={t("integrations.typeLabel")}
            value={type}
            error={errors.type}
            options={INTEGRATION_TYPES.map((value) => ({
              value,
              label: t(`integrations.types.${value}`),
            }))}
            onChange={set("type")}
          />
          <Input
            id="integration-name"
            label={t("integrations.nameLabel")}
            value={form.name}
            required
            maxLength={50}
            autoComplete="off"
            error={errors.name}
            onInput={set("name")}
          />
        </div>

        {type === "dialogflow" && (
          <>
            <div class="grid gap-4 sm:grid-cols-2">
              <Input
                id="integration-project"
                label={t("integrations.projectLabel")}
                value={form.projectName}
                required
                maxLength={100}
                autoComplete="off"
                error={errors.projectName}
                onInput={set("projectName")}
              />
              <Select
                id="integration-language"
                label={t("integrations.languageLabel")}
                value={form.language}
                error={errors.language}
                options={DIALOGFLOW_LANGUAGES.map((value) => ({
                  value,
                  label: t(`integrations.languages.${value}`),
                }))}
                onChange={set("language")}
              />
            </div>
            <Input
              id="integration-location"
              label={t("integrations.locationLabel")}
              value={form.dialogflowLocation}
              maxLength={40}
              autoComplete="off"
              placeholder="global"
              hint={t("integrations.locationHint")}
              error={errors.dialogflowLocation}
              onInput={set("dialogflowLocation")}
            />
            {textArea("jsonContent", t("integrations.jsonLabel"), {
              rows: 6,
              mono: true,
              requiredMark: !saved?.jsonContentHint,
              hint: saved?.jsonContentHint
                ? t("integrations.jsonKept", { email: saved.jsonContentHint })
                : t("integrations.jsonHint"),
            })}
            <div>
              <Button
                type="button"
                variant="secondary"
                size="sm"
                loading={busy === "test"}
                disabled={busy !== null}
                onClick={testCredentials}
              >
                {busy === "test" ? t("integrations.testing") : t("integrations.test")}
              </Button>
            </div>
          </>
        )}

        {type !== "dialogflow" && (
          <Input
            id="integration-url"
            label={t("integrations.urlLabel")}
            type="url"
            inputMode="url"
            value={form.urlN8N}
            required
            maxLength={2000}
            autoComplete="off"
            placeholder="https://"
            hint={type === "typebot"
              ? t("integrations.urlHintTypebot")
              : t("integrations.urlHintWebhook")}
            error={errors.urlN8N}
            onInput={set("urlN8N")}
          />
        )}

        {type === "n8n" && (
          // The Webhook node settings that work with this contract (webhook.ts), where they
          // are needed: a wrong method or response mode loses the event or the reply.
          <section
            aria-labelledby="integration-n8n-guide"
            class="rounded-lg border border-line bg-surface-sunken p-3 text-[13px] text-fg-muted"
          >
            <h3 id="integration-n8n-guide" class="mb-1 text-sm font-medium text-fg">
              {t("integrations.n8nGuide.title")}
            </h3>
            <ol class="list-decimal space-y-1 pl-5">
              {N8N_GUIDE.map((step) => <li key={step}>{t(`integrations.n8nGuide.${step}`)}</li>)}
            </ol>
          </section>
        )}

        {SIGNED.includes(type) && (
          <div class="flex flex-col gap-1.5 rounded-lg border border-line bg-surface-sunken p-3">
            <span class="text-sm font-medium text-fg">{t("integrations.secretLabel")}</span>
            {saved?.hmacSecret
              ? (
                <>
                  <code
                    data-testid="integration-secret"
                    class="break-all rounded bg-surface px-2 py-1.5 font-mono text-xs text-fg"
                  >
                    {saved.hmacSecret}
                  </code>
                  <div class="flex flex-wrap gap-2">
                    <Button type="button" variant="secondary" size="sm" onClick={copySecret}>
                      {t("integrations.copy")}
                    </Button>
                    <Button
                      type="button"
                      variant="ghost"
                      size="sm"
                      loading={busy === "rotate"}
                      disabled={busy !== null}
                      onClick={rotate}
                    >
                      {t("integrations.rotate")}
                    </Button>
                  </div>
                  <p class="text-[13px] text-fg-subtle">{t("integrations.secretHint")}</p>
                </>
              )
              : <p class="text-[13px] text-fg-subtle">{t("integrations.secretAfterSave")}</p>}
          </div>
        )}

        {type === "typebot" && (
          <>
            <Input
              id="integration-slug"
              label={t("integrations.slugLabel")}
              value={form.typebotSlug}
              required
              maxLength={200}
              autoComplete="off"
              error={errors.typebotSlug}
              onInput={set("typebotSlug")}
            />
            <div class="grid gap-4 sm:grid-cols-2">
              <Input
                id="integration-expires"
                label={t("integrations.expiresLabel")}
                type="number"
                min={0}
                max={10080}
                value={form.typebotExpires}
                error={errors.typebotExpires}
                onInput={set("typebotExpires")}
              />
              <Input
                id="integration-delay"
                label={t("integrations.delayLabel")}
                type="number"
                min={0}
                max={60000}
                step={100}
                value={form.typebotDelayMessage}
                error={errors.typebotDelayMessage}
                onInput={set("typebotDelayMessage")}
              />
              <Input
                id="integration-finish"
                label={t("integrations.finishLabel")}
                value={form.typebotKeywordFinish}
                maxLength={100}
                autoComplete="off"
                error={errors.typebotKeywordFinish}
                onInput={set("typebotKeywordFinish")}
              />
              <Input
                id="integration-restart"
                label={t("integrations.restartLabel")}
                value={form.typebotKeywordRestart}
                maxLength={100}
                autoComplete="off"
                error={errors.typebotKeywordRestart}
                onInput={set("typebotKeywordRestart")}
              />
            </div>
            {textArea("typebotUnknownMessage", t("integrations.unknownLabel"))}
            {textArea("typebotRestartMessage", t("integrations.restartMessageLabel"))}
          </>
        )}
      </form>
    </Dialog>
  );
}
