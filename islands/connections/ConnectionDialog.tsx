/**
 * The connection add/edit dialog (core §2 "Dialogs", §3, §5): every field the API accepts
 * (services/whatsapp/connection_input.ts), grouped as the admin thinks of them. The server
 * validates; its messages appear under their fields, translated. The API token is shown
 * and can be renewed on save, never typed.
 */
import type { ComponentChildren } from "preact";
import { useState } from "preact/hooks";
import { Button } from "../../components/ui/Button.tsx";
import { Dialog } from "../../components/ui/Dialog.tsx";
import { Input } from "../../components/ui/Input.tsx";
import { Select } from "../../components/ui/Select.tsx";
import { Switch } from "../../components/ui/Switch.tsx";
import { QueuePicker } from "../../components/users/QueuePicker.tsx";
import { api, ApiError, errorMessage } from "../../lib/client/api.ts";
import { closeModal, revealFirstInvalid, useModal } from "../../lib/client/modal.ts";
import { useT } from "../../lib/i18n/client.ts";
import { fieldErrorsOf, hasFieldErrors } from "../../lib/ui/field_errors.ts";
import { WEEKDAYS } from "../../services/companies/weekdays.ts";
import type { QueueChip } from "../../services/users/user_view.ts";
import type { OpeningHours } from "../../services/whatsapp/connection_rows.ts";
import type { ConnectionRow } from "./list_state.ts";
import { IntegrationPicker } from "../../components/integrations/IntegrationPicker.tsx";
import { useIntegrationChoices } from "../integrations/choices.ts";

const DIALOG_ID = "connection-dialog";
const FORM_ID = "connection-form";

type TextKey =
  | "name"
  | "greetingMessage"
  | "complationMessage"
  | "outOfHoursMessage"
  | "ratingMessage"
  | "expiresInactiveMessage";
type NumberKey =
  | "expiresTicket"
  | "timeUseBotQueues"
  | "maxUseBotQueues"
  | "timeToTransfer"
  | "timeSendQueue";
type IdKey = "transferQueueId" | "sendIdQueue" | "integrationId";

export type ConnectionValues =
  & Record<TextKey, string>
  & Record<NumberKey, string>
  & Record<IdKey, string>
  & {
    isDefault: boolean;
    provider: "beta" | "sandbox";
    queueIds: number[];
    schedules: OpeningHours[];
    renewToken: boolean;
  };

function week(saved: readonly OpeningHours[] | undefined): OpeningHours[] {
  return WEEKDAYS.map(({ weekday, weekdayEn }) => {
    const day = saved?.find((row) => row.weekdayEn === weekdayEn);
    return { weekday, weekdayEn, startTime: day?.startTime ?? "", endTime: day?.endTime ?? "" };
  });
}

export function valuesOf(connection: ConnectionRow | undefined): ConnectionValues {
  const id = (value: number | null | undefined) => value == null ? "" : String(value);
  return {
    name: connection?.name ?? "",
    greetingMessage: connection?.greetingMessage ?? "",
    complationMessage: connection?.complationMessage ?? "",
    outOfHoursMessage: connection?.outOfHoursMessage ?? "",
    ratingMessage: connection?.ratingMessage ?? "",
    expiresInactiveMessage: connection?.expiresInactiveMessage ?? "",
    expiresTicket: String(connection?.expiresTicket ?? 0),
    timeUseBotQueues: String(connection?.timeUseBotQueues ?? 0),
    maxUseBotQueues: String(connection?.maxUseBotQueues ?? 3),
    timeToTransfer: String(connection?.timeToTransfer ?? 0),
    timeSendQueue: String(connection?.timeSendQueue ?? 0),
    transferQueueId: id(connection?.transferQueueId),
    sendIdQueue: id(connection?.sendIdQueue),
    integrationId: id(connection?.integrationId),
    isDefault: connection?.isDefault ?? false,
    provider: connection?.provider ?? "beta",
    queueIds: connection?.queues.map((queue) => queue.id) ?? [],
    schedules: week(connection?.schedules),
    renewToken: false,
  };
}

