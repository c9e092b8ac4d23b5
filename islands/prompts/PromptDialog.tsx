/**
 * Add or edit an AI prompt (admin §3 "Prompt"): name, the instructions, the provider key, the
 * queue the transfer phrase sends the customer to ("Informe o setor" without one), the voice
 * and the limits. A stored key is never shown: the field says which one is kept (its last four
 * characters) and a blank field keeps it.
 */
import { useState } from "preact/hooks";
import { api } from "../../lib/client/api.ts";
import { closeModal, revealFirstInvalid, useModal } from "../../lib/client/modal.ts";
import { useT } from "../../lib/i18n/client.ts";
import { NEURAL_VOICES, TEXT_ONLY } from "../../lib/ai/voices.ts";
import { DialogActions } from "../../components/forms/DialogActions.tsx";
import { Dialog } from "../../components/ui/Dialog.tsx";
import { Input } from "../../components/ui/Input.tsx";
import { Select } from "../../components/ui/Select.tsx";
import { CONTROL_CLASSES } from "../../components/ui/Field.tsx";
import { cx } from "../../components/ui/cx.ts";
import type { PromptRow } from "../../components/prompts/types.ts";
import { dialogRefusal } from "../admin/save_errors.ts";

export const PROMPT_DIALOG_ID = "prompt-dialog";

export interface PromptDialogProps {
  prompt?: PromptRow;
  queues: { id: number; name: string }[];
  onSaved: (prompt: PromptRow) => void;
  onClose: () => void;
}

type Field =
  | "name"
  | "prompt"
  | "apiKey"
  | "queueId"
  | "voice"
  | "voiceKey"
  | "voiceRegion"
  | "maxTokens"
  | "temperature"
  | "maxMessages";
type Errors = Partial<Record<Field, string>>;

