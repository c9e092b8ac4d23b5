/**
 * The /contacts screen (core §2, admin §2): search from three characters (500 ms after the
 * last key), a filter by one of the company's tags, the table with infinite scroll (the next
 * page loads within 100 px of the bottom, core §9), add/edit/delete dialogs (the contact's
 * tags set in the add/edit one), spreadsheet import and CSV export for admins, and live
 * updates from the company's `contact` channel.
 */
import { channels } from "../../lib/realtime/channels.ts";
import { useCallback, useEffect, useRef, useState } from "preact/hooks";
import { api, ApiError } from "../../lib/client/api.ts";
import type { ChannelHandler } from "../../lib/client/realtime.ts";
import { useT } from "../../lib/i18n/client.ts";
import { toastError } from "../../lib/ui/toast.ts";
import { Button } from "../../components/ui/Button.tsx";
import { EmptyState } from "../../components/ui/EmptyState.tsx";
import { ContactFormDialog, type TagOption } from "./ContactFormDialog.tsx";
import { Select } from "../../components/ui/Select.tsx";
import { cx } from "../../components/ui/cx.ts";
import { ContactsTable } from "../../components/contacts/ContactsTable.tsx";
import { DeleteContactDialog } from "./DeleteContactDialog.tsx";
import { downloadContactsCsv } from "./export_download.ts";
import { PlusIcon, SearchIcon, UsersIcon } from "../../components/icons.tsx";
import { DownloadIcon, UploadIcon } from "../../components/contacts/icons.tsx";
import { ImportDialog } from "./ImportDialog.tsx";
import type { ContactRow, ContactsPageData } from "../../components/contacts/types.ts";
import { nearEnd, usePagedList, useSearchTerm } from "../../lib/client/paged_list.ts";
import { withRemoval, withUpsert } from "./list_state.ts";

/** The part of the realtime client the screen needs (the tab's shared socket in practice). */
export interface ContactsRealtime {
  subscribe(channel: string, handler: ChannelHandler): () => void;
}

export interface ContactsManagerProps {
  companyId: number;
  canDelete: boolean;
  /** Import and export are for admins. */
  canImportExport: boolean;
  /** The first page, rendered by the server. */
  initial?: ContactsPageData;
  realtime?: ContactsRealtime;
}

type ContactEvent =
  | { action: "create" | "update"; contact: ContactRow }
  | { action: "delete"; contactId: number }
  | { action: "reload" };

