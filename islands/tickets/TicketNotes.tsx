/**
 * Internal notes of a ticket (core §3 "Ticket note"): the ones written for this contact's
 * ticket, newest first, a box to add one (at least 2 characters) and delete for the author
 * or an admin. Customers never see them. Shown in the notes dialog and in the side panel.
 */
import { useEffect, useState } from "preact/hooks";
import { TrashIcon } from "../../components/icons.tsx";
import { Button } from "../../components/ui/Button.tsx";
import { CONTROL_CLASSES } from "../../components/ui/Field.tsx";
import { api, errorMessage } from "../../lib/client/api.ts";
import { clientLanguage, useT } from "../../lib/i18n/client.ts";
import { pushToast } from "../../lib/ui/toast.ts";
import type { TicketNote } from "../../services/tickets/notes.ts";
import type { Ticket } from "../../services/tickets/rows.ts";
import type { TicketViewer } from "./types.ts";

export interface TicketNotesProps {
  /** Prefix of the form's ids, unique on the page. */
  idBase: string;
  ticket: Ticket;
  viewer: TicketViewer;
  /** Rows of the text box: a roomy one in the dialog, a short one in the side panel. */
  rows?: number;
}

export function TicketNotes({ idBase: ID, ticket, viewer, rows = 3 }: TicketNotesProps) {
  const t = useT();
  const [notes, setNotes] = useState<TicketNote[] | null>(null);
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    api<TicketNote[]>("/api/ticket-notes/list", {
      query: { ticketId: ticket.id, contactId: ticket.contactId },
    }).then(setNotes, (err) => {
      setNotes([]);
      pushToast({ tone: "error", message: errorMessage(err) });
    });
  }, [ticket.id]);

  async function add(event: Event) {
    event.preventDefault();
    if (text.trim().length < 2) return setError(t("tickets.notes.tooShort"));
    setBusy(true);
    try {
      const note = await api<TicketNote>("/api/ticket-notes", {
        method: "POST",
        body: { ticketId: ticket.id, contactId: ticket.contactId, note: text.trim() },
      });
      setNotes([note, ...(notes ?? [])]);
      setText("");
      setError(null);
      pushToast({ tone: "success", messageKey: "tickets.notes.added" });
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  async function remove(note: TicketNote) {
    try {
      await api(`/api/ticket-notes/${note.id}`, { method: "DELETE" });
      setNotes((notes ?? []).filter((one) => one.id !== note.id));
      pushToast({ tone: "success", messageKey: "tickets.notes.deleted" });
    } catch (err) {
      pushToast({ tone: "error", message: errorMessage(err) });
    }
  }

  const when = new Intl.DateTimeFormat(clientLanguage(), {
    dateStyle: "short",
    timeStyle: "short",
  });
  return (
    <div>
      <form onSubmit={add} class="flex flex-col gap-2" noValidate>
        <label for={`${ID}-text`} class="text-sm font-medium">{t("tickets.notes.label")}</label>
        <textarea
          id={`${ID}-text`}
          rows={rows}
          value={text}
          maxLength={2000}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${ID}-error` : undefined}
          class={CONTROL_CLASSES}
          onInput={(event) => setText(event.currentTarget.value)}
        />
        {error && <p id={`${ID}-error`} role="alert" class="text-sm text-red-600">{error}</p>}
        <div class="flex justify-end">
          <Button type="submit" size="sm" loading={busy}>{t("tickets.notes.add")}</Button>
        </div>
      </form>
      <ul class="mt-4 flex flex-col gap-2" aria-label={t("tickets.notes.title")}>
        {notes === null && <li class="text-fg-subtle">{t("tickets.loading")}</li>}
        {notes?.length === 0 && <li class="text-fg-subtle">{t("tickets.notes.empty")}</li>}
        {notes?.map((note) => (
          <li key={note.id} class="rounded-lg border border-line bg-surface-muted p-3">
            <div class="flex items-start gap-2">
              <p class="min-w-0 flex-1 break-words whitespace-pre-wrap">{note.note}</p>
              {(note.user?.id === viewer.id || viewer.admin) && (
                <button
                  type="button"
                  class="rounded p-1 text-fg-subtle hover:bg-red-50 hover:text-red-600 dark:hover:bg-red-950"
                  aria-label={t("tickets.notes.delete")}
                  onClick={() => remove(note)}
                >
                  <TrashIcon size={16} />
                </button>
              )}
            </div>
            <p class="mt-1 text-xs text-fg-subtle">
              {note.user?.name ?? t("tickets.notes.someone")} ·{" "}
              {when.format(new Date(note.createdAt))}
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}
