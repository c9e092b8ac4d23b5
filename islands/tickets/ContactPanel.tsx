/**
 * The contact beside the conversation (issue 23 item 1, after Chatwoot's contact panel): the
 * contact's details and extra fields edited in place, the ticket's tags ticked on and off
 * right there, the internal notes, the connection and queue of this ticket, and the
 * contact's other conversations with their status and date, each opened read-only.
 */
import { useEffect, useState } from "preact/hooks";
import { XIcon } from "../../components/icons.tsx";
import { cx } from "../../components/ui/cx.ts";
import { formatPhone } from "../../components/contacts/format.ts";
import { api, errorMessage } from "../../lib/client/api.ts";
import { clientLanguage, useT } from "../../lib/i18n/client.ts";
import { pushToast } from "../../lib/ui/toast.ts";
import type { Contact } from "../../services/contacts/types.ts";
import type { Ticket } from "../../services/tickets/rows.ts";
import { Avatar } from "./Avatar.tsx";
import { InlineField } from "./InlineField.tsx";
import { PeekDialog } from "./PeekDialog.tsx";
import { TicketNotes } from "./TicketNotes.tsx";
import type { TicketChoices, TicketViewer } from "./types.ts";

export interface ContactPanelProps {
  ticket: Ticket;
  viewer: TicketViewer;
  choices: TicketChoices;
  onClose: () => void;
}

function Section({ title, children }: { title: string; children: preact.ComponentChildren }) {
  return (
    <section class="border-b border-line px-4 py-4 last:border-b-0">
      <h3 class="mb-2 text-xs font-semibold tracking-wide text-fg-subtle uppercase">{title}</h3>
      {children}
    </section>
  );
}

