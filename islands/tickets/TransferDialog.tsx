/**
 * Transfer (core §4): a queue is required; a user is optional (none leaves the ticket
 * waiting in the queue); the connection defaults to the ticket's. Users listed are the
 * chosen queue's.
 */
import { useState } from "preact/hooks";
import { Button } from "../../components/ui/Button.tsx";
import { Dialog } from "../../components/ui/Dialog.tsx";
import { Select } from "../../components/ui/Select.tsx";
import { errorMessage } from "../../lib/client/api.ts";
import { closeModal, useModal } from "../../lib/client/modal.ts";
import { useT } from "../../lib/i18n/client.ts";
import type { Ticket } from "../../services/tickets/rows.ts";
import { transferTicket } from "./actions.ts";
import type { TicketChoices } from "./types.ts";

const ID = "ticket-transfer";

export interface TransferDialogProps {
  ticket: Ticket;
  choices: TicketChoices;
  onClose: () => void;
  onDone: (ticket: Ticket) => void;
}

export function TransferDialog({ ticket, choices, onClose, onDone }: TransferDialogProps) {
  const t = useT();
  const [queueId, setQueueId] = useState(ticket.queueId ? String(ticket.queueId) : "");
  const [userId, setUserId] = useState("");
  const [whatsappId, setWhatsappId] = useState(ticket.whatsappId ? String(ticket.whatsappId) : "");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useModal(ID, onClose);

  const users = choices.users.filter((user) => queueId && user.queueIds.includes(Number(queueId)));

  async function submit(event: Event) {
    event.preventDefault();
    if (!queueId) return setError(t("errors.ERR_QUEUE_REQUIRED"));
    setBusy(true);
    try {
      const moved = await transferTicket(ticket, {
        queueId: Number(queueId),
        userId: userId ? Number(userId) : null,
        whatsappId: whatsappId ? Number(whatsappId) : null,
      });
      onDone(moved);
      closeModal(ID);
    } catch (err) {
      setError(errorMessage(err));
      setBusy(false);
    }
  }

  return (
    <Dialog
      id={ID}
      size="sm"
      title={t("tickets.transfer.title")}
      description={t("tickets.transfer.intro")}
      closeLabel={t("common.close")}
      footer={
        <>
          <Button variant="secondary" onClick={() => closeModal(ID)}>{t("common.cancel")}</Button>
          <Button type="submit" form={`${ID}-form`} loading={busy}>
            {t("tickets.transfer.submit")}
          </Button>
        </>
      }
    >
      <form id={`${ID}-form`} class="flex flex-col gap-4" onSubmit={submit} noValidate>
        <Select
          id={`${ID}-queue`}
          label={t("tickets.transfer.queue")}
          required
          placeholder={t("tickets.transfer.chooseQueue")}
          value={queueId}
          error={error && !queueId ? error : undefined}
          options={choices.queues.map((queue) => ({ value: String(queue.id), label: queue.name }))}
          onChange={(event) => {
            setQueueId(event.currentTarget.value);
            setUserId("");
            setError(null);
          }}
        />
        <Select
          id={`${ID}-user`}
          label={t("tickets.transfer.user")}
          placeholder={t("tickets.transfer.noUser")}
          value={userId}
          disabled={!queueId}
          options={users.map((user) => ({ value: String(user.id), label: user.name }))}
          onChange={(event) => setUserId(event.currentTarget.value)}
        />
        <Select
          id={`${ID}-connection`}
          label={t("tickets.transfer.connection")}
          value={whatsappId}
          options={choices.connections.map((c) => ({ value: String(c.id), label: c.name }))}
          onChange={(event) => setWhatsappId(event.currentTarget.value)}
        />
        {error && queueId && <p role="alert" class="text-sm text-red-600">{error}</p>}
      </form>
    </Dialog>
  );
}
