/**
 * The /schedules page (admin §2): the title with the count, search, add, and the calendar in
 * month, week or day view; `?contactId=` opens the add dialog for that contact. Schedules of
 * the view's window are loaded from `/api/schedules?from&to` and kept live from
 * `channels.schedule` (a sent one turns green, a failed one red, as it happens).
 *
 * The calendar is a small grid of our own (components/schedules/ScheduleCalendar.tsx) rather
 * than FullCalendar: its v6 core, the last with a Preact build, bundles its own older Preact
 * (~10.12) and ships about 250 KB of script for the three views, several times this page's
 * own code, and v7 only has React/Vue/Angular packages. Month, week and day with Intl's
 * month and weekday names in pt-BR, en and es is all the spec asks for.
 */
import { useEffect, useMemo, useState } from "preact/hooks";
import { DeleteConfirmDialog } from "../components/lists/DeleteConfirmDialog.tsx";
import { SearchBox } from "../components/lists/SearchBox.tsx";
import { ScheduleCalendar } from "../components/schedules/ScheduleCalendar.tsx";
import { shift, titleOf, windowOf } from "../components/schedules/calendar_dates.ts";
import {
  CALENDAR_VIEWS,
  type CalendarView,
  type ScheduleRow,
} from "../components/schedules/types.ts";
import { Button, buttonClasses } from "../components/ui/Button.tsx";
import { cx } from "../components/ui/cx.ts";
import { PlusIcon } from "../components/icons.tsx";
import { api, ApiError } from "../lib/client/api.ts";
import { useChannel } from "../lib/client/channel.ts";
import { useDebounced } from "../lib/client/paged_list.ts";
import { clientLanguage, useT } from "../lib/i18n/client.ts";
import { channels } from "../lib/realtime/channels.ts";
import { pushToast, toastError } from "../lib/ui/toast.ts";
import { type ContactChoice, ScheduleDialog } from "./schedules/ScheduleDialog.tsx";

export interface SchedulesPageProps {
  companyId: number;
  /** From `?contactId=`: the add dialog opens for this contact. */
  startContact?: ContactChoice | null;
}

type Editing = { record?: ScheduleRow; contact?: ContactChoice; day?: Date } | null;
type ScheduleEvent =
  | { action: "create" | "update"; schedule: ScheduleRow }
  | { action: "delete"; scheduleId: number };

