/**
 * Add or edit a queue (admin §3 "Queue modal"): the tab "Dados da Fila" (name, colour from
 * the 50-colour palette, messages, menu order and the chatbot's options) and, while the
 * company's hours are per queue (setting scheduleType "queue"), "Horários de Atendimento".
 * The options tree is edited here and saved with the queue in one request (#23): Cancel
 * leaves the stored menu untouched. A refused save says why inside the dialog, above its
 * buttons, and brings the first wrong field into view.
 */
import { useEffect, useState } from "preact/hooks";
import { api, ApiError, errorMessage } from "../../lib/client/api.ts";
import { closeModal, revealFirstInvalid, useModal } from "../../lib/client/modal.ts";
import { useShellSession } from "../../lib/client/session.ts";
import { useT } from "../../lib/i18n/client.ts";
import { MEDIA_EXTENSIONS } from "../../lib/media/types.ts";
import {
  DEFAULT_OPENING_HOURS,
  type OpeningHoursDay,
  WEEKDAYS,
} from "../../services/companies/weekdays.ts";
import { DialogActions } from "../../components/forms/DialogActions.tsx";
import { ColorPicker } from "../../components/tags/ColorPicker.tsx";
import { TagChip } from "../../components/tags/TagChip.tsx";
import { Dialog } from "../../components/ui/Dialog.tsx";
import { cx } from "../../components/ui/cx.ts";
import { CONTROL_CLASSES } from "../../components/ui/Field.tsx";
import { Input } from "../../components/ui/Input.tsx";
import { panelId, tabId, Tabs } from "../../components/ui/Tabs.tsx";
import { QUEUE_PALETTE } from "../../components/queues/palette.ts";
import { hoursProblem, QueueHours } from "../../components/queues/QueueHours.tsx";
import { QueueOptionsEditor } from "./QueueOptionsEditor.tsx";
import { IntegrationPicker } from "../../components/integrations/IntegrationPicker.tsx";
import { useIntegrationChoices } from "../integrations/choices.ts";
import { draftFromRows, type DraftOption, optionsPayload, untitled } from "./option_draft.ts";
import type { QueueOptionRow, QueueRow } from "../../components/queues/types.ts";
import { fieldErrorsOf, fieldTexts, hasFieldErrors } from "../../lib/ui/field_errors.ts";
import { INVALID_NUMBER, lengthError } from "../../lib/http/field_errors.ts";

export const QUEUE_DIALOG_ID = "queue-dialog";
const FORM_ID = "queue-form";
const TABS_ID = "queue-tabs";
const COLOR_TAKEN = { code: "ERR_QUEUE_COLOR_ALREADY_EXISTS" };
/** Refusals about one field, shown next to it. */
const CODE_FIELDS: Record<string, string> = {
  ERR_QUEUE_COLOR_ALREADY_EXISTS: "color",
  ERR_QUEUE_NAME_ALREADY_EXISTS: "name",
};
const MEDIA_ACCEPT = MEDIA_EXTENSIONS.map((extension) => `.${extension}`).join(",");

export interface QueueDialogProps {
  /** The queue to edit; none to add one. */
  queue?: QueueRow;
  /** The colours other queues use: offered last, marked as taken. */
  usedColors: string[];
  /** The company's queues: a menu leaf may forward to any of them but this one. */
  queues: readonly QueueRow[];
  onSaved: (queue: QueueRow, created: boolean) => void;
  onClose: () => void;
}

type Errors = Partial<
  Record<"name" | "color" | "orderQueue" | "schedules" | "options" | "integrationId", string>
>;

/** A refused field of the menu ("options.0.children.1.forwardQueueId") is the menu's. */
function errorKeyOf(path: string): string {
  if (path.startsWith("schedules")) return "schedules";
  return path.startsWith("options") ? "options" : path;
}

function fullWeek(saved: OpeningHoursDay[] | undefined): OpeningHoursDay[] {
  return WEEKDAYS.map(({ weekdayEn }, index) =>
    saved?.find((day) => day.weekdayEn === weekdayEn) ?? DEFAULT_OPENING_HOURS[index]!
  );
}

function TextArea(
  { id, label, value, onInput, hint }: {
    id: string;
    label: string;
    value: string;
    hint?: string;
    onInput: (value: string) => void;
  },
) {
  return (
    <div class="flex flex-col gap-1.5">
      <label for={id} class="text-sm font-medium text-fg">{label}</label>
      <textarea
        id={id}
        rows={3}
        value={value}
        maxLength={10_000}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onInput={(event) => onInput(event.currentTarget.value)}
        class={cx(CONTROL_CLASSES, "h-auto min-h-20 resize-y py-2 leading-relaxed")}
      />
      {hint && <p id={`${id}-hint`} class="text-[13px] text-fg-subtle">{hint}</p>}
    </div>
  );
}