export function ContactPanel(props: ContactPanelProps) {
  const t = useT();
  const { ticket } = props;
  const [contact, setContact] = useState<Contact | null>(null);
  const [history, setHistory] = useState<Ticket[] | null>(null);
  const [peeking, setPeeking] = useState<Ticket | null>(null);
  const [tagIds, setTagIds] = useState(ticket.tags.map((tag) => tag.id));
  const language = clientLanguage();
  const when = new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" });

  useEffect(() => {
    api<Contact>(`/api/contacts/${ticket.contactId}`).then(
      setContact,
      (err) => pushToast({ tone: "error", message: errorMessage(err) }),
    );
    // The contact's other tickets: a search by the number, kept to this very contact.
    api<{ tickets: Ticket[] }>("/api/tickets", {
      query: {
        searchParam: ticket.contact.number,
        showAll: props.viewer.admin ? "true" : undefined,
      },
    }).then(
      (page) =>
        setHistory(
          page.tickets.filter((one) => one.contactId === ticket.contactId && one.id !== ticket.id),
        ),
      () => setHistory([]),
    );
  }, [ticket.contactId, ticket.id]);
  useEffect(() => setTagIds(ticket.tags.map((tag) => tag.id)), [ticket.tags]);

  async function saveContact(
    patch: Partial<Pick<Contact, "name" | "number" | "email">> & {
      extraInfo?: { id?: number; name: string; value: string }[];
    },
  ) {
    const saved = await api<Contact>(`/api/contacts/${ticket.contactId}`, {
      method: "PUT",
      body: patch,
    });
    setContact(saved);
  }

  async function toggleTag(id: number) {
    const next = tagIds.includes(id) ? tagIds.filter((one) => one !== id) : [...tagIds, id];
    setTagIds(next);
    try {
      await api("/api/tags/sync", { method: "POST", body: { ticketId: ticket.id, tags: next } });
    } catch (err) {
      setTagIds(tagIds);
      pushToast({ tone: "error", message: errorMessage(err) });
    }
  }

  const extra = contact?.extraInfo ?? [];
  const saveExtra = (index: number, value: string) =>
    saveContact({
      extraInfo: extra.map((field, i) => ({
        id: field.id,
        name: field.name,
        value: i === index ? value : field.value,
      })),
    });

  return (
    <aside
      aria-label={t("tickets.panel.title")}
      class="flex h-full min-h-0 flex-col bg-surface"
      data-testid="contact-panel"
    >
      <div class="flex items-center gap-2 border-b border-line px-4 py-2.5">
        <h2 class="flex-1 text-sm font-semibold text-fg">{t("tickets.panel.title")}</h2>
        <button
          type="button"
          class="rounded-lg p-1.5 text-fg-muted hover:bg-surface-muted hover:text-fg"
          aria-label={t("tickets.panel.close")}
          title={t("tickets.panel.close")}
          onClick={props.onClose}
        >
          <XIcon size={16} />
        </button>
      </div>
      <div class="min-h-0 flex-1 overflow-y-auto">
        <div class="flex flex-col items-center gap-2 px-4 pt-5 pb-3 text-center">
          <Avatar
            name={contact?.name || ticket.contact.number}
            src={ticket.contact.profilePicUrl || undefined}
          />
          <p class="max-w-full truncate font-semibold text-fg">
            {contact?.name || ticket.contact.name || ticket.contact.number}
          </p>
          <p class="text-xs text-fg-muted tabular-nums">{formatPhone(ticket.contact.number)}</p>
        </div>
        <Section title={t("tickets.panel.details")}>
          {contact
            ? (
              <dl class="flex flex-col gap-2.5">
                <InlineField
                  id="panel-name"
                  label={t("tickets.panel.name")}
                  value={contact.name}
                  placeholder={t("tickets.panel.empty")}
                  onSave={(name) => saveContact({ name })}
                />
                <InlineField
                  id="panel-number"
                  type="tel"
                  label={t("tickets.panel.number")}
                  value={contact.number}
                  placeholder={t("tickets.panel.empty")}
                  onSave={(number) => saveContact({ number })}
                />
                <InlineField
                  id="panel-email"
                  type="email"
                  label={t("tickets.panel.email")}
                  value={contact.email}
                  placeholder={t("tickets.panel.empty")}
                  onSave={(email) => saveContact({ email })}
                />
                {extra.map((field, index) => (
                  <InlineField
                    key={field.id}
                    id={`panel-extra-${field.id}`}
                    label={field.name}
                    value={field.value}
                    placeholder={t("tickets.panel.empty")}
                    onSave={(value) => saveExtra(index, value)}
                  />
                ))}
              </dl>
            )
            : <p class="text-sm text-fg-subtle">{t("tickets.loading")}</p>}
        </Section>
        <Section title={t("tickets.panel.tags")}>
          {props.choices.tags.length === 0
            ? <p class="text-sm text-fg-subtle">{t("tickets.noTags")}</p>
            : (
              <div class="flex flex-wrap gap-1.5" role="group" aria-label={t("tickets.tagsTitle")}>
                {props.choices.tags.map((tag) => {
                  const on = tagIds.includes(tag.id);
                  return (
                    <button
                      key={tag.id}
                      type="button"
                      aria-pressed={on}
                      onClick={() => toggleTag(tag.id)}
                      class={cx(
                        "inline-flex items-center gap-1.5 rounded-full border px-2.5 py-1 text-xs font-medium",
                        on
                          ? "border-transparent text-white"
                          : "border-line text-fg-muted hover:bg-surface-muted",
                      )}
                      style={on ? { backgroundColor: tag.color } : undefined}
                    >
                      {!on && (
                        <span class="size-2 rounded-full" style={{ backgroundColor: tag.color }} />
                      )}
                      {tag.name}
                    </button>
                  );
                })}
              </div>
            )}
        </Section>
        <Section title={t("tickets.panel.ticket")}>
          <dl class="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5 text-sm">
            <dt class="text-fg-subtle">{t("tickets.panel.connection")}</dt>
            <dd class="truncate text-fg">{ticket.whatsapp?.name ?? "—"}</dd>
            <dt class="text-fg-subtle">{t("tickets.panel.queue")}</dt>
            <dd class="flex min-w-0 items-center gap-1.5 text-fg">
              {ticket.queue && (
                <span
                  class="size-2 shrink-0 rounded-full"
                  style={{ backgroundColor: ticket.queue.color }}
                />
              )}
              <span class="truncate">{ticket.queue?.name ?? t("tickets.noQueue")}</span>
            </dd>
            <dt class="text-fg-subtle">{t("tickets.panel.status")}</dt>
            <dd class="text-fg">{t(`tickets.statusName.${ticket.status}`)}</dd>
            <dt class="text-fg-subtle">{t("tickets.panel.opened")}</dt>
            <dd class="text-fg tabular-nums">{when.format(new Date(ticket.createdAt))}</dd>
          </dl>
        </Section>
        <Section title={t("tickets.panel.notes")}>
          <TicketNotes idBase="panel-notes" ticket={ticket} viewer={props.viewer} rows={2} />
        </Section>
        <Section title={t("tickets.panel.history")}>
          {history === null && <p class="text-sm text-fg-subtle">{t("tickets.loading")}</p>}
          {history?.length === 0 && (
            <p class="text-sm text-fg-subtle">{t("tickets.panel.noHistory")}</p>
          )}
          <ul class="flex flex-col gap-1">
            {history?.map((one) => (
              <li key={one.id}>
                <button
                  type="button"
                  class="flex w-full items-center gap-2 rounded-lg border border-line px-2.5 py-2 text-left text-sm hover:bg-surface-muted"
                  onClick={() => setPeeking(one)}
                >
                  <span class="min-w-0 flex-1">
                    <span class="block font-medium text-fg">
                      #{one.id} · {when.format(new Date(one.createdAt))}
                    </span>
                    <span class="block truncate text-xs text-fg-muted">
                      {one.queue?.name ?? t("tickets.noQueue")}
                    </span>
                  </span>
                  <span
                    class={cx(
                      "shrink-0 rounded-full px-2 py-0.5 text-[11px] font-semibold",
                      one.status === "closed"
                        ? "bg-surface-sunken text-fg-muted"
                        : "bg-brand-50 text-brand-700 dark:bg-brand-950 dark:text-brand-300",
                    )}
                  >
                    {t(`tickets.statusName.${one.status}`)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </Section>
      </div>
      {peeking && <PeekDialog ticket={peeking} onClose={() => setPeeking(null)} />}
    </aside>
  );
}
