/** Admins look into a conversation without taking it (core §2 "ticket peek"): read only. */
import { Dialog } from "../../components/ui/Dialog.tsx";
import { useModal } from "../../lib/client/modal.ts";
import { useT } from "../../lib/i18n/client.ts";
import { shellSession } from "../../lib/client/session.ts";
import type { Ticket } from "../../services/tickets/rows.ts";
import { MessageView } from "./MessageView.tsx";

const ID = "ticket-peek";

export function PeekDialog({ ticket, onClose }: { ticket: Ticket; onClose: () => void }) {
  const t = useT();
  useModal(ID, onClose);
  return (
    <Dialog
      id={ID}
      size="lg"
      title={ticket.contact.name || ticket.contact.number}
      description={t("tickets.peekIntro")}
      closeLabel={t("common.close")}
    >
      <div class="-mx-5 -my-4 flex h-[60dvh] flex-col bg-surface-muted">
        <MessageView ticketId={ticket.id} companyId={shellSession()?.companyId ?? 0} peek />
      </div>
    </Dialog>
  );
}
