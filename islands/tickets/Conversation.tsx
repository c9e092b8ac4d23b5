/**
 * The open conversation (core §2): the contact and where the ticket stands, the actions its
 * status allows (accept, return, resolve, reopen, transfer, tags, notes, delete for admins),
 * the messages and the reply box. The ticket follows `-ticket` events; when it is resolved
 * here, deleted, or moved out of the viewer's sight, the view goes back to the list.
 */
import { channels } from "../../lib/realtime/channels.ts";
import { useEffect, useRef, useState } from "preact/hooks";
import { DeleteConfirmDialog } from "../../components/lists/DeleteConfirmDialog.tsx";
import { formatPhone } from "../../components/contacts/format.ts";
import { ArrowLeftIcon, CheckIcon, TagIcon, TrashIcon } from "../../components/icons.tsx";
import { Button } from "../../components/ui/Button.tsx";
import { errorMessage } from "../../lib/client/api.ts";
import { useChannel } from "../../lib/client/channel.ts";
import { useT } from "../../lib/i18n/client.ts";
import { pushToast } from "../../lib/ui/toast.ts";
import type { Message, Ticket } from "../../services/tickets/rows.ts";
import { api } from "../../lib/client/api.ts";
import {
  acceptTicket,
  deleteTicket,
  reopenTicket,
  resolveTicket,
  returnTicket,
} from "./actions.ts";
import { Avatar } from "./Avatar.tsx";
import { NoteIcon, PanelRightIcon, TransferIcon, UndoIcon } from "./icons.tsx";
import { ContactPanel } from "./ContactPanel.tsx";
import { usePanelState } from "./panel_state.ts";
import { MessageInput } from "./MessageInput.tsx";
import { MessageView } from "./MessageView.tsx";
import { NotesDialog } from "./NotesDialog.tsx";
import { TagsDialog } from "./TagsDialog.tsx";
import { TransferDialog } from "./TransferDialog.tsx";
import type { TicketChoices, TicketViewer } from "./types.ts";
import { CalendarIcon } from "../../components/shell/icons.tsx";
import { shellSession } from "../../lib/client/session.ts";
import { ScheduleDialog } from "../schedules/ScheduleDialog.tsx";
import { focusForKeyboard, useTicketCommand } from "./shortcuts.ts";

export interface ConversationProps {
  companyId: number;
  viewer: TicketViewer;
  choices: TicketChoices;
  ticket: Ticket;
  onChange: (ticket: Ticket) => void;
  onLeave: () => void;
}

/** The shortcuts of islands/tickets/shortcuts.ts, announced on their buttons. */
const ACTION_KEYS: Record<string, string> = {
  accept: "Alt+A",
  resolve: "Alt+R",
  transfer: "Alt+T",
};

type Open =
  | "transfer"
  | "tags"
  | "notes"
  | "delete"
  | "schedule"
  | { deleteMessage: Message }
  | null;

