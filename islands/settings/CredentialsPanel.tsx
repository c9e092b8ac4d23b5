/**
 * The ISP credentials of the Options tab (admin §3: ipixc, tokenixc, ipmkauth,
 * clientidmkauth, clientsecretmkauth, asaas), for admins. The server never sends a stored
 * value back, only its mask, so each box starts empty: typing a new value and leaving the box
 * (or pressing Enter) saves it at once, like the other options; "Remover" clears it.
 */
import { useState } from "preact/hooks";
import { api, errorMessage } from "../../lib/client/api.ts";
import { useT } from "../../lib/i18n/client.ts";
import { pushToast } from "../../lib/ui/toast.ts";
import {
  SECRET_MAX_LENGTH,
  SECRET_SETTINGS,
  type SecretSettingKey,
} from "../../services/settings/catalogue.ts";
import { Badge } from "../../components/ui/Badge.tsx";
import { Button } from "../../components/ui/Button.tsx";
import { Input } from "../../components/ui/Input.tsx";

export interface CredentialsPanelProps {
  /** The masks the server answered, by key ("" when not set). */
  masks: Partial<Record<SecretSettingKey, string>>;
}

/** Addresses are not secret enough to hide while typing; tokens are. */
const ADDRESS_KEYS: readonly SecretSettingKey[] = ["ipixc", "ipmkauth"];

export function CredentialsPanel({ masks: initial }: CredentialsPanelProps) {
  const t = useT();
  const [masks, setMasks] = useState(initial);
  const [drafts, setDrafts] = useState<Partial<Record<SecretSettingKey, string>>>({});
  const [saving, setSaving] = useState<SecretSettingKey | null>(null);

  async function save(key: SecretSettingKey, value: string) {
    if (saving) return;
    setSaving(key);
    try {
      const saved = await api<{ value: string }>(`/api/settings/${key}`, {
        method: "PUT",
        body: { value },
      });
      setMasks((all) => ({ ...all, [key]: saved.value }));
      setDrafts((all) => ({ ...all, [key]: "" }));
      pushToast({ tone: "success", message: t("settings.options.saved") });
    } catch (err) {
      pushToast({ tone: "error", message: errorMessage(err) });
    } finally {
      setSaving(null);
    }
  }

  return (
    <section class="flex flex-col gap-4 border-t border-line pt-6" aria-labelledby="isp-heading">
      <div>
        <h2 id="isp-heading" class="text-[15px] font-semibold text-fg">
          {t("settings.credentials.title")}
        </h2>
        <p class="mt-1 max-w-2xl text-sm text-fg-muted">{t("settings.credentials.intro")}</p>
      </div>
      <div class="grid gap-x-6 gap-y-5 md:grid-cols-2">
        {SECRET_SETTINGS.map((key) => {
          const mask = masks[key] ?? "";
          const draft = drafts[key] ?? "";
          return (
            <div key={key} class="flex flex-col gap-1.5" data-testid={`credential-${key}`}>
              <div class="flex items-end gap-2">
                <Input
                  id={`setting-${key}`}
                  class="min-w-0 flex-1"
                  label={t(`settings.credentials.${key}`)}
                  type={ADDRESS_KEYS.includes(key) ? "text" : "password"}
                  autoComplete="off"
                  spellcheck={false}
                  maxLength={SECRET_MAX_LENGTH}
                  value={draft}
                  placeholder={mask ? mask : t("settings.credentials.placeholder")}
                  disabled={saving === key}
                  onInput={(e) => {
                    const value = e.currentTarget.value;
                    setDrafts((all) => ({ ...all, [key]: value }));
                  }}
                  onChange={(e) => {
                    const value = e.currentTarget.value.trim();
                    if (value) save(key, value);
                  }}
                />
                {mask && (
                  <Button
                    variant="ghost"
                    size="sm"
                    class="mb-1"
                    disabled={saving === key}
                    aria-label={t("settings.credentials.removeLabel", {
                      name: t(`settings.credentials.${key}`),
                    })}
                    onClick={() => save(key, "")}
                  >
                    {t("settings.credentials.remove")}
                  </Button>
                )}
              </div>
              <span>
                <Badge tone={mask ? "success" : "neutral"} dot>
                  {mask ? t("settings.credentials.set") : t("settings.credentials.unset")}
                </Badge>
              </span>
            </div>
          );
        })}
      </div>
    </section>
  );
}