export function PromptDialog({ prompt, queues, onSaved, onClose }: PromptDialogProps) {
  const t = useT();
  const [form, setForm] = useState({
    name: prompt?.name ?? "",
    prompt: prompt?.prompt ?? "",
    apiKey: "",
    queueId: prompt?.queueId ? String(prompt.queueId) : "",
    voice: prompt?.voice ?? TEXT_ONLY,
    voiceKey: "",
    voiceRegion: prompt?.voiceRegion ?? "",
    maxTokens: String(prompt?.maxTokens ?? 100),
    temperature: String(prompt?.temperature ?? 1),
    maxMessages: String(prompt?.maxMessages ?? 10),
  });
  const [errors, setErrors] = useState<Errors>({});
  // Why the last save was refused, above the buttons (a toast would sit under the modal).
  const [formError, setFormError] = useState("");
  const [saving, setSaving] = useState(false);
  useModal(PROMPT_DIALOG_ID, onClose);
  const set = (field: Field) => (event: { currentTarget: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.currentTarget.value }));

  function check(): Errors {
    const found: Errors = {};
    if (!form.name.trim()) found.name = t("prompts.required");
    if (!form.prompt.trim()) found.prompt = t("prompts.required");
    if (!prompt && !form.apiKey.trim()) found.apiKey = t("prompts.required");
    if (!form.queueId) found.queueId = t("errors.ERR_PROMPT_QUEUE_REQUIRED");
    if (form.voice !== TEXT_ONLY) {
      // A voice is Azure's: its key (or the stored one) and its resource's region.
      if (!form.voiceKey.trim() && !prompt?.voiceKeyHint) {
        found.voiceKey = t("errors.ERR_PROMPT_VOICE_KEY_REQUIRED");
      }
      if (!form.voiceRegion.trim()) {
        found.voiceRegion = t("errors.ERR_PROMPT_VOICE_REGION_REQUIRED");
      }
    }
    return found;
  }

  async function save(event: Event) {
    event.preventDefault();
    const found = check();
    setErrors(found);
    setFormError("");
    if (Object.keys(found).length > 0) {
      setFormError(t("common.fixFields"));
      revealFirstInvalid(PROMPT_DIALOG_ID);
      return;
    }
    setSaving(true);
    const body = {
      name: form.name.trim(),
      prompt: form.prompt.trim(),
      apiKey: form.apiKey.trim() || undefined,
      queueId: Number(form.queueId),
      voice: form.voice,
      voiceKey: form.voiceKey.trim() || undefined,
      voiceRegion: form.voiceRegion.trim(),
      maxTokens: Number(form.maxTokens),
      temperature: Number(form.temperature),
      maxMessages: Number(form.maxMessages),
    };
    try {
      const saved = await api<PromptRow>(prompt ? `/api/prompt/${prompt.id}` : "/api/prompt", {
        method: prompt ? "PUT" : "POST",
        body,
      });
      onSaved(saved);
      closeModal(PROMPT_DIALOG_ID);
    } catch (err) {
      const refusal = dialogRefusal(err, t, PROMPT_DIALOG_ID);
      setErrors(refusal.fields as Errors);
      setFormError(refusal.message);
      setSaving(false);
    }
  }

  const keyHint = (hint: string | undefined) =>
    hint ? t("prompts.keyKept", { last: hint }) : undefined;

  return (
    <Dialog
      id={PROMPT_DIALOG_ID}
      title={t(prompt ? "prompts.editTitle" : "prompts.createTitle")}
      closeLabel={t("common.close")}
      error={formError}
      footer={<DialogActions dialogId={PROMPT_DIALOG_ID} formId="prompt-form" busy={saving} />}
    >
      <form id="prompt-form" class="flex flex-col gap-4" onSubmit={save} noValidate>
        <Input
          id="prompt-name"
          label={t("prompts.nameLabel")}
          value={form.name}
          required
          maxLength={100}
          autoComplete="off"
          error={errors.name}
          onInput={set("name")}
        />
        <Input
          id="prompt-api-key"
          label={t("prompts.apiKeyLabel")}
          type="password"
          value={form.apiKey}
          required={!prompt}
          maxLength={500}
          autoComplete="off"
          hint={keyHint(prompt?.apiKeyHint)}
          error={errors.apiKey}
          onInput={set("apiKey")}
        />
        <div class="flex flex-col gap-1.5">
          <label for="prompt-text" class="text-sm font-medium text-fg">
            {t("prompts.promptLabel")}
            <span class="ml-0.5 text-red-600 dark:text-red-400" aria-hidden="true">*</span>
          </label>
          <textarea
            id="prompt-text"
            rows={7}
            value={form.prompt}
            maxLength={20_000}
            aria-describedby="prompt-text-hint"
            aria-invalid={errors.prompt ? true : undefined}
            onInput={set("prompt")}
            class={cx(CONTROL_CLASSES, "h-auto min-h-32 resize-y py-2 leading-relaxed")}
          />
          <p id="prompt-text-hint" class="text-[13px] text-fg-subtle">{t("prompts.promptHint")}</p>
          {errors.prompt && (
            <p class="text-[13px] text-red-700 dark:text-red-400">{errors.prompt}</p>
          )}
        </div>
        <Select
          id="prompt-queue"
          label={t("prompts.queueLabel")}
          hint={t("prompts.queueHint")}
          placeholder={t("prompts.queuePlaceholder")}
          required
          value={form.queueId}
          error={errors.queueId}
          options={queues.map((queue) => ({ value: String(queue.id), label: queue.name }))}
          onChange={set("queueId")}
        />
        <div class="grid gap-4 sm:grid-cols-3">
          <Input
            id="prompt-max-tokens"
            label={t("prompts.maxTokensLabel")}
            type="number"
            min={10}
            max={4096}
            value={form.maxTokens}
            error={errors.maxTokens}
            onInput={set("maxTokens")}
          />
          <Input
            id="prompt-temperature"
            label={t("prompts.temperatureLabel")}
            type="number"
            min={0}
            max={2}
            step={0.1}
            value={form.temperature}
            error={errors.temperature}
            onInput={set("temperature")}
          />
          <Input
            id="prompt-max-messages"
            label={t("prompts.maxMessagesLabel")}
            type="number"
            min={1}
            max={50}
            value={form.maxMessages}
            error={errors.maxMessages}
            onInput={set("maxMessages")}
          />
        </div>
        <Select
          id="prompt-voice"
          label={t("prompts.voiceLabel")}
          value={form.voice}
          error={errors.voice}
          options={[
            { value: TEXT_ONLY, label: t("prompts.voiceText") },
            ...NEURAL_VOICES.map((voice) => ({
              value: voice,
              label: voice.replace(/^pt-BR-/, "").replace(/Neural$/, ""),
            })),
          ]}
          onChange={set("voice")}
        />
        {form.voice !== TEXT_ONLY && (
          <div class="grid gap-4 sm:grid-cols-2">
            <Input
              id="prompt-voice-key"
              label={t("prompts.voiceKeyLabel")}
              type="password"
              value={form.voiceKey}
              required={!prompt?.voiceKeyHint}
              maxLength={500}
              autoComplete="off"
              hint={keyHint(prompt?.voiceKeyHint) ?? t("prompts.voiceKeyHint")}
              error={errors.voiceKey}
              onInput={set("voiceKey")}
            />
            <Input
              id="prompt-voice-region"
              label={t("prompts.voiceRegionLabel")}
              value={form.voiceRegion}
              required
              maxLength={50}
              autoComplete="off"
              hint={t("prompts.voiceRegionHint")}
              error={errors.voiceRegion}
              onInput={set("voiceRegion")}
            />
          </div>
        )}
      </form>
    </Dialog>
  );
}
