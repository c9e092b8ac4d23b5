/**
 * The contact panel's previous conversations: the contact's other tickets the agent may see
 * (GET /api/contacts/{id}/tickets, newest first), each with its status and date, opened
 * read-only in the peek dialog; "show more" follows the list's keyset cursor.
 */
import { useEffect, useState } from "preact/hooks";
import { cx } from "../../components/ui/cx.ts";
import { api } from "../../lib/client/api.ts";
import { useT } from "../../lib/i18n/client.ts";
import type { Ticket } from "../../services/tickets/rows.ts";
import { PeekDialog } from "./PeekDialog.tsx";

interface ContactTicketsPage {
  tickets: Ticket[];
  hasMore: boolean;
  nextCursor: string | null;
}

export function ContactHistory(
  { ticket, when }: { ticket: Ticket; when: Intl.DateTimeFormat },
) {
  const t = useT();
  const [history, setHistory] = useState<Ticket[] | null>(null);
  const [cursor, setCursor] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [peeking, setPeeking] = useState<Ticket | null>(null);

  async function load(after: string | null) {
    setLoading(true);
    setFailed(false);
    try {
      const page = await api<ContactTicketsPage>(`/api/contacts/${ticket.contactId}/tickets`, {
        query: { cursor: after ?? undefined },
      });
      const others = page.tickets.filter((one) => one.id !== ticket.id);
      setHistory((shown) => (after ? [...(shown ?? []), ...others] : others));
      setCursor(page.nextCursor);
    } catch {
      setFailed(true);
      setHistory((shown) => shown ?? []);
    } finally {
      setLoading(false);
    }
  }

  useEffect(() => {
    setHistory(null);
    load(null);
  }, [ticket.contactId, ticket.id]);

  return (
    <>
      {history === null && <p class="text-sm text-fg-subtle">{t("tickets.loading")}</p>}
      {history?.length === 0 && !cursor && !failed && (
        <p class="text-sm text-fg-subtle">{t("tickets.panel.noHistory")}</p>
      )}
      {failed && (
        <p class="text-sm text-red-600 dark:text-red-400" role="alert">
          {t("tickets.panel.historyFailed")}
        </p>
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
      {(cursor || failed) && (
        <button
          type="button"
          class="mt-2 w-full rounded-lg px-2.5 py-1.5 text-sm font-medium text-brand-700 hover:bg-surface-muted disabled:opacity-60 dark:text-brand-300"
          disabled={loading}
          onClick={() => load(cursor)}
        >
          {failed ? t("tickets.panel.retry") : t("tickets.panel.moreHistory")}
        </button>
      )}
      {peeking && <PeekDialog ticket={peeking} onClose={() => setPeeking(null)} />}
    </>
  );
}
