/**
 * A ticket started by hand (core §2 dialogs): pick the contact (searched as you type), the
 * queue (required unless an admin: "Selecione uma fila") and the connection. When the
 * contact already has a conversation in progress the answer names who has it and where,
 * and offers to open it when the viewer may.
 */
import { useEffect, useState } from "preact/hooks";
import { formatPhone } from "../../components/contacts/format.ts";
import { SearchBox } from "../../components/lists/SearchBox.tsx";
import { Button } from "../../components/ui/Button.tsx";
import { cx } from "../../components/ui/cx.ts";
import { Dialog } from "../../components/ui/Dialog.tsx";
import { Select } from "../../components/ui/Select.tsx";
import { api, ApiError, errorMessage } from "../../lib/client/api.ts";
import { closeModal, useModal } from "../../lib/client/modal.ts";
import { useDebounced } from "../../lib/client/paged_list.ts";
import { useT } from "../../lib/i18n/client.ts";
import { fieldErrorsOf, hasFieldErrors } from "../../lib/ui/field_errors.ts";
import type { Ticket } from "../../services/tickets/rows.ts";
import type { TicketChoices, TicketViewer } from "./types.ts";

const ID = "ticket-new";

/** The dialog's places for the body's refused fields; any other shows at the bottom. */
const FIELD_OF_PATH: Record<string, "contact" | "queue"> = {
  contactId: "contact",
  queueId: "queue",
};

interface ContactOption {
  id: number;
  name: string;
  number: string;
}

interface OtherTicket {
  uuid: string;
  user: { name: string } | null;
  queue: { name: string } | null;
}

export interface NewTicketDialogProps {
  viewer: TicketViewer;
  choices: TicketChoices;
  /** Chosen beforehand (started from /contacts). */
  initialContact?: ContactOption | null;
  onClose: () => void;
  onCreated: (ticket: Ticket) => void;
}

