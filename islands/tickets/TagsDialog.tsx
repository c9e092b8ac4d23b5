/** The ticket's tags (core §2 actions): tick the company's tags, saved by POST /api/tags/sync. */
import { useState } from "preact/hooks";
import { Button } from "../../components/ui/Button.tsx";
import { Dialog } from "../../components/ui/Dialog.tsx";
import { api, errorMessage } from "../../lib/client/api.ts";
import { closeModal, useModal } from "../../lib/client/modal.ts";
import { useT } from "../../lib/i18n/client.ts";
import { pushToast } from "../../lib/ui/toast.ts";
import type { Ticket } from "../../services/tickets/rows.ts";
import type { TicketChoices } from "./types.ts";

const ID = "ticket-tags";

export function TagsDialog(
  { ticket, choices, onClose }: { ticket: Ticket; choices: TicketChoices; onClose: () => void },
) {
  const t = useT();
  const [chosen, setChosen] = useState(ticket.tags.map((tag) => tag.id));
  const [busy, setBusy] = useState(false);
  useModal(ID, onClose);

  async function save() {
    setBusy(true);
    try {
      await api("/api/tags/sync", { method: "POST", body: { ticketId: ticket.id, tags: chosen } });
      pushToast({ tone: "success", messageKey: "tickets.tagsSaved" });
      closeModal(ID);
    } catch (err) {
      pushToast({ tone: "error", message: errorMessage(err) });
      setBusy(false);
    }
  }

  return (
    <Dialog
      id={ID}
      size="sm"
      title={t("tickets.tagsTitle")}
      closeLabel={t("common.close")}
      footer={
        <>
          <Button variant="secondary" onClick={() => closeModal(ID)}>{t("common.cancel")}</Button>
          <Button onClick={save} loading={busy}>{t("common.save")}</Button>
        </>
      }
    >
      {choices.tags.length === 0
        ? <p class="text-fg-muted">{t("tickets.noTags")}</p>
        : (
          <div class="flex flex-wrap gap-2">
            {choices.tags.map((tag) => {
              const on = chosen.includes(tag.id);
              return (
                <label
                  key={tag.id}
                  class="inline-flex cursor-pointer items-center gap-2 rounded-full border border-line px-3 py-1.5 has-[:checked]:border-transparent has-[:checked]:text-white"
                  style={on ? { backgroundColor: tag.color } : undefined}
                >
                  <input
                    type="checkbox"
                    class="sr-only"
                    checked={on}
                    onChange={() =>
                      setChosen(on ? chosen.filter((id) => id !== tag.id) : [...chosen, tag.id])}
                  />
                  {!on && (
                    <span class="size-2.5 rounded-full" style={{ backgroundColor: tag.color }} />
                  )}
                  {tag.name}
                </label>
              );
            })}
          </div>
        )}
    </Dialog>
  );
}