export function Conversation(props: ConversationProps) {
  const t = useT();
  const { ticket, viewer } = props;
  const [busy, setBusy] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Open>(null);
  const [replyTo, setReplyTo] = useState<Message | null>(null);

  useChannel(channels.ticket(props.companyId), (event) => {
    const data = event as { action?: string; ticket?: Ticket; ticketId?: number };
    if (data.action === "delete" && data.ticketId === ticket.id) {
      pushToast({ tone: "info", messageKey: "tickets.goneAway" });
      props.onLeave();
    } else if (data.action === "update" && data.ticket?.id === ticket.id) {
      props.onChange(data.ticket);
    }
  });

  const header = useRef<HTMLElement>(null);
  const panel = usePanelState();
  // A waiting ticket opened from the keyboard: Enter accepts it straight away.
  useEffect(() => {
    if (ticket.status === "pending") {
      focusForKeyboard(header.current?.querySelector<HTMLElement>('[data-action="accept"]'));
    }
  }, []);

  async function run(name: string, action: () => Promise<Ticket>, leave = false) {
    setBusy(name);
    try {
      const next = await action();
      if (leave) props.onLeave();
      else props.onChange(next);
    } catch (err) {
      pushToast({ tone: "error", message: errorMessage(err) });
    } finally {
      setBusy(null);
    }
  }

  const mine = ticket.userId === viewer.id || viewer.admin;
  const blocked = ticket.status === "closed"
    ? t("tickets.blockedClosed")
    : ticket.status === "pending"
    ? t("tickets.blockedPending")
    : mine
    ? null
    : t("tickets.blockedOther", { name: ticket.user?.name ?? "" });
  const name = ticket.contact.name || ticket.contact.number;
  const commands = {
    accept: ticket.status === "pending"
      ? () => run("accept", () => acceptTicket(ticket, viewer.id))
      : null,
    resolve: ticket.status !== "closed" && mine
      ? () => run("resolve", () => resolveTicket(ticket, viewer.id), true)
      : null,
    transfer: ticket.status !== "closed" ? () => setDialog("transfer") : null,
  };
  useTicketCommand((command) => {
    if (busy || dialog) return;
    if (command === "accept" || command === "resolve" || command === "transfer") {
      commands[command]?.();
    }
  });
  const action = (
    id: string,
    label: string,
    icon: preact.ComponentChildren,
    onClick: () => void,
    variant: "secondary" | "primary" | "ghost" = "ghost",
  ) => (
    <Button
      size="sm"
      variant={variant}
      loading={busy === id}
      onClick={onClick}
      aria-label={label}
      title={label}
      data-action={id}
      aria-keyshortcuts={ACTION_KEYS[id]}
    >
      {icon}
      <span class={variant === "primary" ? "hidden sm:inline" : "hidden 2xl:inline"}>{label}</span>
    </Button>
  );

  return (
    <div class="flex min-h-0 flex-1 flex-col">
      <header
        ref={header}
        class="flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-line bg-surface px-3 py-2.5 sm:px-4"
      >
        <button
          type="button"
          class="rounded-lg p-1.5 text-fg-muted hover:bg-surface-muted md:hidden"
          aria-label={t("tickets.backToList")}
          onClick={props.onLeave}
        >
          <ArrowLeftIcon size={18} />
        </button>
        <Avatar name={name} src={ticket.contact.profilePicUrl || undefined} size="sm" />
        <div class="min-w-[9rem] flex-1">
          <h2 class="truncate font-semibold text-fg">{name}</h2>
          <p class="truncate text-xs text-fg-muted">
            {[
              `#${ticket.id}`,
              formatPhone(ticket.contact.number),
              ticket.queue?.name ?? t("tickets.noQueue"),
              ticket.user
                ? t("tickets.assignedTo", { name: ticket.user.name })
                : t(`tickets.status.${ticket.status}`),
            ].join(" · ")}
          </p>
          {ticket.tags.length > 0 && (
            <ul class="mt-1 flex flex-wrap gap-1" aria-label={t("tickets.panel.tags")}>
              {ticket.tags.map((tag) => (
                <li
                  key={tag.id}
                  class="inline-flex items-center gap-1 rounded-full border border-line px-2 text-[11px] leading-[18px] text-fg-muted"
                >
                  <span class="size-2 rounded-full" style={{ backgroundColor: tag.color }} />
                  {tag.name}
                </li>
              ))}
            </ul>
          )}
        </div>
        {/* gap-0.5 on phones: eight 40 px actions then fit one 336 px row, none left alone. */}
        <div class="flex flex-wrap items-center gap-0.5 sm:gap-1">
          {commands.accept &&
            action(
              "accept",
              t("tickets.accept"),
              <CheckIcon size={16} />,
              commands.accept,
              "primary",
            )}
          {ticket.status === "open" && mine &&
            action("return", t("tickets.return"), <UndoIcon size={16} />, () =>
              run("return", () =>
                returnTicket(ticket)))}
          {commands.resolve &&
            action(
              "resolve",
              t("tickets.resolve"),
              <CheckIcon size={16} />,
              commands.resolve,
              "primary",
            )}
          {ticket.status === "closed" &&
            action("reopen", t("tickets.reopen"), <UndoIcon size={16} />, () =>
              run("reopen", () =>
                reopenTicket(ticket, viewer.id)), "primary")}
          {commands.transfer &&
            action(
              "transfer",
              t("tickets.transfer.action"),
              <TransferIcon size={16} />,
              commands.transfer,
            )}
          {action("tags", t("tickets.tagsAction"), <TagIcon size={16} />, () =>
            setDialog("tags"))}
          {action("notes", t("tickets.notes.action"), <NoteIcon size={16} />, () =>
            setDialog("notes"))}
          {shellSession()?.features.useSchedules &&
            action("schedule", t("schedules.schedule"), <CalendarIcon size={16} />, () =>
              setDialog("schedule"))}
          <Button
            size="sm"
            variant="ghost"
            aria-label={t("tickets.panel.toggle")}
            title={t("tickets.panel.toggle")}
            aria-expanded={panel.shown}
            aria-controls="contact-panel"
            data-action="panel"
            onClick={panel.toggle}
          >
            <PanelRightIcon size={16} />
          </Button>
          {viewer.admin &&
            action("delete", t("tickets.delete"), <TrashIcon size={16} />, () =>
              setDialog("delete"))}
        </div>
      </header>
      <div class="flex min-h-0 flex-1">
        <div class="flex min-h-0 min-w-0 flex-1 flex-col">
          <MessageView
            ticketId={ticket.id}
            companyId={props.companyId}
            onReply={ticket.status === "open" && mine ? setReplyTo : undefined}
            onDelete={ticket.status === "open" && mine
              ? (message) =>
                setDialog({ deleteMessage: message })
              : undefined}
          />
          <MessageInput
            ticketId={ticket.id}
            blockedReason={blocked}
            replyTo={replyTo}
            onCancelReply={() =>
              setReplyTo(null)}
            onSent={() => {}}
          />
        </div>
        {panel.shown && (
          <>
            {/* Below xl the panel is a sheet over the conversation, with a backdrop. */}
            <div
              class="fixed inset-0 z-30 bg-black/40 xl:hidden"
              aria-hidden="true"
              onClick={panel.close}
            />
            <div
              id="contact-panel"
              class="fixed inset-y-0 right-0 z-40 w-[min(22rem,100%)] border-l border-line shadow-(--shadow-pop) xl:static xl:z-auto xl:w-72 xl:shadow-none 2xl:w-80"
            >
              <ContactPanel
                ticket={ticket}
                viewer={viewer}
                choices={props.choices}
                onClose={panel.close}
              />
            </div>
          </>
        )}
      </div>
      {dialog === "transfer" && (
        <TransferDialog
          ticket={ticket}
          choices={props.choices}
          onClose={() => setDialog(null)}
          onDone={(moved) => {
            pushToast({ tone: "success", messageKey: "tickets.transfer.done" });
            // A transfer to someone else, or back to waiting, hands the conversation over.
            if (moved.userId === viewer.id) {
              props.onChange(moved);
            } else props.onLeave();
          }}
        />
      )}
      {dialog === "tags" && (
        <TagsDialog
          ticket={ticket}
          choices={props.choices}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === "schedule" && (
        <ScheduleDialog
          contact={ticket.contact}
          onSaved={() => pushToast({ tone: "success", messageKey: "schedules.saved" })}
          onClose={() =>
            setDialog(null)}
        />
      )}
      {dialog === "notes" && (
        <NotesDialog
          ticket={ticket}
          viewer={viewer}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === "delete" && (
        <DeleteConfirmDialog
          id="ticket-delete"
          title={t("tickets.deleteTitle")}
          text={t("tickets.deleteText", { name })}
          confirmLabel={t("tickets.delete")}
          onClose={() => setDialog(null)}
          onConfirm={async () => {
            try {
              await deleteTicket(ticket);
            } catch (err) {
              pushToast({ tone: "error", message: errorMessage(err) });
              throw err;
            }
            pushToast({ tone: "success", messageKey: "tickets.deletedTicket" });
            props.onLeave();
          }}
        />
      )}
      {typeof dialog === "object" && dialog !== null && (
        <DeleteConfirmDialog
          id="message-delete"
          title={t("tickets.deleteMessageTitle")}
          text={t("tickets.deleteMessageText")}
          confirmLabel={t("tickets.deleteMessage")}
          onClose={() => setDialog(null)}
          onConfirm={async () => {
            try {
              await api(`/api/messages/${dialog.deleteMessage.id}`, { method: "DELETE" });
            } catch (err) {
              pushToast({ tone: "error", message: errorMessage(err) });
              throw err;
            }
          }}
        />
      )}
    </div>
  );
}
