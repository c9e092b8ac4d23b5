/**
 * /campaigns-config (admin §2, §9): the intervals with the spec's options and the custom
 * variables table ({key} in a message becomes its value); a repeated key is ignored.
 */
import { useEffect, useState } from "preact/hooks";
import { Button } from "../components/ui/Button.tsx";
import { Input } from "../components/ui/Input.tsx";
import { Select } from "../components/ui/Select.tsx";
import { api, ApiError } from "../lib/client/api.ts";
import { useT } from "../lib/i18n/client.ts";
import { pushToast, toastError } from "../lib/ui/toast.ts";
import {
  DEFAULT_PACING,
  LONGER_INTERVAL_OPTIONS,
  MESSAGE_INTERVAL_OPTIONS,
} from "../services/campaigns/pacing.ts";

interface Variable {
  key: string;
  value: string;
}

export default function CampaignSettingsForm() {
  const t = useT();
  const [pacing, setPacing] = useState({ ...DEFAULT_PACING });
  const [variables, setVariables] = useState<Variable[]>([]);
  const [draft, setDraft] = useState<Variable>({ key: "", value: "" });
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    api<{ key: string; value: string }[]>("/api/campaign-settings").then((rows) => {
      const byKey = Object.fromEntries(rows.map((r) => [r.key, JSON.parse(r.value)]));
      setPacing({
        ...DEFAULT_PACING,
        ...Object.fromEntries(Object.entries(byKey).filter(([k]) => k !== "variables")),
      });
      setVariables(Array.isArray(byKey.variables) ? byKey.variables : []);
    }).catch(() => toastError());
  }, []);

  const seconds = (options: readonly number[]) =>
    options.map((n) => ({
      value: String(n),
      label: t("campaigns.settings.seconds", { count: n }),
    }));
  const addVariable = () => {
    const key = draft.key.trim().replace(/[{}\s]/g, "");
    if (!key || variables.some((v) => v.key === key)) return;
    setVariables([...variables, { key, value: draft.value }]);
    setDraft({ key: "", value: "" });
  };

  async function save(event: Event) {
    event.preventDefault();
    setSaving(true);
    try {
      await api("/api/campaign-settings", {
        method: "POST",
        body: { settings: { ...pacing, variables } },
      });
      pushToast({ tone: "success", message: t("campaigns.settings.saved") });
    } catch (err) {
      toastError(err instanceof ApiError ? err.code : undefined);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form class="flex max-w-3xl flex-col gap-6" onSubmit={save}>
      <div class="grid gap-4 sm:grid-cols-3">
        <Select
          id="messageInterval"
          label={t("campaigns.settings.messageInterval")}
          options={seconds(MESSAGE_INTERVAL_OPTIONS)}
          value={String(pacing.messageInterval)}
          onChange={(e) => setPacing({ ...pacing, messageInterval: Number(e.currentTarget.value) })}
        />
        <Select
          id="longerIntervalAfter"
          label={t("campaigns.settings.longerIntervalAfter")}
          options={LONGER_INTERVAL_OPTIONS.map((n) => ({
            value: String(n),
            label: n === 0
              ? t("campaigns.settings.never")
              : t("campaigns.settings.messages", { count: n }),
          }))}
          value={String(pacing.longerIntervalAfter)}
          onChange={(e) =>
            setPacing({ ...pacing, longerIntervalAfter: Number(e.currentTarget.value) })}
        />
        <Select
          id="greaterInterval"
          label={t("campaigns.settings.greaterInterval")}
          options={seconds(LONGER_INTERVAL_OPTIONS)}
          value={String(pacing.greaterInterval)}
          onChange={(e) => setPacing({ ...pacing, greaterInterval: Number(e.currentTarget.value) })}
        />
      </div>
      <section class="flex flex-col gap-3">
        <h2 class="font-semibold">{t("campaigns.settings.variables")}</h2>
        <p class="text-[13px] text-fg-muted">{t("campaigns.settings.variablesHint")}</p>
        <div class="flex flex-col gap-2 sm:flex-row sm:items-end">
          <Input
            id="variable-key"
            label={t("campaigns.settings.key")}
            value={draft.key}
            onInput={(e) => setDraft({ ...draft, key: e.currentTarget.value })}
          />
          <Input
            id="variable-value"
            label={t("campaigns.settings.value")}
            value={draft.value}
            onInput={(e) => setDraft({ ...draft, value: e.currentTarget.value })}
          />
          <Button variant="secondary" onClick={addVariable}>
            {t("campaigns.settings.addVariable")}
          </Button>
        </div>
        {/* No bare header row before the first variable: a sentence says what goes here. */}
        {variables.length === 0
          ? <p class="text-[13px] text-fg-subtle">{t("campaigns.settings.noVariables")}</p>
          : (
            <table class="w-full text-sm">
              <thead class="text-left text-[12px] text-fg-muted">
                <tr>
                  <th class="py-1">{t("campaigns.settings.key")}</th>
                  <th>{t("campaigns.settings.value")}</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {variables.map((v) => (
                  <tr key={v.key} class="border-t border-line">
                    <td class="py-2 font-mono">{`{${v.key}}`}</td>
                    <td>{v.value}</td>
                    <td class="text-right">
                      <Button
                        variant="ghost"
                        size="sm"
                        onClick={() => setVariables(variables.filter((o) => o.key !== v.key))}
                      >
                        {t("campaigns.delete")}
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
      </section>
      <div>
        <Button type="submit" loading={saving}>{t("common.save")}</Button>
      </div>
    </form>
  );
}
