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
import { Button } from "../ui/Button.tsx";
import { Input } from "../ui/Input.tsx";

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
  if (!HH_MM.test(day.startTime) || !HH_MM.test(day.endTime)) return "admin.fieldErrors.required";
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
      <ul class="flex flex-col divide-y divide-line rounded-(--radius-card) border border-line">
        {week.map((day, index) => {
          const name = t(`settings.schedules.weekdays.${day.weekdayEn}`);
          const closed = day.startTime === day.endTime;
          const problem = problems[index];
          return (
            <li
              key={day.weekdayEn}
              class="grid grid-cols-2 items-start gap-x-4 gap-y-2 px-4 py-3 sm:grid-cols-[12rem_1fr_1fr_6rem] sm:items-center"
            >
              <span class="col-span-2 font-medium text-fg sm:col-span-1">{name}</span>
              <Input
                id={`schedule-${day.weekdayEn}-start`}
                type="time"
                label={`${t("settings.schedules.start")}`}
                aria-label={`${name}: ${t("settings.schedules.start")}`}
                value={day.startTime}
                onInput={(e) => setTime(index, "startTime", e.currentTarget.value)}
              />
              <Input
                id={`schedule-${day.weekdayEn}-end`}
                type="time"
                label={`${t("settings.schedules.end")}`}
                aria-label={`${name}: ${t("settings.schedules.end")}`}
                value={day.endTime}
                error={problem ? t(problem) : undefined}
                onInput={(e) => setTime(index, "endTime", e.currentTarget.value)}
              />
              <span
                class={closed
                  ? "text-sm text-fg-subtle sm:text-right"
                  : "text-sm text-brand-700 sm:text-right dark:text-brand-300"}
              >
                {closed ? t("settings.schedules.closed") : t("settings.schedules.open")}
              </span>
            </li>
          );
        })}
      </ul>
      <Button type="submit" loading={saving} disabled={invalid} class="self-start">
        {t("settings.schedules.save")}
      </Button>
    </form>
  );
}
