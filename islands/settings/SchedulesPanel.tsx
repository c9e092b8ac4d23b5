/**
 * The Schedules tab (admin §2): the company's weekly opening hours, used while the option
 * "Agendamento de expediente" is "Por empresa". A company that never saved any starts from
 * the spec's default week. Saved with one button ("Horários atualizados com sucesso.").
 */
import { useState } from "preact/hooks";
import { api } from "../../lib/client/api.ts";
import { useT } from "../../lib/i18n/client.ts";
import { pushToast } from "../../lib/ui/toast.ts";
import {
  DEFAULT_OPENING_HOURS,
  type OpeningHoursDay,
  WEEKDAYS,
} from "../../services/companies/weekdays.ts";
import { failureText } from "../admin/save_errors.ts";
import { Button } from "../../components/ui/Button.tsx";
import { Badge } from "../../components/ui/Badge.tsx";
import { CONTROL_CLASSES } from "../../components/ui/Field.tsx";

export interface SchedulesPanelProps {
  companyId: number;
  /** What the company saved; empty when it never did. */
  schedules: OpeningHoursDay[];
}

/** One entry per weekday, in week order: the saved ones, the default for the rest. */
function fullWeek(saved: OpeningHoursDay[]): OpeningHoursDay[] {
  return WEEKDAYS.map(({ weekdayEn }, index) =>
    saved.find((day) => day.weekdayEn === weekdayEn) ?? DEFAULT_OPENING_HOURS[index]!
  );
}

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The i18n key of what is wrong with a day, or null. */
function problemOf(day: OpeningHoursDay): string | null {
  if (!HH_MM.test(day.startTime) || !HH_MM.test(day.endTime)) {
    return "errors.fields.ERR_INVALID_TIME";
  }
  return day.startTime > day.endTime ? "settings.schedules.endBeforeStart" : null;
}

export function SchedulesPanel({ companyId, schedules }: SchedulesPanelProps) {
  const t = useT();
  const [week, setWeek] = useState(() => fullWeek(schedules));
  const [saving, setSaving] = useState(false);

  function setTime(index: number, field: "startTime" | "endTime", value: string) {
    setWeek((days) => days.map((day, i) => (i === index ? { ...day, [field]: value } : day)));
  }

  const problems = week.map(problemOf);
  const invalid = problems.some(Boolean);

  async function save(event: Event) {
    event.preventDefault();
    if (invalid) return;
    setSaving(true);
    try {
      const company = await api<{ schedules: OpeningHoursDay[] }>(
        `/api/companies/${companyId}/schedules`,
        { method: "PUT", body: { schedules: week } },
      );
      setWeek(fullWeek(company.schedules));
      pushToast({ tone: "success", message: t("settings.schedules.saved") });
    } catch (err) {
      pushToast({ tone: "error", message: failureText(err, "errors.generic", t) });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={save} noValidate class="flex flex-col gap-5">
      <div>
        <h2 class="text-[15px] font-semibold text-fg">{t("settings.schedules.title")}</h2>
        <p class="mt-1 max-w-2xl text-sm text-fg-muted">{t("settings.schedules.intro")}</p>
      </div>
      <div class="overflow-hidden rounded-(--radius-card) border border-line bg-surface">
        <div
          aria-hidden="true"
          class="hidden border-b border-line bg-surface-muted px-4 py-2.5 text-xs font-semibold uppercase tracking-wide text-fg-subtle sm:grid sm:grid-cols-[11rem_9rem_9rem_1fr] sm:gap-x-4"
        >
          <span>{t("settings.schedules.day")}</span>
          <span>{t("settings.schedules.start")}</span>
          <span>{t("settings.schedules.end")}</span>
        </div>
        <ul class="flex flex-col divide-y divide-line">
          {week.map((day, index) => {
            const name = t(`settings.schedules.weekdays.${day.weekdayEn}`);
            const problem = problems[index];
            const errorId = `schedule-${day.weekdayEn}-error`;
            const time = (field: "startTime" | "endTime", label: string) => (
              <TimeInput
                id={`schedule-${day.weekdayEn}-${field === "startTime" ? "start" : "end"}`}
                label={label}
                dayName={name}
                value={day[field]}
                errorId={problem ? errorId : undefined}
                onInput={(value) => setTime(index, field, value)}
              />
            );
            return (
              <li
                key={day.weekdayEn}
                class="grid grid-cols-2 items-center gap-x-4 gap-y-2 px-4 py-3 sm:grid-cols-[11rem_9rem_9rem_1fr]"
              >
                <span class="font-medium text-fg">{name}</span>
                <span class="justify-self-end sm:order-last sm:justify-self-start">
                  <Badge tone={day.startTime === day.endTime ? "neutral" : "success"}>
                    {day.startTime === day.endTime
                      ? t("settings.schedules.closed")
                      : t("settings.schedules.open")}
                  </Badge>
                </span>
                {time("startTime", t("settings.schedules.start"))}
                {time("endTime", t("settings.schedules.end"))}
                {problem && (
                  <p
                    id={errorId}
                    class="col-span-2 text-[13px] text-red-700 sm:order-last sm:col-span-3 sm:col-start-2 dark:text-red-400"
                  >
                    {t(problem)}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      </div>
      <Button type="submit" loading={saving} disabled={invalid} class="self-start">
        {t("settings.schedules.save")}
      </Button>
    </form>
  );
}

interface TimeInputProps {
  id: string;
  label: string;
  dayName: string;
  value: string;
  /** The row's error message, when the day is wrong. */
  errorId?: string;
  onInput: (value: string) => void;
}

/** A time box whose label shows on phones; on wider screens the column header says it. */
function TimeInput({ id, label, dayName, value, errorId, onInput }: TimeInputProps) {
  return (
    <span class="flex flex-col gap-1">
      <label for={id} class="text-xs font-medium text-fg-muted sm:sr-only">{label}</label>
      <input
        id={id}
        type="time"
        required
        value={value}
        aria-label={`${dayName}: ${label}`}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        class={CONTROL_CLASSES}
        onInput={(e) => onInput(e.currentTarget.value)}
      />
    </span>
  );
}
