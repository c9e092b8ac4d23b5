/**
 * The import dialog's second way in: the address book a connected phone shared with Balcão
 * (`GET /api/contacts/phone-book`). The admin picks the connection (the default one first);
 * the preview and the import then work as a spreadsheet's.
 */
import { useEffect, useState } from "preact/hooks";
import { api } from "../../lib/client/api.ts";
import type { TFunction } from "../../lib/i18n/languages.ts";
import { Button } from "../../components/ui/Button.tsx";
import { Select } from "../../components/ui/Select.tsx";
import { PhoneBookIcon } from "../../components/contacts/icons.tsx";

export interface PhoneConnection {
  id: number;
  name: string;
}

interface ConnectionRow extends PhoneConnection {
  isDefault: boolean;
  status: string;
}

export interface PhoneImportChoiceProps {
  t: TFunction;
  busy: boolean;
  onPick: (connection: PhoneConnection) => void;
}

export function PhoneImportChoice({ t, busy, onPick }: PhoneImportChoiceProps) {
  const [connections, setConnections] = useState<ConnectionRow[] | null>(null);
  const [chosen, setChosen] = useState("");
  useEffect(() => {
    api<ConnectionRow[]>("/api/whatsapp")
      .then((rows) => {
        const ordered = [...rows].sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
        setConnections(ordered);
        setChosen(ordered[0] ? String(ordered[0].id) : "");
      })
      .catch(() => setConnections([]));
  }, []);
  const connection = connections?.find((c) => String(c.id) === chosen);

  return (
    <section
      aria-labelledby="phone-import-title"
      class="flex flex-col gap-3 rounded-(--radius-card) border border-line px-4 py-4"
    >
      <div class="flex items-start gap-3">
        <PhoneBookIcon size={24} class="mt-0.5 shrink-0 text-brand-600 dark:text-brand-400" />
        <div>
          <h3 id="phone-import-title" class="font-medium">{t("contacts.import.phone.title")}</h3>
          <p class="text-[13px] text-fg-muted">{t("contacts.import.phone.hint")}</p>
        </div>
      </div>
      {connections === null
        ? <p class="text-[13px] text-fg-subtle">{t("contacts.import.phone.loading")}</p>
        : connections.length === 0
        ? <p class="text-[13px] text-fg-subtle">{t("contacts.import.phone.none")}</p>
        : (
          <div class="flex flex-col gap-3 sm:flex-row sm:items-end">
            <Select
              id="phone-import-connection"
              class="flex min-w-0 flex-1 flex-col gap-1.5"
              label={t("contacts.import.phone.connection")}
              value={chosen}
              options={connections.map((c) => ({
                value: String(c.id),
                label: c.status === "CONNECTED"
                  ? c.name
                  : t("contacts.import.phone.offline", { name: c.name }),
              }))}
              onChange={(e) => setChosen(e.currentTarget.value)}
            />
            <Button
              variant="secondary"
              data-read-phone-book
              loading={busy}
              disabled={!connection}
              onClick={() => connection && onPick({ id: connection.id, name: connection.name })}
            >
              {t("contacts.import.phone.read")}
            </Button>
          </div>
        )}
    </section>
  );
}
