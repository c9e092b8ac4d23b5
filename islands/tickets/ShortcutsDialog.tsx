/** The "?" dialog: every keyboard shortcut of the ticket screen, with this platform's keys. */
import { Dialog } from "../../components/ui/Dialog.tsx";
import { useModal } from "../../lib/client/modal.ts";
import { useT } from "../../lib/i18n/client.ts";
import { isApple, SHORTCUTS, TYPING_KEYS } from "./shortcuts.ts";

const ID = "ticket-shortcuts";

function Keys({ keys }: { keys: readonly string[] }) {
  return (
    <span class="flex shrink-0 items-center gap-1">
      {keys.map((key) => (
        <kbd
          key={key}
          class="min-w-7 rounded-md border border-line-strong bg-surface-muted px-1.5 py-0.5 text-center font-sans text-xs font-semibold text-fg shadow-[0_1px_0_var(--color-line-strong)]"
        >
          {key}
        </kbd>
      ))}
    </span>
  );
}

export function ShortcutsDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  useModal(ID, onClose);
  const mac = isApple(navigator.platform || navigator.userAgent);
  const row = "flex items-center justify-between gap-4 py-2";
  return (
    <Dialog id={ID} title={t("tickets.shortcuts.title")} closeLabel={t("common.close")}>
      <h3 class="text-xs font-semibold tracking-wide text-fg-subtle uppercase">
        {t("tickets.shortcuts.screen")}
      </h3>
      <dl class="mb-4 divide-y divide-line">
        {SHORTCUTS.map((shortcut) => (
          <div key={shortcut.command} class={row}>
            <dt class="text-fg">{t(`tickets.shortcuts.${shortcut.command}`)}</dt>
            <dd>
              <Keys keys={shortcut.keys(mac)} />
            </dd>
          </div>
        ))}
        <div class={row}>
          <dt class="text-fg">{t("tickets.shortcuts.helpOutside")}</dt>
          <dd>
            <Keys keys={["?"]} />
          </dd>
        </div>
      </dl>
      <h3 class="text-xs font-semibold tracking-wide text-fg-subtle uppercase">
        {t("tickets.shortcuts.typing")}
      </h3>
      <dl class="divide-y divide-line">
        {TYPING_KEYS.map((entry) => (
          <div key={entry.id} class={row}>
            <dt class="text-fg">{t(`tickets.shortcuts.${entry.id}`)}</dt>
            <dd>
              <Keys keys={entry.keys} />
            </dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}
