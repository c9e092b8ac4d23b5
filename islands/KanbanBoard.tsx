/**
 * /kanban (admin §2, §4): "Em aberto" plus a lane per kanban tag in its colour, with the open
 * and waiting tickets of the user's queues as cards (contact, last message, time, "Ver
 * Ticket"). A card moves by dragging it to another lane with the mouse, by dragging its grip
 * with a finger or pen (pointer events: the grip alone takes the gesture, so the rest of the
 * card still scrolls the board), by the arrow keys (← →) when it has the focus, or by its
 * "Mover para" menu. Every viewer's board follows the ticket channel: moves, closings, and
 * new tickets of the viewer's queues appearing as they arrive.
 */
import { useState } from "preact/hooks";
import type { TagRow } from "../components/tags/types.ts";
import { cx } from "../components/ui/cx.ts";
import { api, ApiError } from "../lib/client/api.ts";
import { useChannel } from "../lib/client/channel.ts";
import { clientLanguage, useT } from "../lib/i18n/client.ts";
import { formatDateTime } from "../lib/i18n/format.ts";
import { channels } from "../lib/realtime/channels.ts";
import { toastError } from "../lib/ui/toast.ts";
import type { Ticket } from "../services/tickets/rows.ts";

export interface KanbanBoardProps {
  companyId: number;
  lanes: TagRow[];
  tickets: Ticket[];
  /** The viewer's queues: the board's tickets are theirs (services/tickets/kanban.ts). */
  queueIds: number[];
}

const newestFirst = (a: Ticket, b: Ticket) => b.updatedAt.localeCompare(a.updatedAt) || b.id - a.id;

/** The board after a ticket's `update`: kept, added, replaced or dropped. */
export function boardAfter(rows: Ticket[], ticket: Ticket, queueIds: number[]): Ticket[] {
  const others = rows.filter((row) => row.id !== ticket.id);
  const onBoard = ticket.status !== "closed" && ticket.queueId !== null &&
    queueIds.includes(ticket.queueId);
  return onBoard ? [...others, ticket].sort(newestFirst) : others;
}

/** The lane under a finger, from the point where a touch drag is. */
function laneAt(x: number, y: number): number | null {
  const lane = document.elementFromPoint(x, y)?.closest<HTMLElement>("[data-lane]");
  return lane ? Number(lane.dataset.lane) : null;
}

/** The lane id of "Em aberto". */
const OPEN = 0;

