/**
 * The admin dashboard at `/` (issue 21, core §3, §5, §9): a period (3 to 90 days) or a date
 * range, then the counters, four charts (per day or per hour, per agent, ratings, per queue)
 * each with its table, and the attendants. A range without its start date is refused by the
 * server with "Parametrize o filtro", shown here as the form's error.
 */
import { useEffect, useRef, useState } from "preact/hooks";
import { AttendantsTable } from "../components/dashboard/AttendantsTable.tsx";
import { CounterCard } from "../components/dashboard/CounterCard.tsx";
import { formatMinutes } from "../components/dashboard/format.ts";
import { SeriesTable } from "../components/dashboard/SeriesTable.tsx";
import { Button } from "../components/ui/Button.tsx";
import { Card } from "../components/ui/Card.tsx";
import { Input } from "../components/ui/Input.tsx";
import { Select } from "../components/ui/Select.tsx";
import { SkeletonBlock } from "../components/ui/Skeleton.tsx";
import { api, type QueryValue } from "../lib/client/api.ts";
import { clientLanguage, useT } from "../lib/i18n/client.ts";
import type { TFunction } from "../lib/i18n/languages.ts";
import { channels } from "../lib/realtime/channels.ts";
import type { Dashboard, TicketsByDay, TicketsByUser } from "../services/dashboard/mod.ts";
import { failureText } from "./admin/save_errors.ts";
import { BarChart } from "./dashboard/BarChart.tsx";
import { useLiveRefresh } from "./dashboard/live_refresh.ts";

/** Core §9: the period presets. */
export const PERIOD_PRESETS = [3, 7, 15, 30, 60, 90] as const;

export interface DashboardPageProps {
  companyId: number;
  companyName: string;
  /** The super user also sees the platform counters. */
  platform: boolean;
}

type Filter = { mode: "period"; days: number } | { mode: "range"; from: string; to: string };

interface Loaded {
  board: Dashboard;
  users: TicketsByUser;
  days: TicketsByDay;
}

function queryOf(filter: Filter): Record<string, QueryValue> {
  return filter.mode === "period"
    ? { days: filter.days }
    : { date_from: filter.from || null, date_to: filter.to || null };
}

function dayLabel(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString(clientLanguage(), {
    day: "2-digit",
    month: "2-digit",
    timeZone: "UTC",
  });
}

export default function DashboardPage({ companyId, companyName, platform }: DashboardPageProps) {
  const t = useT();
  const [draft, setDraft] = useState<Filter>({ mode: "period", days: 7 });
  const [filter, setFilter] = useState<Filter>(draft);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(true);
  // Live: the company's ticket events reload the figures of the applied filter, in place
  // (the form, its draft and the scroll stay as they are; a failure keeps what is shown).
  const [liveRound, setLiveRound] = useState(0);
  const live = useRef(false);
  useLiveRefresh(channels.ticket(companyId), () => {
    live.current = true;
    setLiveRound((round) => round + 1);
  });

  useEffect(() => {
    const abort = new AbortController();
    const query = queryOf(filter);
    const get = <T,>(path: string) => api<T>(path, { query, signal: abort.signal });
    const quiet = live.current;
    live.current = false;
    if (!quiet) setBusy(true);
    Promise.all([
      get<Dashboard>("/api/dashboard"),
      get<TicketsByUser>("/api/dashboard/ticketsUsers"),
      get<TicketsByDay>("/api/dashboard/ticketsDay"),
    ]).then(([board, users, days]) => {
      setLoaded({ board, users, days });
      setError(null);
    }).catch((err) => {
      if (!abort.signal.aborted && !quiet) setError(failureText(err, "dashboard.loadFailed", t));
    }).finally(() => {
      if (!abort.signal.aborted && !quiet) setBusy(false);
    });
    return () => abort.abort();
  }, [JSON.stringify(filter), liveRound]);

  return (
    <div class="mx-auto flex w-full max-w-7xl flex-col gap-6">
      <header class="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <div>
          <h1 class="text-xl font-semibold text-fg">{t("dashboard.title")}</h1>
          <p class="mt-1 text-sm text-fg-muted">{t("dashboard.intro", { company: companyName })}</p>
        </div>
        <FilterForm
          t={t}
          draft={draft}
          onChange={setDraft}
          onApply={() => setFilter(draft)}
          busy={busy}
          error={error}
        />
      </header>
      {loaded ? <Board t={t} loaded={loaded} platform={platform} /> : !error && <BoardSkeleton />}
    </div>
  );
}

