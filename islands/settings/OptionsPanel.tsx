/**
 * The Options tab (admin §2): every company option as a select, saved as soon as it
 * changes ("Operação atualizada com sucesso."). A refused change goes back to the stored
 * value. Plain users see the options without being able to change them.
 */
import { useState } from "preact/hooks";
import { api, errorMessage } from "../../lib/client/api.ts";
import { useT } from "../../lib/i18n/client.ts";
import { pushToast } from "../../lib/ui/toast.ts";
import { EDITABLE_SETTINGS, type EditableSettingKey } from "../../services/settings/catalogue.ts";
import { Select } from "../../components/ui/Select.tsx";

export type SettingValues = Partial<Record<string, string>>;

export interface OptionsPanelProps {
  values: SettingValues;
  canEdit: boolean;
  /** Called with the stored row once the server accepted a change. */
  onSaved: (key: EditableSettingKey, value: string) => void;
}

const KEYS = Object.keys(EDITABLE_SETTINGS) as EditableSettingKey[];

/** The label key of one allowed value: the key's own wording first, else the shared one. */
function valueLabelKey(key: EditableSettingKey, value: string): string {
  return value === "enabled" || value === "disabled"
    ? `settings.options.${value}`
    : `settings.options.${key}.${value}`;
}

export function OptionsPanel({ values, canEdit, onSaved }: OptionsPanelProps) {
  const t = useT();
  const [saving, setSaving] = useState<EditableSettingKey | null>(null);

  async function change(key: EditableSettingKey, value: string) {
    setSaving(key);
    try {
      const saved = await api<{ key: string; value: string }>(`/api/settings/${key}`, {
        method: "PUT",
        body: { value },
      });
      onSaved(key, saved.value);
      pushToast({ tone: "success", message: t("settings.options.saved") });
    } catch (err) {
      // The select shows `values`, which did not change: it falls back by itself.
      pushToast({ tone: "error", message: errorMessage(err) });
    } finally {
      setSaving(null);
    }
  }

  return (
    <div class="flex flex-col gap-5">
      <p class="text-sm text-fg-muted">
        {canEdit ? t("settings.options.intro") : t("settings.options.readOnly")}
      </p>
      <div class="grid gap-x-6 gap-y-5 md:grid-cols-2">
        {KEYS.map((key) => {
          const allowed: readonly string[] = EDITABLE_SETTINGS[key];
          return (
            <Select
              key={key}
              id={`setting-${key}`}
              label={t(`settings.options.${key}.label`)}
              hint={t(`settings.options.${key}.hint`)}
              value={values[key] ?? allowed[0]}
              disabled={!canEdit || saving === key || allowed.length < 2}
              options={allowed.map((value) => ({ value, label: t(valueLabelKey(key, value)) }))}
              onChange={(e) => change(key, e.currentTarget.value)}
            />
          );
        })}
      </div>
    </div>
  );
}
