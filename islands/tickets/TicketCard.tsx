/**
 * One ticket in a list (core §2): the queue's colour bar, the contact, the last message, the
 * time since it moved (coloured as core §9 says), the unread badge, and the connection, user
 * and tag labels. A waiting ticket is accepted from its button, never opened by a click;
 * admins can peek into any conversation without taking it.
 */
import { Button } from "../../components/ui/Button.tsx";
import { cx } from "../../components/ui/cx.ts";
import { useT } from "../../lib/i18n/client.ts";
import type { Ticket } from "../../services/tickets/rows.ts";
import { Avatar } from "./Avatar.tsx";
import { EyeIcon } from "../../components/public/icons.tsx";
import { richText } from "./rich_text.tsx";
import { lastMessageText } from "./summary.ts";
import { type AgeTone, ticketAge } from "./time_ago.ts";

const AGE_CLASSES: Record<AgeTone, string> = {
  neutral: "text-fg-subtle",
  green: "text-emerald-700 dark:text-emerald-400",
  orange: "text-orange-600 dark:text-orange-400",
  red: "text-red-600 dark:text-red-400",
};

export interface TicketCardProps {
  ticket: Ticket;
  now: number;
  selected: boolean;
  canPeek: boolean;
  accepting: boolean;
  onOpen: () => void;
  onAccept: () => void;
  onPeek: () => void;
}

function Label({ children, color }: { children: string; color?: string }) {
  return (
    <span
      class="inline-flex max-w-[9rem] items-center gap-1 truncate rounded-md border border-line bg-surface px-1.5 text-[11px] leading-[18px] text-fg-muted"
      title={children}
    >
      {color && <span class="size-2 shrink-0 rounded-full" style={{ backgroundColor: color }} />}
      <span class="truncate">{children}</span>
    </span>
  );
}

export function TicketCard(props: TicketCardProps) {
  const t = useT();
  const { ticket } = props;
  const pending = ticket.status === "pending";
  const age = ticketAge(ticket.updatedAt, props.now);
  const name = ticket.contact.name || ticket.contact.number;
  // The open conversation is being read: its count is going to zero.
  const unread = props.selected ? 0 : ticket.unreadMessages;
  return (
    <li
      class={cx(
        "relative flex gap-3 border-b border-line py-3 pr-3 pl-4 transition-colors",
        props.selected ? "bg-brand-50 dark:bg-brand-950/60" : "hover:bg-surface-muted",
        !pending && "cursor-pointer",
      )}
      data-ticket={ticket.id}
      onClick={pending ? undefined : props.onOpen}
    >
      <span
        aria-hidden="true"
        class="absolute inset-y-0 left-0 w-1"
        style={{ backgroundColor: ticket.queue?.color ?? "var(--color-line-strong)" }}
      />
      <Avatar name={name} src={ticket.contact.profilePicUrl || undefined} />
      <div class="min-w-0 flex-1">
        <div class="flex items-baseline gap-2">
          {pending ? <span class="min-w-0 flex-1 truncate font-medium text-fg">{name}</span> : (
            <a
              href={`/tickets/${ticket.uuid}`}
              onClick={(event) => {
                event.preventDefault();
                props.onOpen();
              }}
              class="min-w-0 flex-1 truncate font-medium text-fg outline-offset-2"
            >
              {name}
            </a>
          )}
          <time
            dateTime={ticket.updatedAt}
            class={cx("shrink-0 text-xs tabular-nums", AGE_CLASSES[age.tone])}
            data-age-tone={age.tone}
          >
            {t(`tickets.age.${age.unit}`, { count: age.count })}
          </time>
        </div>
        <div class="mt-0.5 flex items-center gap-2">
          <p class="min-w-0 flex-1 truncate text-[13px] text-fg-muted">
            {ticket.lastMessage
              ? richText(lastMessageText(t, ticket.lastMessage).replace(/\s+/g, " "), {
                links: false,
              })
              : "\u00a0"}
          </p>
          {unread > 0 && (
            <span
              class="min-w-5 shrink-0 rounded-full bg-brand-600 px-1.5 text-center text-[11px] leading-5 font-semibold text-white tabular-nums dark:bg-brand-500 dark:text-brand-950"
              aria-label={t("tickets.unread", { count: unread })}
            >
              {unread}
            </span>
          )}
        </div>
        <div class="mt-1.5 flex flex-wrap items-center gap-1">
          {ticket.whatsapp && <Label>{ticket.whatsapp.name}</Label>}
          {ticket.queue && <Label color={ticket.queue.color}>{ticket.queue.name}</Label>}
          {ticket.user && <Label>{ticket.user.name}</Label>}
          {ticket.tags.map((tag) => <Label key={tag.id} color={tag.color}>{tag.name}</Label>)}
        </div>
      </div>
      {(pending || props.canPeek) && (
        <div class="flex shrink-0 flex-col items-end justify-center gap-1.5">
          {pending && (
            <Button
              size="sm"
              data-accept
              loading={props.accepting}
              onClick={(event) => {
                event.stopPropagation();
                props.onAccept();
              }}
            >
              {t("tickets.accept")}
            </Button>
          )}
          {props.canPeek && (
            <button
              type="button"
              class="rounded-md p-1 text-fg-subtle hover:bg-surface-sunken hover:text-fg"
              aria-label={t("tickets.peek", { name })}
              title={t("tickets.peekShort")}
              onClick={(event) => {
                event.stopPropagation();
                props.onPeek();
              }}
            >
              <EyeIcon size={18} />
            </button>
          )}
        </div>
      )}
    </li>
  );
}