/** The body of a save: JSON, or multipart when files picked for options go with it. */
function saveBody(fields: Record<string, unknown>, tree: DraftOption[] | null) {
  if (tree === null) return fields;
  const { options, files } = optionsPayload(tree);
  if (files.size === 0) return { ...fields, options };
  const form = new FormData();
  form.append("queue", JSON.stringify({ ...fields, options }));
  for (const [key, file] of files) form.append(`media.${key}`, file);
  return form;
}

export function QueueDialog(
  { queue, usedColors, queues, onSaved, onClose }: QueueDialogProps,
) {
  const t = useT();
  const session = useShellSession();
  const perQueueHours = session?.settings.scheduleType === "queue";
  const [name, setName] = useState(queue?.name ?? "");
  const [color, setColor] = useState(
    () => queue?.color ?? QUEUE_PALETTE.find((c) => !usedColors.includes(c)) ?? QUEUE_PALETTE[0]!,
  );
  const [greeting, setGreeting] = useState(queue?.greetingMessage ?? "");
  const [outOfHours, setOutOfHours] = useState(queue?.outOfHoursMessage ?? "");
  const [order, setOrder] = useState(queue?.orderQueue?.toString() ?? "");
  const [integrationId, setIntegrationId] = useState(queue?.integrationId?.toString() ?? "");
  const integrations = useIntegrationChoices();
  const [week, setWeek] = useState(() => fullWeek(queue?.schedules));
  const [tab, setTab] = useState("data");
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState("");
  const [saving, setSaving] = useState(false);
  // null while a stored queue's menu loads (or if it could not): then it is not sent.
  const [tree, setTree] = useState<DraftOption[] | null>(queue ? null : []);
  const [untitledKeys, setUntitledKeys] = useState<string[]>([]);
  useModal(QUEUE_DIALOG_ID, onClose);

  useEffect(() => {
    if (!queue) return;
    let live = true;
    api<QueueOptionRow[]>("/api/queue-options", { query: { queueId: queue.id } })
      .then((rows) => live && setTree(draftFromRows(rows)))
      .catch((err) => live && setFormError(errorMessage(err)));
    return () => {
      live = false;
    };
  }, [queue?.id]);

  const forwardTargets = queues.filter((other) => other.id !== queue?.id);
  const savedWeek = JSON.stringify(fullWeek(queue?.schedules));
  const weekChanged = JSON.stringify(week) !== savedWeek;
  const colorTaken = usedColors.includes(color.toLowerCase()) && color !== queue?.color;

  function check(): Errors {
    const found: Errors = fieldTexts({
      name: lengthError(name.trim(), 2, 50),
      color: colorTaken ? COLOR_TAKEN : null,
      orderQueue: order && !/^\d{1,4}$/.test(order) ? INVALID_NUMBER : null,
    }, t);
    if (perQueueHours && week.some(hoursProblem)) found.schedules = t("queues.hours.fix");
    return found;
  }

  /** Shows a refusal: the fields marked, the tab that holds them, one line above the buttons. */
  function refuse(found: Errors, message = t("queues.errors.fixFields")) {
    setErrors(found);
    setFormError(message);
    const onlyHours = found.schedules && !found.name && !found.color && !found.orderQueue;
    setTab(onlyHours ? "hours" : "data");
    revealFirstInvalid(QUEUE_DIALOG_ID);
  }

  async function save(event: Event) {
    event.preventDefault();
    const found = check();
    const blank = tree ? untitled(tree) : [];
    setUntitledKeys(blank);
    if (Object.keys(found).length > 0 || blank.length > 0) return refuse(found);
    setErrors({});
    setFormError("");
    setSaving(true);
    const fields = {
      name: name.trim(),
      color,
      greetingMessage: greeting,
      outOfHoursMessage: outOfHours,
      orderQueue: order ? Number(order) : null,
      // Sent only when the plan lets the company choose one (the API refuses it otherwise).
      ...(integrations ? { integrationId: integrationId ? Number(integrationId) : null } : {}),
      ...(perQueueHours ? { schedules: week } : {}),
    };
    try {
      const saved = await api<QueueRow>(queue ? `/api/queue/${queue.id}` : "/api/queue", {
        method: queue ? "PUT" : "POST",
        body: saveBody(fields, tree),
      });
      onSaved(saved, !queue);
      closeModal(QUEUE_DIALOG_ID);
    } catch (err) {
      setSaving(false);
      const refused = fieldErrorsOf(err, t, {
        keyOf: errorKeyOf,
        codeFields: CODE_FIELDS,
      });
      if (hasFieldErrors(refused)) {
        const codeOnly = err instanceof ApiError && err.code !== "ERR_VALIDATION";
        // A menu refusal says itself above the buttons: the tree has no field to hold it.
        const message = codeOnly ? errorMessage(err) : refused.options;
        refuse(refused as Errors, message);
      } else setFormError(errorMessage(err));
    }
  }

  const tabs = [{ id: "data", label: t("queues.tabs.data") }];
  if (perQueueHours) tabs.push({ id: "hours", label: t("queues.tabs.hours") });

  return (
    <Dialog
      id={QUEUE_DIALOG_ID}
      size="lg"
      title={queue ? t("queues.editTitle", { name: queue.name }) : t("queues.createTitle")}
      closeLabel={t("common.close")}
      error={formError}
      footer={<DialogActions dialogId={QUEUE_DIALOG_ID} formId={FORM_ID} busy={saving} />}
    >
      {tabs.length > 1 && (
        <Tabs
          label={t("queues.tabs.label")}
          tabs={tabs}
          selected={tab}
          idBase={TABS_ID}
          onSelect={setTab}
          class="-mt-1 mb-5"
        />
      )}
      <form id={FORM_ID} onSubmit={save} noValidate>
        <div
          role={tabs.length > 1 ? "tabpanel" : undefined}
          id={panelId(TABS_ID, "data")}
          aria-labelledby={tabs.length > 1 ? tabId(TABS_ID, "data") : undefined}
          hidden={tab !== "data"}
          class="flex flex-col gap-5"
        >
          <div class="grid gap-4 sm:grid-cols-[1fr_9rem]">
            <Input
              id="queue-name"
              label={t("queues.nameLabel")}
              value={name}
              required
              maxLength={50}
              autoComplete="off"
              error={errors.name}
              onInput={(event) => setName(event.currentTarget.value)}
            />
            <Input
              id="queue-order"
              label={t("queues.orderLabel")}
              hint={t("queues.orderHint")}
              value={order}
              inputMode="numeric"
              maxLength={4}
              error={errors.orderQueue}
              onInput={(event) => setOrder(event.currentTarget.value.trim())}
            />
          </div>
          <div class="flex flex-col gap-1">
            <ColorPicker
              name="queue-color"
              value={color}
              legend={t("queues.colorLabel")}
              customLabel={t("queues.customColor")}
              swatchLabel={(swatch) =>
                usedColors.includes(swatch) && swatch !== queue?.color
                  ? t("queues.swatchTaken", { color: swatch })
                  : t("queues.swatch", { color: swatch })}
              palette={QUEUE_PALETTE}
              rowsOfTen
              onChange={setColor}
            />
            <div class="mt-1 flex items-center gap-2 text-[13px] text-fg-subtle">
              {t("queues.preview")}
              <TagChip name={name.trim() || t("queues.nameLabel")} color={color} />
            </div>
            {errors.color && (
              <p class="text-[13px] text-red-700 dark:text-red-400">{errors.color}</p>
            )}
          </div>
          <TextArea
            id="queue-greeting"
            label={t("queues.greetingLabel")}
            hint={t("queues.greetingHint")}
            value={greeting}
            onInput={setGreeting}
          />
          {perQueueHours && (
            <TextArea
              id="queue-out-of-hours"
              label={t("queues.outOfHoursLabel")}
              value={outOfHours}
              onInput={setOutOfHours}
            />
          )}
          <IntegrationPicker
            id="queue-integration"
            label={t("integrations.picker.label")}
            noneLabel={t("integrations.none")}
            unavailableHint={t("integrations.picker.unavailable")}
            choices={integrations}
            value={integrationId}
            error={errors.integrationId}
            onChange={setIntegrationId}
          />
          <div class="border-t border-line pt-5">
            {tree
              ? (
                <QueueOptionsEditor
                  tree={tree}
                  onChange={setTree}
                  invalid={untitledKeys}
                  accept={MEDIA_ACCEPT}
                  queues={forwardTargets}
                />
              )
              : <p class="py-4 text-sm text-fg-muted">{t("common.loading")}</p>}
          </div>
        </div>
        {perQueueHours && (
          <div
            role="tabpanel"
            id={panelId(TABS_ID, "hours")}
            aria-labelledby={tabId(TABS_ID, "hours")}
            hidden={tab !== "hours"}
          >
            <QueueHours week={week} onChange={setWeek} changed={weekChanged} />
            {errors.schedules && (
              <p class="mt-2 text-[13px] text-red-700 dark:text-red-400">{errors.schedules}</p>
            )}
          </div>
        )}
      </form>
    </Dialog>
  );
}
