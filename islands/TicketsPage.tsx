/**
 * The ticket screen (core §2): the lists on the left third, the open conversation on the
 * right two thirds (a welcome panel when none is open); on narrow screens the two become
 * tabs, "Atendimentos" and "Ticket". The address follows the open ticket (/tickets/{uuid}),
 * so a reload or a shared link opens the same conversation.
 */
import { useEffect, useState } from "preact/hooks";
import { Logo } from "../components/Logo.tsx";
import { cx } from "../components/ui/cx.ts";
import { Tabs } from "../components/ui/Tabs.tsx";
import { useT } from "../lib/i18n/client.ts";
import { pushToast } from "../lib/ui/toast.ts";
import type { Ticket } from "../services/tickets/rows.ts";
import { Conversation } from "./tickets/Conversation.tsx";
import { TicketList } from "./tickets/TicketList.tsx";
import type { TicketChoices, TicketViewer } from "./tickets/types.ts";
import { ShortcutsDialog } from "./tickets/ShortcutsDialog.tsx";
import { useTicketCommand, useTicketShortcuts } from "./tickets/shortcuts.ts";

export interface TicketsPageProps extends TicketChoices {
  viewer: TicketViewer;
  companyId: number;
  initialTicket: Ticket | null;
  /** The address named a ticket the viewer may not open. */
  denied: boolean;
  /** Open the new-ticket dialog for this contact (from /contacts). */
  startContact?: { id: number; name: string; number: string } | null;
}

export default function TicketsPage(props: TicketsPageProps) {
  const t = useT();
  const [ticket, setTicket] = useState<Ticket | null>(props.initialTicket);
  const [pane, setPane] = useState<"list" | "ticket">(props.initialTicket ? "ticket" : "list");
  const [help, setHelp] = useState(false);
  const choices: TicketChoices = props;
  useTicketShortcuts();
  useTicketCommand((command) => {
    if (command === "help") setHelp(true);
  });

  useEffect(() => {
    if (!props.denied) return;
    pushToast({ tone: "error", messageKey: "tickets.accessDenied" });
    history.replaceState(null, "", "/tickets");
  }, []);
  useEffect(() => {
    if (props.startContact) history.replaceState(null, "", location.pathname);
  }, []);

  // Back and forward move between the conversations opened here.
  useEffect(() => {
    const onPop = () => {
      if (!/^\/tickets\/[0-9a-f-]{36}$/i.test(location.pathname)) {
        setTicket(null);
        setPane("list");
      } else location.reload();
    };
    addEventListener("popstate", onPop);
    return () => removeEventListener("popstate", onPop);
  }, []);

  function open(next: Ticket) {
    if (ticket?.id !== next.id) history.pushState(null, "", `/tickets/${next.uuid}`);
    setTicket(next);
    setPane("ticket");
  }

  function close() {
    if (ticket) history.pushState(null, "", "/tickets");
    setTicket(null);
    setPane("list");
  }

  return (
    <div
      data-toasts-top
      class="-mx-4 -my-6 flex h-[calc(100dvh-3.5rem)] min-h-[26rem] flex-col sm:-mx-6 md:flex-row lg:-mx-8"
    >
      <Tabs
        withPanels={false}
        label={t("tickets.panes")}
        idBase="ticket-panes"
        class="bg-surface px-2 md:hidden"
        selected={pane}
        onSelect={(id) => setPane(id as "list" | "ticket")}
        tabs={[
          { id: "list", label: t("tickets.panesList") },
          { id: "ticket", label: t("tickets.panesTicket") },
        ]}
      />
      <section
        aria-label={t("tickets.panesList")}
        class={cx(
          "min-h-0 flex-1 flex-col border-line bg-surface md:flex md:w-[38%] md:max-w-[30rem] md:min-w-[20rem] md:flex-none md:border-r",
          pane === "list" ? "flex" : "hidden",
        )}
      >
        <TicketList
          companyId={props.companyId}
          viewer={props.viewer}
          choices={choices}
          selectedId={ticket?.id ?? null}
          startContact={props.startContact ?? null}
          onOpen={open}
        />
      </section>
      <section
        aria-label={t("tickets.panesTicket")}
        class={cx(
          "min-h-0 min-w-0 flex-1 flex-col bg-surface-muted md:flex",
          pane === "ticket" ? "flex" : "hidden",
        )}
      >
        {ticket
          ? (
            <Conversation
              key={ticket.id}
              companyId={props.companyId}
              viewer={props.viewer}
              choices={choices}
              ticket={ticket}
              onChange={open}
              onLeave={close}
            />
          )
          : <Welcome />}
      </section>
      {help && <ShortcutsDialog onClose={() => setHelp(false)} />}
    </div>
  );
}

function Welcome() {
  const t = useT();
  return (
    <div class="flex flex-1 flex-col items-center justify-center gap-4 p-8 text-center">
      <div class="opacity-80">
        <Logo size={56} />
      </div>
      <div>
        <p class="text-lg font-semibold text-fg">{t("tickets.welcomeTitle")}</p>
        <p class="mt-1 max-w-sm text-sm text-fg-muted">{t("tickets.welcomeText")}</p>
        <p class="mt-3 text-xs text-fg-subtle">
          {t("tickets.shortcuts.welcomeHint")}{" "}
          <kbd class="rounded border border-line-strong bg-surface px-1.5 font-sans font-semibold text-fg-muted">
            ?
          </kbd>
        </p>
      </div>
    </div>
  );
}
