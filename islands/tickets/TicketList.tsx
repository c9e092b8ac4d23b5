/**
 * The left side of the ticket screen (core §2): tabs open (with the assigned and waiting
 * sub-tabs and their counts), closed and search; the queue, tag and (admins) user filters
 * and the show-all switch; the lists, live, with infinite scroll; the new-ticket and peek
 * dialogs. A customer's new message plays the chime at the stored volume.
 */
import { channels } from "../../lib/realtime/channels.ts";
import { useEffect, useMemo, useState } from "preact/hooks";
import { SearchBox } from "../../components/lists/SearchBox.tsx";
import { InboxIcon, PlusIcon } from "../../components/icons.tsx";
import { Button } from "../../components/ui/Button.tsx";
import { ListSkeleton } from "../../components/ui/Skeleton.tsx";
import { Tabs } from "../../components/ui/Tabs.tsx";
import { errorMessage } from "../../lib/client/api.ts";
import { useChannel } from "../../lib/client/channel.ts";
import { nearEnd, useDebounced } from "../../lib/client/paged_list.ts";
import { useT } from "../../lib/i18n/client.ts";
import { pushToast } from "../../lib/ui/toast.ts";
import type { Ticket } from "../../services/tickets/rows.ts";
import { acceptTicket } from "./actions.ts";
import { FilterMenu } from "./FilterMenu.tsx";
import { type ListFilter, type ListKind, NO_QUEUE } from "./list_state.ts";
import { NewTicketDialog } from "./NewTicketDialog.tsx";
import { PeekDialog } from "./PeekDialog.tsx";
import { playChime } from "./sound.ts";
import { TicketCard } from "./TicketCard.tsx";
import { useTabTitle } from "./tab_title.ts";
import { focusForKeyboard, sendTicketCommand, useTicketCommand } from "./shortcuts.ts";
import { KeyboardIcon } from "./icons.tsx";
import { AGE_REFRESH_MS } from "./time_ago.ts";
import type { TicketChoices, TicketViewer } from "./types.ts";
import { type TicketList as List, useTicketList } from "./use_ticket_list.ts";

export interface TicketListProps {
  companyId: number;
  viewer: TicketViewer;
  choices: TicketChoices;
  selectedId: number | null;
  startContact: { id: number; name: string; number: string } | null;
  onOpen: (ticket: Ticket) => void;
}

type Tab = "open" | "closed" | "search";