export function ContactsManager(props: ContactsManagerProps) {
  const { companyId, canDelete, canImportExport, initial, realtime } = props;
  const t = useT();
  const [typed, setTyped] = useState("");
  const search = useSearchTerm(typed);
  const [editing, setEditing] = useState<ContactRow | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<ContactRow | null>(null);
  const [importOpen, setImportOpen] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [tags, setTags] = useState<TagOption[]>([]);
  const [tagId, setTagId] = useState<number | undefined>(undefined);
  const searchRef = useRef(search);
  searchRef.current = search;
  const tagRef = useRef(tagId);
  tagRef.current = tagId;

  const list = usePagedList<ContactRow>(
    async (pageNumber, term) => {
      const page = await api<ContactsPageData>("/api/contacts", {
        query: { pageNumber, searchParam: term || undefined, tagId: tagRef.current },
      });
      return { rows: page.contacts, count: page.count, hasMore: page.hasMore };
    },
    search,
    {
      initial: initial &&
        { rows: initial.contacts, count: initial.count, hasMore: initial.hasMore },
      keepRowsWhileSearching: true,
    },
  );
  const { update, loading } = list;
  const reload = useRef(list.reload);
  reload.current = list.reload;

  // The company's tags, for the filter and the dialog: again each time the dialog opens, so a
  // tag created or removed meanwhile on the tags page is there (or gone) too.
  const loadTags = useCallback(() => {
    api<TagOption[]>("/api/tags/list").then(setTags, () => {});
  }, []);
  useEffect(loadTags, [loadTags]);
  const filtered = useRef(false);
  useEffect(() => {
    // The first render shows the server's unfiltered page; each later choice loads again.
    if (!filtered.current) return void (filtered.current = true);
    reload.current();
  }, [tagId]);

  useEffect(() => {
    if (!realtime) return;
    return realtime.subscribe(channels.contact(companyId), (data) => {
      const event = data as ContactEvent;
      if (event.action === "create" || event.action === "update") {
        update((state) => withUpsert(state, event.contact, searchRef.current, tagRef.current));
      } else if (event.action === "delete") {
        update((state) => withRemoval(state, event.contactId));
      } else if (event.action === "reload") {
        reload.current();
      }
    });
  }, [realtime, companyId, update]);

  function onScroll(event: Event) {
    if (nearEnd(event.currentTarget as HTMLElement)) list.loadMore();
  }

  const openForm = (contact: ContactRow | null) => {
    setEditing(contact);
    setFormOpen(true);
    loadTags();
  };
  const openExisting = async (id: number) => {
    try {
      openForm(await api<ContactRow>(`/api/contacts/${id}`));
    } catch (err) {
      toastError(err instanceof ApiError ? err.code : undefined);
    }
  };
  const closeForm = useCallback(() => setFormOpen(false), []);
  const closeDelete = useCallback(() => setDeleting(null), []);
  const closeImport = useCallback(() => setImportOpen(false), []);

  async function exportCsv() {
    setExporting(true);
    try {
      await downloadContactsCsv();
    } catch (err) {
      toastError(err instanceof ApiError ? err.code : undefined);
    } finally {
      setExporting(false);
    }
  }

  const filterTag = tags.find((tag) => tag.id === tagId);
  const empty = search
    ? <EmptyState title={t("contacts.emptySearch", { term: typed.trim() })} />
    : filterTag
    ? <EmptyState title={t("contacts.emptyTag", { tag: filterTag.name })} />
    : list.page === 0 || loading
    ? <p class="py-6 text-center text-fg-muted">{t("contacts.loading")}</p>
    : (
      <EmptyState
        icon={<UsersIcon size={22} />}
        title={t("contacts.empty.title")}
        text={t("contacts.empty.text")}
      />
    );

  return (
    <section class="flex flex-col gap-4" aria-labelledby="contacts-title">
      <header class="flex items-start justify-between gap-3">
        <div>
          <h1 id="contacts-title" class="text-xl font-semibold tracking-tight">
            {t("contacts.title")}
          </h1>
          <p class="text-sm text-fg-muted" aria-live="polite">
            {t("contacts.count", { count: list.count })}
          </p>
        </div>
        <Button onClick={() => openForm(null)}>
          <PlusIcon size={18} />
          {t("contacts.add")}
        </Button>
      </header>
      {/* On phones, with the tag filter there, the search takes the first line whole. */}
      <div class="flex flex-wrap items-center gap-2">
        <div
          class={cx("relative min-w-0 flex-1 sm:max-w-md", tags.length > 0 && "max-sm:basis-full")}
        >
          <label for="contacts-search" class="sr-only">{t("contacts.search")}</label>
          <SearchIcon
            size={18}
            class="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-fg-subtle"
          />
          <input
            id="contacts-search"
            type="search"
            autoComplete="off"
            placeholder={t("contacts.search")}
            value={typed}
            onInput={(e) => setTyped(e.currentTarget.value)}
            class="h-10 w-full rounded-lg border border-line-strong bg-surface pr-3 pl-10 text-sm shadow-sm placeholder:text-fg-subtle focus-visible:border-brand-500 focus-visible:outline-2"
          />
        </div>
        {tags.length > 0 && (
          <Select
            id="contacts-tag-filter"
            label={t("contacts.tagFilter")}
            class="flex min-w-0 flex-col max-sm:flex-1 sm:w-48 [&>label]:sr-only"
            placeholder={t("contacts.allTags")}
            options={tags.map((tag) => ({ value: String(tag.id), label: tag.name }))}
            value={tagId === undefined ? "" : String(tagId)}
            onChange={(e) =>
              setTagId(e.currentTarget.value ? Number(e.currentTarget.value) : undefined)}
          />
        )}
        {canImportExport && (
          // On phones these two show their icon only; the name stays for screen readers.
          <div class="ml-auto flex gap-2">
            <Button
              variant="secondary"
              class="max-sm:w-10 max-sm:px-0"
              title={t("contacts.importButton")}
              data-import-contacts
              onClick={() => setImportOpen(true)}
            >
              <UploadIcon size={18} />
              <span class="max-sm:sr-only">{t("contacts.importButton")}</span>
            </Button>
            <Button
              variant="secondary"
              class="max-sm:w-10 max-sm:px-0"
              title={t("contacts.exportButton")}
              loading={exporting}
              onClick={exportCsv}
            >
              <DownloadIcon size={18} />
              <span class="max-sm:sr-only">{t("contacts.exportButton")}</span>
            </Button>
          </div>
        )}
      </div>
      <div
        data-testid="contacts-scroll"
        class="max-h-[calc(100dvh-14rem)] min-h-64 overflow-y-auto rounded-(--radius-card)"
        onScroll={onScroll}
      >
        <ContactsTable
          t={t}
          contacts={list.rows}
          canDelete={canDelete}
          onEdit={openForm}
          onDelete={setDeleting}
          empty={empty}
        />
        {loading && list.rows.length > 0 && (
          <p class="py-3 text-center text-sm text-fg-muted">{t("contacts.loadingMore")}</p>
        )}
      </div>
      <ContactFormDialog
        t={t}
        open={formOpen}
        contact={editing}
        tags={tags}
        onClose={closeForm}
        onSaved={(contact) => update((state) => withUpsert(state, contact, search, tagId))}
        onOpenExisting={openExisting}
      />
      <DeleteContactDialog
        t={t}
        contact={deleting}
        onClose={closeDelete}
        onDeleted={(id) => update((state) => withRemoval(state, id))}
      />
      {canImportExport && (
        <ImportDialog
          t={t}
          open={importOpen}
          onClose={closeImport}
          onImported={(created) => created > 0 && list.reload()}
        />
      )}
    </section>
  );
}
