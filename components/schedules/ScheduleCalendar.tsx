/**
 * The schedules calendar (admin §2 "/schedules"): a month of six weeks, a week, or a day,
 * with each schedule at its time showing the contact's name, edit and delete icons, sent
 * ones marked and failed ones in red with the error. A small grid of our own: the page needs
 * three plain views, not a scheduling engine (see the island for why not FullCalendar).
 * Pure UI: the island owns the dates, the data and the dialogs.
 */
import { AlertIcon, CheckIcon, PencilIcon, PlusIcon, TrashIcon } from "../icons.tsx";
import { cx } from "../ui/cx.ts";
import { daysOf, sameDay, timeOf, weekdayNames } from "./calendar_dates.ts";
import type { CalendarView, ScheduleRow } from "./types.ts";

export interface ScheduleCalendarProps {
  view: CalendarView;
  anchor: Date;
  today: Date;
  lang: string;
  schedules: ScheduleRow[];
  labels: {
    add: string;
    edit: string;
    remove: string;
    more: (count: number) => string;
    status: (row: ScheduleRow) => string;
    empty: string;
  };
  onAdd: (day: Date) => void;
  onEdit: (row: ScheduleRow) => void;
  onDelete: (row: ScheduleRow) => void;
  /** A month cell's "+N more" opens that day. */
  onOpenDay: (day: Date) => void;
}

/** At most this many events per month cell; the rest behind "+N". */
const MONTH_CELL_EVENTS = 3;

const TONES: Record<ScheduleRow["status"], string> = {
  PENDENTE:
    "border-brand-200 bg-brand-50 text-brand-900 dark:border-brand-800 dark:bg-brand-950 dark:text-brand-100",
  AGENDADA:
    "border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100",
  ENVIADA:
    "border-emerald-200 bg-emerald-50 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100",
  ERRO:
    "border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100",
};

/** The phone's month cells show a dot per schedule. */
const DOTS: Record<ScheduleRow["status"], string> = {
  PENDENTE: "bg-brand-500",
  AGENDADA: "bg-amber-500",
  ENVIADA: "bg-emerald-500",
  ERRO: "bg-red-600",
};

function byTime(a: ScheduleRow, b: ScheduleRow): number {
  return a.sendAt.localeCompare(b.sendAt) || a.id - b.id;
}

function EventChip(
  { row, props, full }: { row: ScheduleRow; props: ScheduleCalendarProps; full: boolean },
) {
  const { labels, lang } = props;
  const at = new Date(row.sendAt);
  const sent = row.status === "ENVIADA";
  const failed = row.status === "ERRO";
  return (
    <div
      data-schedule={row.id}
      data-status={row.status}
      title={`${labels.status(row)}${row.error ? ` — ${row.error}` : ""}\n${row.body}`}
      class={cx(
        "group flex min-w-0 items-start gap-1 rounded-md border px-1.5 py-1 text-xs",
        TONES[row.status],
      )}
    >
      {sent && <CheckIcon size={12} class="mt-0.5 shrink-0" />}
      {failed && <AlertIcon size={12} class="mt-0.5 shrink-0" />}
      <div class="min-w-0 flex-1">
        {full
          ? (
            <>
              <p class="font-semibold tabular-nums">{timeOf(at, lang)}</p>
              <p class="truncate font-medium">{row.contact.name}</p>
            </>
          )
          : (
            <p class="truncate">
              <span class="font-semibold tabular-nums">{timeOf(at, lang)}</span> {row.contact.name}
            </p>
          )}
        {full && <p class="line-clamp-2 opacity-80">{row.body}</p>}
        {full && failed && row.error && <p class="font-medium">{row.error}</p>}
        {full && <p class="sr-only">{labels.status(row)}</p>}
      </div>
      <span
        class={cx(
          "shrink-0 items-center",
          // A month cell is narrow: its icons show on hover or focus, leaving room for the name.
          full ? "flex" : "hidden group-focus-within:flex group-hover:flex",
        )}
      >
        {!sent && (
          <button
            type="button"
            class="rounded p-0.5 hover:bg-black/10 dark:hover:bg-white/10"
            aria-label={`${labels.edit}: ${row.contact.name}`}
            title={labels.edit}
            onClick={() => props.onEdit(row)}
          >
            <PencilIcon size={12} />
          </button>
        )}
        <button
          type="button"
          class="rounded p-0.5 hover:bg-black/10 dark:hover:bg-white/10"
          aria-label={`${labels.remove}: ${row.contact.name}`}
          title={labels.remove}
          onClick={() => props.onDelete(row)}
        >
          <TrashIcon size={12} />
        </button>
      </span>
    </div>
  );
}

