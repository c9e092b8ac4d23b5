/**
 * The contacts table: picture or initials, name (with the contact's tags), number as people
 * write it, e-mail, and the
 * row's actions: start a ticket (the ticket screen's new-ticket dialog, with this contact
 * chosen), edit, and delete for those allowed to delete.
 */
import type { ComponentChildren } from "preact";
import type { TFunction } from "../../lib/i18n/languages.ts";
import { RowActionButton, RowActions } from "../lists/RowActions.tsx";
import { Table, type TableColumn } from "../ui/Table.tsx";
import { TagChip } from "../tags/TagChip.tsx";
import { ContactAvatar } from "./ContactAvatar.tsx";
import { formatPhone } from "./format.ts";
import { ChatIcon } from "../icons.tsx";
import type { ContactRow } from "./types.ts";

export interface ContactsTableProps {
  t: TFunction;
  contacts: ContactRow[];
  canDelete: boolean;
  onEdit: (contact: ContactRow) => void;
  onDelete: (contact: ContactRow) => void;
  empty: ComponentChildren;
}

export function ContactsTable(
  { t, contacts, canDelete, onEdit, onDelete, empty }: ContactsTableProps,
) {
  const columns: TableColumn<ContactRow>[] = [
    {
      key: "name",
      label: t("contacts.columns.name"),
      growOnMobile: true,
      cell: (c) => (
        <div class="flex min-w-0 items-center gap-2.5 sm:gap-3">
          {/* The narrowest phones keep the room for the whole number and the three actions. */}
          <ContactAvatar name={c.name} url={c.profilePicUrl} class="max-[25rem]:hidden" />
          <div class="min-w-0">
            <p class="truncate font-medium">{c.name}</p>
            <p class="truncate text-[13px] text-fg-muted sm:hidden">{formatPhone(c.number)}</p>
            {c.tags && c.tags.length > 0 && (
              <ul class="mt-1 flex flex-wrap gap-1" aria-label={t("contacts.columns.tags")}>
                {c.tags.map((tag) => (
                  <li key={tag.id} class="min-w-0">
                    <TagChip name={tag.name} color={tag.color} class="h-5 px-2 text-[11px]" />
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      ),
    },
    {
      key: "number",
      label: t("contacts.columns.number"),
      hideOnMobile: true,
      cell: (c) => <span class="whitespace-nowrap tabular-nums">{formatPhone(c.number)}</span>,
    },
    {
      key: "email",
      label: t("contacts.columns.email"),
      hideOnMobile: true,
      cell: (c) => <span class="break-all text-fg-muted">{c.email}</span>,
    },
    {
      key: "actions",
      label: t("contacts.columns.actions"),
      align: "end",
      cell: (c) => (
        <RowActions
          editName={t("contacts.edit", { name: c.name })}
          deleteName={t("contacts.delete", { name: c.name })}
          onEdit={() => onEdit(c)}
          onDelete={canDelete ? () => onDelete(c) : undefined}
        >
          <RowActionButton
            name={t("contacts.startTicket", { name: c.name })}
            href={`/tickets?contactId=${c.id}`}
          >
            <ChatIcon size={16} />
          </RowActionButton>
        </RowActions>
      ),
    },
  ];
  return (
    <Table
      columns={columns}
      rows={contacts}
      rowKey={(c) => c.id}
      caption={t("contacts.title")}
      empty={empty}
    />
  );
}
