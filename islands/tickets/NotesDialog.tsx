/** Internal notes of a ticket in a dialog (the side panel shows the same list inline). */
import { Dialog } from "../../components/ui/Dialog.tsx";
import { useModal } from "../../lib/client/modal.ts";
import { useT } from "../../lib/i18n/client.ts";
import type { Ticket } from "../../services/tickets/rows.ts";
import { TicketNotes } from "./TicketNotes.tsx";
import type { TicketViewer } from "./types.ts";

const ID = "ticket-notes";

export function NotesDialog(
  { ticket, viewer, onClose }: { ticket: Ticket; viewer: TicketViewer; onClose: () => void },
) {
  const t = useT();
  useModal(ID, onClose);
  return (
    <Dialog
      id={ID}
      title={t("tickets.notes.title")}
      description={t("tickets.notes.intro")}
      closeLabel={t("common.close")}
    >
      <TicketNotes idBase={ID} ticket={ticket} viewer={viewer} />
    </Dialog>
  );
}