/** What the API receives: numbers as numbers, empty choices as null. */
export function bodyOf(values: ConnectionValues, editing: boolean): Record<string, unknown> {
  const { renewToken, transferQueueId, sendIdQueue, integrationId, ...rest } = values;
  const number = (value: string) => Number(value === "" ? 0 : value);
  const body: Record<string, unknown> = {
    ...rest,
    expiresTicket: number(values.expiresTicket),
    timeUseBotQueues: number(values.timeUseBotQueues),
    maxUseBotQueues: number(values.maxUseBotQueues),
    timeToTransfer: number(values.timeToTransfer),
    timeSendQueue: number(values.timeSendQueue),
    transferQueueId: transferQueueId === "" ? null : Number(transferQueueId),
    sendIdQueue: sendIdQueue === "" ? null : Number(sendIdQueue),
    integrationId: integrationId === "" ? null : Number(integrationId),
  };
  if (editing && renewToken) body.renewToken = true;
  return body;
}

const CODE_FIELDS: Record<string, string> = {
  ERR_WAPP_NAME_ALREADY_EXISTS: "name",
  ERR_WAPP_GREETING_REQUIRED: "greetingMessage",
  ERR_WAPP_INVALID_QUEUE: "queueIds",
  ERR_NO_OTHER_WHATSAPP: "isDefault",
};

export interface ConnectionDialogProps {
  /** The connection being edited; absent to add one. */
  connection?: ConnectionRow;
  queues: QueueChip[];
  /** Opening hours per connection apply when the company's scheduleType is "company". */
  schedulesApply: boolean;
  onSaved: (connection: ConnectionRow, created: boolean) => void;
  onClose: () => void;
}

function Section({ title, children }: { title: string; children: ComponentChildren }) {
  return (
    <fieldset class="grid gap-4 sm:col-span-2 sm:grid-cols-2">
      <legend class="mb-1 text-xs font-semibold uppercase tracking-wide text-fg-subtle">
        {title}
      </legend>
      {children}
    </fieldset>
  );
}