interface FilterFormProps {
  t: TFunction;
  draft: Filter;
  onChange: (filter: Filter) => void;
  onApply: () => void;
  busy: boolean;
  error: string | null;
}

function FilterForm({ t, draft, onChange, onApply, busy, error }: FilterFormProps) {
  return (
    <form
      aria-label={t("dashboard.filter.label")}
      class="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        onApply();
      }}
    >
      <div class="flex flex-wrap items-end gap-3">
        <Select
          id="dashboard-mode"
          label={t("dashboard.filter.mode")}
          value={draft.mode}
          options={[
            { value: "period", label: t("dashboard.filter.byPeriod") },
            { value: "range", label: t("dashboard.filter.byRange") },
          ]}
          onChange={(event) =>
            onChange(
              event.currentTarget.value === "range"
                ? { mode: "range", from: "", to: "" }
                : { mode: "period", days: 7 },
            )}
          class="w-44"
        />
        {draft.mode === "period"
          ? (
            <Select
              id="dashboard-days"
              label={t("dashboard.filter.period")}
              value={String(draft.days)}
              options={PERIOD_PRESETS.map((days) => ({
                value: String(days),
                label: t("dashboard.filter.days", { count: days }),
              }))}
              onChange={(event) =>
                onChange({ mode: "period", days: Number(event.currentTarget.value) })}
              class="w-44"
            />
          )
          : (
            <>
              <Input
                id="dashboard-from"
                type="date"
                label={t("dashboard.filter.from")}
                value={draft.from}
                onInput={(event) => onChange({ ...draft, from: event.currentTarget.value })}
                class="w-40"
              />
              <Input
                id="dashboard-to"
                type="date"
                label={t("dashboard.filter.to")}
                value={draft.to}
                onInput={(event) => onChange({ ...draft, to: event.currentTarget.value })}
                class="w-40"
              />
            </>
          )}
        <Button type="submit" disabled={busy}>{t("dashboard.filter.apply")}</Button>
      </div>
      {error && (
        <p role="alert" class="text-sm font-medium text-red-700 dark:text-red-400">{error}</p>
      )}
    </form>
  );
}

function BoardSkeleton() {
  return (
    <div class="flex flex-col gap-6" aria-hidden="true">
      <div class="grid grid-cols-2 gap-3 md:grid-cols-4">
        {Array.from({ length: 8 }, (_, i) => <SkeletonBlock key={i} class="h-24" />)}
      </div>
      <SkeletonBlock class="h-72" />
    </div>
  );
}