export function NewTicketDialog(
  { viewer, choices, initialContact, onClose, onCreated }: NewTicketDialogProps,
) {
  const t = useT();
  const [search, setSearch] = useState("");
  const [contacts, setContacts] = useState<ContactOption[]>([]);
  const [contactId, setContactId] = useState<number | null>(initialContact?.id ?? null);
  const myQueues = viewer.admin
    ? choices.queues
    : choices.queues.filter((queue) => viewer.queueIds.includes(queue.id));
  const [queueId, setQueueId] = useState(myQueues.length === 1 ? String(myQueues[0]!.id) : "");
  const [whatsappId, setWhatsappId] = useState(viewer.whatsappId ? String(viewer.whatsappId) : "");
  const [errors, setErrors] = useState<{ contact?: string; queue?: string; form?: string }>({});
  const [other, setOther] = useState<OtherTicket | null>(null);
  const [busy, setBusy] = useState(false);
  const term = useDebounced(search);
  useModal(ID, onClose);

  useEffect(() => {
    let live = true;
    api<ContactOption[]>("/api/contacts/list", { query: { searchParam: term.trim() || undefined } })
      .then((rows) => {
        if (!live) return;
        // The contact chosen beforehand stays on the list until another search.
        const keep = initialContact && !term.trim() &&
          !rows.some((r) => r.id === initialContact.id);
        setContacts(keep ? [initialContact, ...rows] : rows);
      }, () => live && setContacts([]));
    return () => void (live = false);
  }, [term]);

  async function submit(event: Event) {
    event.preventDefault();
    const found = {
      contact: contactId ? undefined : t("tickets.newTicket.contactRequired"),
      queue: queueId || viewer.admin ? undefined : t("errors.ERR_QUEUE_REQUIRED"),
    };
    setErrors(found);
    setOther(null);
    if (found.contact || found.queue) return;
    setBusy(true);
    try {
      const ticket = await api<Ticket>("/api/tickets", {
        method: "POST",
        body: {
          contactId,
          queueId: queueId ? Number(queueId) : null,
          whatsappId: whatsappId ? Number(whatsappId) : null,
          userId: viewer.id,
          status: "open",
        },
      });
      onCreated(ticket);
      closeModal(ID);
    } catch (err) {
      if (err instanceof ApiError && err.code === "ERR_OTHER_OPEN_TICKET") {
        setOther(err.details.ticket as OtherTicket);
      } else {
        const refused = fieldErrorsOf(err, t, {
          keyOf: (path) => FIELD_OF_PATH[path] ?? "form",
          codeFields: { ERR_QUEUE_REQUIRED: "queue" },
        });
        setErrors(hasFieldErrors(refused) ? refused : { form: errorMessage(err) });
      }
      setBusy(false);
    }
  }

  return (
    <Dialog
      id={ID}
      title={t("tickets.newTicket.title")}
      closeLabel={t("common.close")}
      footer={
        <>
          <Button variant="secondary" onClick={() => closeModal(ID)}>{t("common.cancel")}</Button>
          <Button type="submit" form={`${ID}-form`} loading={busy}>
            {t("tickets.newTicket.submit")}
          </Button>
        </>
      }
    >
      <form id={`${ID}-form`} class="flex flex-col gap-4" onSubmit={submit} noValidate>
        {/* min-w-0: a fieldset is as wide as its longest row by default, past the dialog. */}
        <fieldset class="flex min-w-0 flex-col gap-2">
          <legend class="mb-1.5 text-sm font-medium">{t("tickets.newTicket.contact")}</legend>
          <SearchBox
            value={search}
            label={t("tickets.newTicket.searchContact")}
            placeholder={t("tickets.newTicket.searchContact")}
            onInput={setSearch}
          />
          <div
            role="radiogroup"
            aria-label={t("tickets.newTicket.contact")}
            class="max-h-44 overflow-y-auto rounded-lg border border-line"
          >
            {contacts.length === 0 && (
              <p class="px-3 py-2 text-fg-subtle">{t("tickets.newTicket.noContacts")}</p>
            )}
            {contacts.map((contact) => (
              <label
                key={contact.id}
                class={cx(
                  "flex cursor-pointer items-center gap-2 border-b border-line px-3 py-2 last:border-b-0",
                  contactId === contact.id
                    ? "bg-brand-50 dark:bg-brand-950"
                    : "hover:bg-surface-muted",
                )}
              >
                <input
                  type="radio"
                  name="contact"
                  class="accent-brand-600"
                  checked={contactId === contact.id}
                  onChange={() => setContactId(contact.id)}
                />
                <span class="min-w-0 flex-1 truncate">{contact.name}</span>
                <span class="shrink-0 text-xs text-fg-subtle tabular-nums">
                  {formatPhone(contact.number)}
                </span>
              </label>
            ))}
          </div>
          {errors.contact && <p role="alert" class="text-sm text-red-600">{errors.contact}</p>}
        </fieldset>
        <Select
          id={`${ID}-queue`}
          label={t("tickets.transfer.queue")}
          required={!viewer.admin}
          placeholder={t("tickets.transfer.chooseQueue")}
          value={queueId}
          error={errors.queue}
          options={myQueues.map((queue) => ({ value: String(queue.id), label: queue.name }))}
          onChange={(event) => setQueueId(event.currentTarget.value)}
        />
        <Select
          id={`${ID}-connection`}
          label={t("tickets.transfer.connection")}
          placeholder={t("tickets.newTicket.defaultConnection")}
          value={whatsappId}
          options={choices.connections.map((c) => ({ value: String(c.id), label: c.name }))}
          onChange={(event) => setWhatsappId(event.currentTarget.value)}
        />
        {other && (
          <div
            role="alert"
            class="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
          >
            <p>
              {t(
                other.queue ? "tickets.newTicket.otherOpen" : "tickets.newTicket.otherOpenNoQueue",
                {
                  user: other.user?.name ?? t("tickets.newTicket.nobody"),
                  queue: other.queue?.name,
                },
              )}
            </p>
            {(viewer.admin || other.user === null) && (
              <a href={`/tickets/${other.uuid}`} class="mt-1 inline-block font-medium underline">
                {t("tickets.newTicket.openOther")}
              </a>
            )}
          </div>
        )}
        {errors.form && <p role="alert" class="text-sm text-red-600">{errors.form}</p>}
      </form>
    </Dialog>
  );
}