export function TicketList(props: TicketListProps) {
  const t = useT();
  const { viewer, choices } = props;
  const [tab, setTab] = useState<Tab>("open");
  const [sub, setSub] = useState<"open" | "pending">("open");
  const [search, setSearch] = useState("");
  const [queueIds, setQueueIds] = useState<number[]>([]);
  const [tagIds, setTagIds] = useState<number[]>([]);
  const [userIds, setUserIds] = useState<number[]>([]);
  const [showAll, setShowAll] = useState(viewer.admin);
  const [now, setNow] = useState(Date.now());
  const [accepting, setAccepting] = useState<number | null>(null);
  const [creating, setCreating] = useState(props.startContact !== null);
  const [peeking, setPeeking] = useState<Ticket | null>(null);
  const settledSearch = useDebounced(search);
  /** Said politely by screen readers: who just wrote, as messages arrive live. */
  const [announcement, setAnnouncement] = useState("");

  const filterOf = (kind: ListKind): ListFilter => ({
    kind,
    viewerId: viewer.id,
    admin: viewer.admin,
    showAll,
    queueIds,
    userIds,
    tagIds,
    search: settledSearch,
  });
  const lists: Record<ListKind, List> = {
    open: useTicketList(filterOf("open"), true),
    pending: useTicketList(filterOf("pending"), true),
    closed: useTicketList(filterOf("closed"), tab === "closed"),
    search: useTicketList(filterOf("search"), tab === "search"),
  };
  const shown = lists[tab === "open" ? sub : tab];

  const unreadTickets =
    [...lists.open.rows, ...lists.pending.rows].filter((ticket) =>
      ticket.unreadMessages > 0 && ticket.id !== props.selectedId
    ).length;
  useTabTitle(unreadTickets);

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), AGE_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);

  const applyAll = (event: unknown) => {
    for (const list of Object.values(lists)) list.apply(event);
  };
  useChannel(channels.ticket(props.companyId), applyAll);
  useChannel(channels.appMessage(props.companyId), (event) => {
    applyAll(event);
    const data = event as {
      action?: string;
      message?: { fromMe?: boolean; ticketId?: number };
      contact?: { name?: string; number?: string };
    };
    if (data.action !== "create" || data.message?.fromMe) return;
    setAnnouncement(t("tickets.announceMessage", {
      name: data.contact?.name || data.contact?.number || "",
    }));
    if (document.hidden || data.message?.ticketId !== props.selectedId) playChime();
  });

  async function accept(ticket: Ticket) {
    setAccepting(ticket.id);
    try {
      const accepted = await acceptTicket(ticket, viewer.id);
      applyAll({ action: "update", ticket: accepted });
      setTab("open");
      setSub("open");
      props.onOpen(accepted);
    } catch (err) {
      pushToast({ tone: "error", message: errorMessage(err) });
    } finally {
      setAccepting(null);
    }
  }

  useTicketCommand((command) => {
    if (command === "search") {
      setTab("search");
      requestAnimationFrame(() =>
        document.querySelector<HTMLInputElement>("#ticket-search input")?.focus()
      );
    }
    if (command !== "next" && command !== "previous") return;
    const rows = shown.rows;
    if (!rows.length) return;
    const at = rows.findIndex((row) =>
      row.id === props.selectedId ||
      document.activeElement?.closest(`[data-ticket="${row.id}"]`)
    );
    const step = command === "next" ? 1 : -1;
    const target = rows[at < 0 ? 0 : Math.min(Math.max(at + step, 0), rows.length - 1)]!;
    // A waiting ticket is accepted, never just opened: the focus goes to its Accept button.
    if (target.status === "pending") {
      focusForKeyboard(
        document.querySelector<HTMLElement>(`[data-ticket="${target.id}"] [data-accept]`),
      );
    } else props.onOpen(target);
  });

  const countLabel = (list: List) => list.loaded ? list.rows.length : undefined;
  const options = useMemo(() => ({
    // "Sem fila" first: the tickets still in the bot or waiting without a queue (id 0).
    queues: [
      // A grey dot, as the card of a ticket without a queue has no colour bar.
      { id: NO_QUEUE, label: t("tickets.noQueue"), color: "#9ca3af" },
      ...choices.queues.map((q) => ({ id: q.id, label: q.name, color: q.color })),
    ],
    tags: choices.tags.map((tag) => ({ id: tag.id, label: tag.name, color: tag.color })),
    users: choices.users.map((user) => ({ id: user.id, label: user.name })),
  }), [choices]);

  return (
    <div class="flex min-h-0 flex-1 flex-col">
      <div class="flex items-end gap-1 border-b border-line pr-2">
        <Tabs
          withPanels={false}
          label={t("tickets.tabsLabel")}
          idBase="ticket-tabs"
          class="min-w-0 flex-1 border-b-0 px-2"
          selected={tab}
          onSelect={(id) => setTab(id as Tab)}
          tabs={[
            { id: "open", label: t("tickets.tabs.open") },
            { id: "closed", label: t("tickets.tabs.closed") },
            { id: "search", label: t("tickets.tabs.search") },
          ]}
        />
        <Button
          size="sm"
          variant="ghost"
          class="mb-1.5"
          onClick={() => sendTicketCommand("help")}
          aria-label={t("tickets.shortcuts.title")}
          title={t("tickets.shortcuts.title")}
          aria-keyshortcuts="?"
        >
          <KeyboardIcon size={18} />
        </Button>
        <Button
          size="sm"
          variant="secondary"
          class="mb-1.5"
          onClick={() => setCreating(true)}
          aria-label={t("tickets.new")}
          title={t("tickets.new")}
        >
          <PlusIcon size={16} />
          <span class="hidden lg:inline">{t("tickets.newShort")}</span>
        </Button>
      </div>
      <div class="flex flex-col gap-2 border-b border-line px-3 py-2.5">
        {tab === "search" && (
          <SearchBox
            id="ticket-search"
            value={search}
            label={t("tickets.searchLabel")}
            placeholder={t("tickets.searchPlaceholder")}
            onInput={setSearch}
          />
        )}
        <div class="flex flex-wrap items-center gap-1.5">
          <FilterMenu
            label={t("tickets.filters.queues")}
            options={options.queues}
            chosen={queueIds}
            onChange={setQueueIds}
            emptyText={t("tickets.filters.none")}
          />
          <FilterMenu
            label={t("tickets.filters.tags")}
            options={options.tags}
            chosen={tagIds}
            onChange={setTagIds}
            emptyText={t("tickets.filters.none")}
          />
          {viewer.admin && (
            <FilterMenu
              label={t("tickets.filters.users")}
              options={options.users}
              chosen={userIds}
              onChange={setUserIds}
              emptyText={t("tickets.filters.none")}
            />
          )}
          {viewer.admin && (
            <label class="ml-auto inline-flex cursor-pointer items-center gap-2 text-xs font-medium text-fg-muted">
              <input
                type="checkbox"
                role="switch"
                class="peer sr-only"
                checked={showAll}
                onChange={(event) => setShowAll(event.currentTarget.checked)}
              />
              <span class="relative h-5 w-9 rounded-full bg-line-strong transition-colors peer-checked:bg-brand-600 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 after:absolute after:top-0.5 after:left-0.5 after:size-4 after:rounded-full after:bg-white after:shadow after:transition-transform peer-checked:after:translate-x-4" />
              {t("tickets.showAll")}
            </label>
          )}
        </div>
      </div>
      {tab === "open" && (
        <Tabs
          withPanels={false}
          label={t("tickets.subTabsLabel")}
          idBase="ticket-sub"
          class="px-2"
          selected={sub}
          onSelect={(id) => setSub(id as "open" | "pending")}
          tabs={[
            { id: "open", label: t("tickets.tabs.assigned"), count: countLabel(lists.open) },
            { id: "pending", label: t("tickets.tabs.waiting"), count: countLabel(lists.pending) },
          ]}
        />
      )}
      <ul
        class="min-h-0 flex-1 overflow-y-auto"
        aria-busy={shown.loading}
        aria-label={t("tickets.listLabel")}
        onScroll={(event) => {
          if (shown.hasMore && nearEnd(event.currentTarget)) shown.loadMore();
        }}
      >
        {shown.rows.map((ticket) => (
          <TicketCard
            key={ticket.id}
            ticket={ticket}
            now={now}
            selected={ticket.id === props.selectedId}
            canPeek={viewer.admin}
            accepting={accepting === ticket.id}
            onOpen={() => props.onOpen(ticket)}
            onAccept={() => accept(ticket)}
            onPeek={() => setPeeking(ticket)}
          />
        ))}
        {shown.loading && shown.rows.length === 0 && <ListSkeleton />}
        {shown.loading && (
          <li
            class={shown.rows.length ? "px-4 py-6 text-center text-sm text-fg-subtle" : "sr-only"}
          >
            {t("tickets.loading")}
          </li>
        )}
        {!shown.loading && shown.loaded && shown.rows.length === 0 && (
          <li class="flex flex-col items-center gap-2 px-6 py-12 text-center">
            <InboxIcon size={28} class="text-fg-subtle" />
            <span class="text-sm text-fg-muted">{t(emptyKey(tab, sub))}</span>
          </li>
        )}
      </ul>
      <p class="sr-only" aria-live="polite" data-testid="ticket-announcer">{announcement}</p>
      {creating && (
        <NewTicketDialog
          viewer={viewer}
          choices={choices}
          initialContact={props.startContact}
          onClose={() => setCreating(false)}
          onCreated={(ticket) => {
            applyAll({ action: "update", ticket });
            setTab("open");
            setSub("open");
            props.onOpen(ticket);
          }}
        />
      )}
      {peeking && <PeekDialog ticket={peeking} onClose={() => setPeeking(null)} />}
    </div>
  );
}

function emptyKey(tab: Tab, sub: "open" | "pending"): string {
  if (tab === "open") return sub === "open" ? "tickets.empty.assigned" : "tickets.empty.waiting";
  return tab === "closed" ? "tickets.empty.closed" : "tickets.empty.search";
}