export function ConnectionDialog(
  { connection, queues, schedulesApply, onSaved, onClose }: ConnectionDialogProps,
) {
  const t = useT();
  const integrations = useIntegrationChoices();
  const editing = connection !== undefined;
  const [values, setValues] = useState<ConnectionValues>(() => valuesOf(connection));
  const [errors, setErrors] = useState<Record<string, string>>({});
  // Why the last save was refused, shown above the buttons whatever the scroll position.
  const [formError, setFormError] = useState("");
  const [submitting, setSubmitting] = useState(false);
  useModal(DIALOG_ID, onClose);

  const set = <K extends keyof ConnectionValues>(key: K, value: ConnectionValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const inputValue = (event: Event) =>
    (event.currentTarget as HTMLInputElement | HTMLTextAreaElement).value;

  const text = (key: NumberKey, label: string, hint?: string) => (
    <Input
      id={`connection-${key}`}
      label={label}
      hint={hint}
      type="number"
      min={0}
      inputMode="numeric"
      value={values[key]}
      error={errors[key]}
      onInput={(event) => set(key, inputValue(event))}
    />
  );
  const area = (key: TextKey, hint?: string) => (
    <label class="flex flex-col gap-1.5 sm:col-span-2" for={`connection-${key}`}>
      <span class="text-sm font-medium text-fg">{t(`connections.form.${key}`)}</span>
      <textarea
        id={`connection-${key}`}
        rows={2}
        value={values[key]}
        aria-invalid={errors[key] ? true : undefined}
        onInput={(event) =>
          set(key, inputValue(event))}
        class="min-h-16 w-full rounded-lg border border-line-strong bg-surface px-3 py-2 text-sm text-fg shadow-sm placeholder:text-fg-subtle hover:border-fg-subtle focus-visible:border-brand-500 aria-invalid:border-red-500"
      />
      {errors[key] && <span class="text-[13px] text-red-700 dark:text-red-400">{errors[key]}</span>}
      {!errors[key] && hint && <span class="text-[13px] text-fg-subtle">{hint}</span>}
    </label>
  );
  const queueOptions = queues.map((queue) => ({ value: String(queue.id), label: queue.name }));

  async function submit(event: Event) {
    event.preventDefault();
    if (submitting) return;
    setSubmitting(true);
    setErrors({});
    setFormError("");
    try {
      const saved = await api<ConnectionRow>(
        editing ? `/api/whatsapp/${connection.id}` : "/api/whatsapp",
        { method: editing ? "PUT" : "POST", body: bodyOf(values, editing) },
      );
      onSaved(saved, !editing);
      closeModal(DIALOG_ID);
    } catch (err) {
      setSubmitting(false);
      const refused = fieldErrorsOf(err, t, {
        keyOf: (path) => path.startsWith("schedules.") ? path : path.split(".")[0]!,
        codeFields: CODE_FIELDS,
      });
      if (hasFieldErrors(refused)) {
        setErrors(refused);
        const codeOnly = err instanceof ApiError && err.code !== "ERR_VALIDATION";
        setFormError(codeOnly ? errorMessage(err) : t("connections.form.fixFields"));
        revealFirstInvalid(DIALOG_ID);
      } else {
        setFormError(errorMessage(err));
      }
    }
  }

  return (
    <Dialog
      id={DIALOG_ID}
      size="lg"
      title={t(editing ? "connections.form.editTitle" : "connections.form.addTitle")}
      description={t("connections.form.description")}
      closeLabel={t("common.close")}
      error={formError}
      footer={
        <>
          <Button variant="secondary" onClick={() => closeModal(DIALOG_ID)}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" form={FORM_ID} loading={submitting}>
            {t("connections.form.save")}
          </Button>
        </>
      }
    >
      <form id={FORM_ID} noValidate onSubmit={submit} class="grid gap-6 sm:grid-cols-2">
        <Section title={t("connections.form.general")}>
          <Input
            id="connection-name"
            label={t("connections.form.name")}
            required
            autoComplete="off"
            value={values.name}
            error={errors.name}
            onInput={(event) => set("name", inputValue(event))}
          />
          <Select
            id="connection-provider"
            label={t("connections.form.provider")}
            value={values.provider}
            hint={t("connections.form.providerHint")}
            error={errors.provider}
            onChange={(event) =>
              set(
                "provider",
                (event.currentTarget as HTMLSelectElement).value === "sandbox" ? "sandbox" : "beta",
              )}
            options={[
              { value: "beta", label: t("connections.providers.beta") },
              { value: "sandbox", label: t("connections.providers.sandbox") },
            ]}
          />
          <Switch
            id="connection-default"
            label={t("connections.form.isDefault")}
            hint={errors.isDefault ?? t("connections.form.isDefaultHint")}
            checked={values.isDefault}
            disabled={connection?.isDefault === true}
            onChange={(checked) => set("isDefault", checked)}
            class="sm:col-span-2"
          />
          {editing && (
            <div class="flex flex-col gap-2 sm:col-span-2">
              <Input
                id="connection-token"
                label={t("connections.form.token")}
                hint={values.renewToken
                  ? t("connections.form.renewTokenOn")
                  : t("connections.form.tokenHint")}
                value={connection.token ?? ""}
                readOnly
                class="flex flex-col gap-1.5 font-mono"
              />
              <Switch
                id="connection-renew-token"
                label={t("connections.form.renewToken")}
                checked={values.renewToken}
                onChange={(checked) => set("renewToken", checked)}
              />
            </div>
          )}
        </Section>

        <Section title={t("connections.form.messages")}>
          {area("greetingMessage", t("connections.form.greetingHint"))}
          {area("complationMessage")}
          {area("outOfHoursMessage")}
          {area("ratingMessage")}
          {area("expiresInactiveMessage")}
          {text(
            "expiresTicket",
            t("connections.form.expiresTicket"),
            t("connections.form.zeroOff"),
          )}
        </Section>

        <Section title={t("connections.form.routing")}>
          <div class="sm:col-span-2">
            <QueuePicker
              id="connection-queues"
              label={t("connections.form.queues")}
              queues={queues}
              selected={values.queueIds}
              onChange={(ids) => set("queueIds", ids)}
              emptyText={t("connections.form.queuesEmpty")}
              error={errors.queueIds}
            />
          </div>
          <Select
            id="connection-transfer-queue"
            label={t("connections.form.transferQueue")}
            value={values.transferQueueId}
            placeholder={t("connections.form.none")}
            options={queueOptions}
            error={errors.transferQueueId}
            onChange={(event) =>
              set("transferQueueId", (event.currentTarget as HTMLSelectElement).value)}
          />
          {text(
            "timeToTransfer",
            t("connections.form.timeToTransfer"),
            t("connections.form.zeroOff"),
          )}
          <Select
            id="connection-send-queue"
            label={t("connections.form.sendIdQueue")}
            value={values.sendIdQueue}
            placeholder={t("connections.form.none")}
            options={queueOptions}
            error={errors.sendIdQueue}
            onChange={(event) =>
              set("sendIdQueue", (event.currentTarget as HTMLSelectElement).value)}
          />
          {text(
            "timeSendQueue",
            t("connections.form.timeSendQueue"),
            t("connections.form.zeroOff"),
          )}
          {text("timeUseBotQueues", t("connections.form.timeUseBotQueues"))}
          {text("maxUseBotQueues", t("connections.form.maxUseBotQueues"))}
          <Select
            id="connection-prompt"
            label={t("connections.form.prompt")}
            value=""
            placeholder={t("connections.form.none")}
            options={[]}
            disabled
            hint={t("connections.form.notAvailable")}
          />
          <IntegrationPicker
            id="connection-integration"
            label={t("connections.form.integration")}
            noneLabel={t("connections.form.none")}
            unavailableHint={t("integrations.picker.unavailable")}
            choices={integrations}
            value={values.integrationId}
            error={errors.integrationId}
            onChange={(value) => set("integrationId", value)}
          />
        </Section>

        <Section title={t("connections.form.schedule")}>
          {schedulesApply
            ? (
              <div class="flex flex-col gap-2 sm:col-span-2">
                <p class="text-[13px] text-fg-subtle">{t("connections.form.closedDay")}</p>
                {values.schedules.map((day, index) => (
                  <div
                    key={day.weekdayEn}
                    class="grid grid-cols-[1fr_auto_auto] items-center gap-2"
                  >
                    <span class="text-sm text-fg">
                      {t(`connections.form.weekdays.${day.weekdayEn}`)}
                    </span>
                    {(["startTime", "endTime"] as const).map((field) => (
                      <input
                        key={field}
                        type="time"
                        aria-label={`${t(`connections.form.weekdays.${day.weekdayEn}`)} · ${
                          t(`connections.form.${field === "startTime" ? "start" : "end"}`)
                        }`}
                        value={day[field]}
                        aria-invalid={errors[`schedules.${index}.${field}`] ? true : undefined}
                        onInput={(event) =>
                          set(
                            "schedules",
                            values.schedules.map((row, i) =>
                              i === index ? { ...row, [field]: inputValue(event) } : row
                            ),
                          )}
                        class="h-9 rounded-lg border border-line-strong bg-surface px-2 text-sm text-fg aria-invalid:border-red-500"
                      />
                    ))}
                  </div>
                ))}
              </div>
            )
            : (
              <p class="text-[13px] text-fg-subtle sm:col-span-2">
                {t("connections.form.scheduleOff")}
              </p>
            )}
        </Section>
      </form>
    </Dialog>
  );
}