function Board({ t, loaded, platform }: { t: TFunction; loaded: Loaded; platform: boolean }) {
  const { board, users, days } = loaded;
  const { counters } = board;
  const spread = (figures: { median: number | null; p90: number | null }) =>
    figures.median === null ? undefined : t("dashboard.counters.spread", {
      median: formatMinutes(t, figures.median),
      p90: formatMinutes(t, figures.p90),
    });
  const hourly = board.period.days === 1;
  const series = days.data.map((bucket) => ({
    label: "horario" in bucket ? bucket.horario : dayLabel(bucket.data),
    value: bucket.total,
  }));
  const byUser = users.data.map((row) => ({ label: row.nome, value: row.quantidade }));
  const ratings = board.ratings.map((row) => ({
    label: `${row.rate} · ${t(`dashboard.ratings.${row.rate}`)}`,
    value: row.count,
  }));
  const queues = board.queues.map((row) => ({
    label: row.name ?? t("dashboard.charts.noQueue"),
    value: row.total,
  }));
  const now = t("dashboard.counters.now");
  const inPeriod = t("dashboard.counters.inPeriod");
  return (
    <>
      <dl class="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5">
        <CounterCard
          label={t("dashboard.counters.happening")}
          value={counters.supportHappening}
          note={now}
          tone="brand"
        />
        <CounterCard
          label={t("dashboard.counters.pending")}
          value={counters.supportPending}
          note={now}
          tone="warning"
        />
        <CounterCard
          label={t("dashboard.counters.finished")}
          value={counters.supportFinished}
          note={inPeriod}
        />
        <CounterCard
          label={t("dashboard.counters.tickets")}
          value={counters.tickets}
          note={inPeriod}
        />
        <CounterCard
          label={t("dashboard.counters.leads")}
          value={counters.leads}
          note={inPeriod}
          class="max-md:col-span-2"
        />
      </dl>
      <dl class="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
        <CounterCard
          label={t("dashboard.counters.supportTime")}
          value={formatMinutes(t, counters.supportTime.avg)}
          note={spread(counters.supportTime)}
          tone="brand"
        />
        <CounterCard
          label={t("dashboard.counters.waitTime")}
          value={formatMinutes(t, counters.waitTime.avg)}
          note={spread(counters.waitTime)}
          tone="warning"
        />
        {platform && counters.totalCompanies !== undefined && (
          <>
            <CounterCard
              label={t("dashboard.platform.companies")}
              value={counters.totalCompanies}
              tone="info"
            />
            <CounterCard
              label={t("dashboard.platform.sessions")}
              value={counters.totalWhatsappSessions}
              tone="info"
            />
          </>
        )}
      </dl>
      <div class="grid gap-6 lg:grid-cols-2 xl:grid-cols-3">
        <ChartCard
          t={t}
          class="lg:col-span-2 xl:col-span-3"
          title={t(hourly ? "dashboard.charts.byHour" : "dashboard.charts.byDay")}
          labelHeading={t(hourly ? "dashboard.charts.hour" : "dashboard.charts.day")}
          rows={series}
          labelEvery={Math.max(1, Math.ceil(series.length / 12))}
        />
        <ChartCard
          t={t}
          title={t("dashboard.charts.byUser")}
          labelHeading={t("dashboard.charts.user")}
          rows={byUser}
        />
        <ChartCard
          t={t}
          title={t("dashboard.charts.ratings")}
          labelHeading={t("dashboard.charts.rating")}
          rows={ratings}
        />
        <ChartCard
          t={t}
          title={t("dashboard.charts.byQueue")}
          labelHeading={t("dashboard.charts.queue")}
          rows={queues}
        />
        <Card title={t("dashboard.attendants.title")} class="lg:col-span-2 xl:col-span-3">
          <AttendantsTable t={t} attendants={board.attendants} />
        </Card>
      </div>
    </>
  );
}

interface ChartCardProps {
  t: TFunction;
  title: string;
  labelHeading: string;
  rows: { label: string; value: number }[];
  labelEvery?: number;
  class?: string;
}

function ChartCard({ t, title, labelHeading, rows, labelEvery, class: extra }: ChartCardProps) {
  const total = rows.reduce((sum, row) => sum + row.value, 0);
  return (
    <Card title={title} class={extra}>
      {rows.length === 0 || total === 0
        ? <p class="py-10 text-center text-sm text-fg-muted">{t("dashboard.charts.empty")}</p>
        : (
          <BarChart
            labels={rows.map((row) => row.label)}
            values={rows.map((row) => row.value)}
            summary={t("dashboard.charts.summary", { title, count: total })}
            labelEvery={labelEvery}
          />
        )}
      <SeriesTable
        caption={title}
        labelHeading={labelHeading}
        valueHeading={t("dashboard.charts.total")}
        rows={rows}
        toggle={t("dashboard.charts.asTable")}
      />
    </Card>
  );
}