export default function KanbanBoard(
  { companyId, lanes, tickets: initial, queueIds }: KanbanBoardProps,
) {
  const t = useT();
  const [tickets, setTickets] = useState(initial);
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const laneIds = [OPEN, ...lanes.map((lane) => lane.id)];
  const laneOf = (ticket: Ticket) =>
    ticket.tags.find((tag) => lanes.some((lane) => lane.id === tag.id))?.id ?? OPEN;

  useChannel(channels.ticket(companyId), (data) => {
    const event = data as { action: string; ticket?: Ticket; ticketId?: number };
    if (event.action === "delete") {
      setTickets((rows) => rows.filter((row) => row.id !== event.ticketId));
    } else if (event.action === "update" && event.ticket) {
      const ticket = event.ticket;
      setTickets((rows) => boardAfter(rows, ticket, queueIds));
    }
  });

  async function move(ticket: Ticket, laneId: number) {
    if (laneOf(ticket) === laneId) return;
    try {
      const saved = await api<Ticket>(
        laneId === OPEN
          ? `/api/ticket-tags/${ticket.id}`
          : `/api/ticket-tags/${ticket.id}/${laneId}`,
        { method: laneId === OPEN ? "DELETE" : "PUT" },
      );
      setTickets((rows) => rows.map((row) => (row.id === saved.id ? saved : row)));
      queueMicrotask(() =>
        document.querySelector<HTMLElement>(`[data-kanban-card="${ticket.id}"]`)?.focus()
      );
    } catch (err) {
      toastError(err instanceof ApiError ? err.code : undefined);
    }
  }

  const language = clientLanguage();
  const columns = [
    { id: OPEN, name: t("kanban.open"), color: "#64748b" },
    ...lanes.map((lane) => ({ id: lane.id, name: lane.name, color: lane.color })),
  ];
  return (
    <div class="flex gap-4 overflow-x-auto pb-4" data-kanban>
      {columns.map((column) => {
        const cards = tickets.filter((ticket) => laneOf(ticket) === column.id);
        return (
          <section
            key={column.id}
            data-lane={column.id}
            aria-label={column.name}
            class={cx(
              "flex w-72 shrink-0 flex-col rounded-(--radius-card) border border-line bg-surface-muted",
              over === column.id && "ring-2 ring-brand-500",
            )}
            onDragOver={(event) => {
              event.preventDefault();
              setOver(column.id);
            }}
            onDragLeave={() => setOver(null)}
            onDrop={(event) => {
              event.preventDefault();
              setOver(null);
              const ticket = tickets.find((row) => row.id === dragging);
              if (ticket) void move(ticket, column.id);
            }}
          >
            <header
              class="flex items-center gap-2 rounded-t-(--radius-card) px-3 py-2.5 text-sm font-semibold"
              style={{ borderTop: `4px solid ${column.color}` }}
            >
              <span class="size-2.5 rounded-full" style={{ background: column.color }} />
              <span class="min-w-0 flex-1 truncate">{column.name}</span>
              <span class="text-xs font-medium text-fg-muted tabular-nums">{cards.length}</span>
            </header>
            <ul class="flex min-h-24 flex-col gap-2 p-2">
              {cards.length === 0 && (
                <li class="px-2 py-6 text-center text-xs text-fg-subtle">
                  {t("kanban.emptyLane")}
                </li>
              )}
              {cards.map((ticket) => {
                const at = laneIds.indexOf(column.id);
                return (
                  <li
                    key={ticket.id}
                    data-kanban-card={ticket.id}
                    tabIndex={0}
                    draggable
                    aria-label={t("kanban.cardLabel", {
                      name: ticket.contact.name,
                      lane: column.name,
                    })}
                    aria-describedby="kanban-help"
                    onDragStart={(event) => {
                      setDragging(ticket.id);
                      event.dataTransfer?.setData("text/plain", String(ticket.id));
                    }}
                    onDragEnd={() => setDragging(null)}
                    onKeyDown={(event) => {
                      if (event.target !== event.currentTarget) return;
                      const step = event.key === "ArrowRight"
                        ? 1
                        : event.key === "ArrowLeft"
                        ? -1
                        : 0;
                      const target = laneIds[at + step];
                      if (step && target !== undefined) {
                        event.preventDefault();
                        void move(ticket, target);
                      }
                    }}
                    class={cx(
                      "cursor-grab rounded-lg border border-line bg-surface p-3 shadow-sm outline-none",
                      "focus-visible:ring-2 focus-visible:ring-brand-500",
                      dragging === ticket.id && "opacity-50",
                    )}
                  >
                    <div class="flex items-start justify-between gap-2">
                      <span
                        data-kanban-grip
                        aria-hidden="true"
                        class="-m-1 grid size-7 shrink-0 cursor-grab touch-none place-items-center rounded text-fg-subtle"
                        onPointerDown={(event) => {
                          // The mouse drags the whole card natively (draggable).
                          if (event.pointerType === "mouse") return;
                          event.preventDefault();
                          event.currentTarget.setPointerCapture(event.pointerId);
                          setDragging(ticket.id);
                        }}
                        onPointerMove={(event) => {
                          if (dragging === ticket.id) setOver(laneAt(event.clientX, event.clientY));
                        }}
                        onPointerUp={(event) => {
                          if (dragging !== ticket.id) return;
                          const target = laneAt(event.clientX, event.clientY);
                          setDragging(null);
                          setOver(null);
                          if (target !== null) void move(ticket, target);
                        }}
                        onPointerCancel={() => {
                          setDragging(null);
                          setOver(null);
                        }}
                      >
                        <GripIcon />
                      </span>
                      <p class="min-w-0 flex-1 truncate text-sm font-semibold">
                        {ticket.contact.name}
                      </p>
                      <time class="shrink-0 text-[11px] text-fg-subtle" dateTime={ticket.updatedAt}>
                        {formatDateTime(ticket.updatedAt, language)}
                      </time>
                    </div>
                    <p class="mt-1 line-clamp-2 text-[13px] text-fg-muted">
                      {ticket.lastMessage || "—"}
                    </p>
                    <div class="mt-2 flex items-center justify-between gap-2">
                      <select
                        aria-label={t("kanban.moveTo")}
                        class="h-7 min-w-0 rounded-md border border-line bg-surface px-1 text-xs text-fg-muted"
                        value={String(column.id)}
                        onChange={(event) =>
                          void move(
                            ticket,
                            Number((event.currentTarget as HTMLSelectElement).value),
                          )}
                      >
                        {columns.map((choice) => (
                          <option key={choice.id} value={String(choice.id)}>{choice.name}</option>
                        ))}
                      </select>
                      <a
                        href={`/tickets/${ticket.uuid}`}
                        class="shrink-0 text-xs font-medium text-brand-700 hover:underline dark:text-brand-300"
                      >
                        {t("kanban.view")}
                      </a>
                    </div>
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
      <p id="kanban-help" class="sr-only">{t("kanban.help")}</p>
    </div>
  );
}

/** Six dots: the place to hold a card with a finger. */
function GripIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 14 14" fill="currentColor">
      {[3, 7, 11].map((y) =>
        [4.5, 9.5].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1.3" />)
      )}
    </svg>
  );
}