function AddButton(
  { day, props, class: extra }: { day: Date; props: ScheduleCalendarProps; class?: string },
) {
  const label = `${props.labels.add}: ${day.toLocaleDateString(props.lang)}`;
  return (
    <button
      type="button"
      class={cx(
        extra,
        "rounded p-0.5 text-fg-subtle opacity-60 hover:bg-surface-muted hover:text-fg hover:opacity-100 focus:opacity-100",
      )}
      aria-label={label}
      title={label}
      onClick={() => props.onAdd(day)}
    >
      <PlusIcon size={14} />
    </button>
  );
}

function MonthGrid(props: ScheduleCalendarProps) {
  const days = daysOf("month", props.anchor, props.lang);
  const month = props.anchor.getMonth();
  return (
    <div class="overflow-hidden rounded-(--radius-card) border border-line bg-surface">
      <div class="grid grid-cols-7 border-b border-line bg-surface-muted text-center text-xs font-medium text-fg-muted">
        {weekdayNames(props.lang).map((name) => (
          <div key={name} class="py-2 first-letter:uppercase">{name}</div>
        ))}
      </div>
      <div class="grid grid-cols-7">
        {days.map((day) => {
          const events = props.schedules.filter((row) => sameDay(new Date(row.sendAt), day))
            .sort(byTime);
          const today = sameDay(day, props.today);
          return (
            <div
              key={day.getTime()}
              data-day={day.toDateString()}
              class={cx(
                "flex min-h-20 min-w-0 flex-col gap-1 border-b border-r border-line p-1 sm:min-h-28",
                "[&:nth-child(7n)]:border-r-0",
                day.getMonth() !== month && "bg-surface-sunken/60 text-fg-subtle",
              )}
            >
              <div class="flex items-center justify-between">
                <span
                  class={cx(
                    "grid size-6 place-items-center rounded-full text-xs tabular-nums",
                    today && "bg-brand-600 font-semibold text-white",
                  )}
                >
                  {day.getDate()}
                </span>
                {/* On a phone the cell is too small for it: the page's add button serves. */}
                <AddButton day={day} props={props} class="hidden sm:block" />
              </div>
              {/* On a phone a cell is too narrow for names: a dot per schedule. */}
              <div class="flex flex-wrap gap-0.5 sm:hidden">
                {events.map((row) => (
                  <button
                    key={row.id}
                    type="button"
                    aria-label={`${row.contact.name} ${timeOf(new Date(row.sendAt), props.lang)}`}
                    onClick={() => props.onOpenDay(day)}
                    class={cx("size-2.5 rounded-full", DOTS[row.status])}
                  />
                ))}
              </div>
              <div class="hidden flex-col gap-1 sm:flex">
                {events.slice(0, MONTH_CELL_EVENTS).map((row) => (
                  <EventChip key={row.id} row={row} props={props} full={false} />
                ))}
                {events.length > MONTH_CELL_EVENTS && (
                  <button
                    type="button"
                    class="text-left text-xs font-medium text-brand-700 hover:underline dark:text-brand-300"
                    onClick={() => props.onOpenDay(day)}
                  >
                    {props.labels.more(events.length - MONTH_CELL_EVENTS)}
                  </button>
                )}
              </div>
            </div>
          );
        })}
      </div>
    </div>
  );
}

function DayColumns(props: ScheduleCalendarProps) {
  const days = daysOf(props.view, props.anchor, props.lang);
  const dayName = new Intl.DateTimeFormat(props.lang, { weekday: "short", day: "numeric" });
  return (
    <div
      class={cx(
        "grid overflow-hidden rounded-(--radius-card) border border-line bg-surface",
        props.view === "week" ? "grid-cols-1 md:grid-cols-7" : "grid-cols-1",
      )}
    >
      {days.map((day) => {
        const events = props.schedules.filter((row) => sameDay(new Date(row.sendAt), day))
          .sort(byTime);
        const today = sameDay(day, props.today);
        return (
          <section
            key={day.getTime()}
            data-day={day.toDateString()}
            class="flex min-w-0 flex-col border-b border-line md:min-h-96 md:border-r md:last:border-r-0"
          >
            {props.view === "week" && (
              <header
                class={cx(
                  "flex items-center justify-between border-b border-line bg-surface-muted px-2 py-1.5 text-xs font-medium first-letter:uppercase",
                  today && "text-brand-700 dark:text-brand-300",
                )}
              >
                <span>{dayName.format(day)}</span>
                <AddButton day={day} props={props} />
              </header>
            )}
            <div class="flex flex-col gap-1.5 p-1.5">
              {events.map((row) => <EventChip key={row.id} row={row} props={props} full />)}
              {events.length === 0 && props.view === "day" && (
                <p class="px-2 py-6 text-center text-sm text-fg-subtle">{props.labels.empty}</p>
              )}
            </div>
          </section>
        );
      })}
    </div>
  );
}

export function ScheduleCalendar(props: ScheduleCalendarProps) {
  return props.view === "month" ? <MonthGrid {...props} /> : <DayColumns {...props} />;
}