export default function SchedulesPage({ companyId, startContact }: SchedulesPageProps) {
  const t = useT();
  const lang = clientLanguage();
  const [view, setView] = useState<CalendarView>("month");
  const [anchor, setAnchor] = useState(() => new Date());
  const [search, setSearch] = useState("");
  const query = useDebounced(search).trim();
  const [rows, setRows] = useState<ScheduleRow[]>([]);
  const [count, setCount] = useState<number | null>(null);
  const [editing, setEditing] = useState<Editing>(
    startContact ? { contact: startContact } : null,
  );
  const [deleting, setDeleting] = useState<ScheduleRow | null>(null);
  const [from, to] = useMemo(() => windowOf(view, anchor, lang), [view, anchor, lang]);

  useEffect(() => {
    let live = true;
    api<{ schedules: ScheduleRow[]; count: number }>("/api/schedules", {
      query: { from: from.toISOString(), to: to.toISOString(), searchParam: query || undefined },
    }).then((page) => {
      if (!live) return;
      setRows(page.schedules);
      setCount(page.count);
    }, (err) => live && toastError(err instanceof ApiError ? err.code : undefined));
    return () => void (live = false);
  }, [from.getTime(), to.getTime(), query]);

  const inView = (row: ScheduleRow) => {
    const at = new Date(row.sendAt);
    const text = query.toLowerCase();
    return at >= from && at < to &&
      (!text || row.body.toLowerCase().includes(text) ||
        row.contact.name.toLowerCase().includes(text));
  };
  function upsert(row: ScheduleRow) {
    setRows((list) => {
      const others = list.filter((one) => one.id !== row.id);
      if (!inView(row)) {
        if (others.length !== list.length) setCount((n) => n === null ? n : n - 1);
        return others;
      }
      if (others.length === list.length) setCount((n) => n === null ? n : n + 1);
      return [...others, row];
    });
  }
  useChannel(channels.schedule(companyId), (event) => {
    const data = event as ScheduleEvent;
    if (data.action === "delete") {
      setRows((list) => {
        const left = list.filter((one) => one.id !== data.scheduleId);
        if (left.length !== list.length) setCount((n) => n === null ? n : n - 1);
        return left;
      });
    } else if (data.schedule) upsert(data.schedule);
  });

  const statusLabel = (row: ScheduleRow) => t(`schedules.status.${row.status}`);
  const openDay = (day: Date) => {
    setAnchor(day);
    setView("day");
  };

  return (
    <div class="flex flex-col gap-4">
      <div class="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 class="text-2xl font-semibold tracking-tight text-fg">
            {t("schedules.title")}
            {count !== null && (
              <span class="ml-2 align-middle text-base font-normal text-fg-muted tabular-nums">
                ({count})
              </span>
            )}
          </h1>
          <p class="mt-1 max-w-2xl text-sm text-fg-muted">{t("schedules.intro")}</p>
        </div>
        <div class="flex w-full flex-wrap items-center gap-2 sm:w-auto">
          <SearchBox
            value={search}
            label={t("schedules.search")}
            placeholder={t("schedules.search")}
            onInput={setSearch}
            class="min-w-0 flex-1 sm:w-64"
          />
          <Button data-testid="schedule-add" onClick={() => setEditing({})}>
            <PlusIcon size={16} />
            {t("schedules.add")}
          </Button>
        </div>
      </div>
      <div class="flex flex-wrap items-center justify-between gap-2">
        <div class="flex items-center gap-1">
          <Button
            variant="secondary"
            size="sm"
            aria-label={t("schedules.previous")}
            onClick={() => setAnchor(shift(view, anchor, -1))}
          >
            ‹
          </Button>
          <Button variant="secondary" size="sm" onClick={() => setAnchor(new Date())}>
            {t("schedules.today")}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            aria-label={t("schedules.next")}
            onClick={() => setAnchor(shift(view, anchor, 1))}
          >
            ›
          </Button>
          <h2 class="ml-2 text-base font-semibold first-letter:uppercase" aria-live="polite">
            {titleOf(view, anchor, lang)}
          </h2>
        </div>
        <div
          role="group"
          data-testid="schedule-views"
          aria-label={t("schedules.viewLabel")}
          class="inline-flex rounded-lg ring-1 ring-line"
        >
          {CALENDAR_VIEWS.map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={view === option}
              onClick={() => setView(option)}
              class={cx(
                buttonClasses("ghost", "sm"),
                "rounded-none first:rounded-l-lg last:rounded-r-lg",
                view === option && "bg-brand-600 text-white hover:bg-brand-700 hover:text-white",
              )}
            >
              {t(`schedules.views.${option}`)}
            </button>
          ))}
        </div>
      </div>
      <ScheduleCalendar
        view={view}
        anchor={anchor}
        today={new Date()}
        lang={lang}
        schedules={rows}
        labels={{
          add: t("schedules.add"),
          edit: t("schedules.edit"),
          remove: t("schedules.delete"),
          more: (n) => t("schedules.more", { count: n }),
          status: statusLabel,
          empty: t("schedules.emptyDay"),
        }}
        onAdd={(day) => setEditing({ day })}
        onEdit={(record) => setEditing({ record })}
        onDelete={setDeleting}
        onOpenDay={openDay}
      />
      {editing && (
        <ScheduleDialog
          record={editing.record}
          contact={editing.contact}
          day={editing.day}
          onSaved={(row) => {
            upsert(row);
            pushToast({ tone: "success", messageKey: "schedules.saved" });
          }}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <DeleteConfirmDialog
          id="schedule-delete"
          title={t("schedules.deleteTitle")}
          text={t("schedules.deleteText", { name: deleting.contact.name })}
          confirmLabel={t("schedules.delete")}
          onConfirm={async () => {
            try {
              await api(`/api/schedules/${deleting.id}`, { method: "DELETE" });
              setRows((list) => list.filter((one) => one.id !== deleting.id));
              setCount((n) => n === null ? n : n - 1);
              pushToast({ tone: "success", messageKey: "schedules.deleted" });
            } catch (err) {
              toastError(err instanceof ApiError ? err.code : undefined);
              throw err;
            }
          }}
          onClose={() => setDeleting(null)}
        />
      )}
    </div>
  );
}
