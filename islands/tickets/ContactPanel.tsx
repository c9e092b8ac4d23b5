/**
 * The contact beside the conversation (issue 23 item 1, after Chatwoot's contact panel): the
 * contact's details and extra fields edited in place, the ticket's tags ticked on and off
 * right there and so are the contact's own tags, the internal notes, the connection and queue
 * of this ticket, and the contact's other conversations with their status and date, each
 * opened read-only. A change made elsewhere (another agent, the contacts page) arrives by
 * the company's contact channel.
 */
import { useEffect, useState } from "preact/hooks";
import { XIcon } from "../../components/icons.tsx";
import { TagToggles } from "../../components/tags/TagToggles.tsx";
import { formatPhone } from "../../components/contacts/format.ts";
import { api, errorMessage } from "../../lib/client/api.ts";
import { useChannel } from "../../lib/client/channel.ts";
import { shellSession } from "../../lib/client/session.ts";
import { channels } from "../../lib/realtime/channels.ts";
import { clientLanguage, useT } from "../../lib/i18n/client.ts";
import { pushToast } from "../../lib/ui/toast.ts";
import type { Contact } from "../../services/contacts/types.ts";
import type { Ticket } from "../../services/tickets/rows.ts";
import { Avatar } from "./Avatar.tsx";
import { InlineField } from "./InlineField.tsx";
import { ContactHistory } from "./ContactHistory.tsx";
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
  const [tagIds, setTagIds] = useState(ticket.tags.map((tag) => tag.id));
  const language = clientLanguage();
  const when = new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" });
  const companyId = shellSession()?.companyId;

  useEffect(() => {
    api<Contact>(`/api/contacts/${ticket.contactId}`).then(
      setContact,
      (err) => pushToast({ tone: "error", message: errorMessage(err) }),
    );
  }, [ticket.contactId]);
  useEffect(() => setTagIds(ticket.tags.map((tag) => tag.id)), [ticket.tags]);
  useChannel(companyId ? channels.contact(companyId) : null, (data) => {
    const event = data as { action: string; contact?: Contact };
    if (event.action === "update" && event.contact?.id === ticket.contactId) {
      setContact(event.contact);
    }
  });

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

  const toggled = (ids: number[], id: number) =>
    ids.includes(id) ? ids.filter((one) => one !== id) : [...ids, id];

  async function toggleTag(id: number) {
    const next = toggled(tagIds, id);
    setTagIds(next);
    try {
      await api("/api/tags/sync", { method: "POST", body: { ticketId: ticket.id, tags: next } });
    } catch (err) {
      setTagIds(tagIds);
      pushToast({ tone: "error", message: errorMessage(err) });
    }
  }

  async function toggleContactTag(id: number) {
    if (!contact) return;
    const before = contact;
    const next = toggled(contact.tags.map((tag) => tag.id), id);
    // Shown at once; the answer (or the failure) then settles it.
    setContact({ ...contact, tags: props.choices.tags.filter((tag) => next.includes(tag.id)) });
    try {
      setContact(
        await api<Contact>(`/api/contacts/${ticket.contactId}/tags`, {
          method: "PUT",
          body: { tags: next },
        }),
      );
    } catch (err) {
      setContact(before);
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
            name={contact?.name || ticket.contact.name || ticket.contact.number}
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
              <div class="flex flex-col gap-3">
                <div>
                  <p class="mb-1.5 text-xs text-fg-muted">{t("tickets.panel.ticketTags")}</p>
                  <TagToggles
                    label={t("tickets.panel.ticketTags")}
                    tags={props.choices.tags}
                    chosen={tagIds}
                    onToggle={toggleTag}
                  />
                </div>
                {contact && (
                  <div data-testid="contact-tags">
                    <p class="mb-1.5 text-xs text-fg-muted">{t("tickets.panel.contactTags")}</p>
                    <TagToggles
                      label={t("tickets.panel.contactTags")}
                      tags={props.choices.tags}
                      chosen={contact.tags.map((tag) => tag.id)}
                      onToggle={toggleContactTag}
                    />
                  </div>
                )}
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
          <ContactHistory ticket={ticket} when={when} />
        </Section>
      </div>
    </aside>
  );
}
