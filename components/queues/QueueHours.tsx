/**
 * The "Horários de Atendimento" tab of the queue dialog: a start and an end time for each
 * weekday (a day whose start equals its end is closed). Saved with the queue.
 */
import { useT } from "../../lib/i18n/client.ts";
import type { OpeningHoursDay } from "../../services/companies/weekdays.ts";
import { cx } from "../ui/cx.ts";
import { CONTROL_CLASSES } from "../ui/Field.tsx";

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The i18n key of what is wrong with a day, or null. */
export function hoursProblem(day: OpeningHoursDay): string | null {
  if (!HH_MM.test(day.startTime) || !HH_MM.test(day.endTime)) return "queues.hours.invalid";
  return day.startTime > day.endTime ? "queues.hours.endBeforeStart" : null;
}

export interface QueueHoursProps {
  week: OpeningHoursDay[];
  onChange: (week: OpeningHoursDay[]) => void;
  /** Whether the week differs from what is saved. */
  changed: boolean;
}

export function QueueHours({ week, onChange, changed }: QueueHoursProps) {
  const t = useT();
  function set(index: number, field: "startTime" | "endTime", value: string) {
    onChange(week.map((day, i) => (i === index ? { ...day, [field]: value } : day)));
  }
  return (
    <div class="flex flex-col gap-3">
      <p class="text-[13px] text-fg-subtle">{t("queues.hours.intro")}</p>
      <div class="overflow-hidden rounded-lg border border-line">
        <div
          aria-hidden="true"
          class="hidden border-b border-line bg-surface-muted px-3 py-2 text-xs font-semibold uppercase tracking-wide text-fg-subtle sm:grid sm:grid-cols-[9rem_8rem_8rem_1fr] sm:gap-x-3"
        >
          <span>{t("queues.hours.day")}</span>
          <span>{t("queues.hours.startColumn")}</span>
          <span>{t("queues.hours.endColumn")}</span>
        </div>
        {week.map((day, index) => {
          const problem = hoursProblem(day);
          const closed = !problem && day.startTime === day.endTime;
          const label = t(`queues.hours.days.${day.weekdayEn}`);
          return (
            <div
              key={day.weekdayEn}
              class="grid grid-cols-[1fr_auto_auto] items-center gap-x-2 gap-y-1 border-b border-line px-3 py-2 last:border-b-0 sm:grid-cols-[9rem_8rem_8rem_1fr] sm:gap-x-3"
            >
              <span class="text-sm font-medium text-fg max-sm:col-span-3">{label}</span>
              <input
                type="time"
                value={day.startTime}
                aria-label={t("queues.hours.start", { day: label })}
                aria-invalid={problem ? true : undefined}
                onInput={(event) => set(index, "startTime", event.currentTarget.value)}
                class={cx(CONTROL_CLASSES, "h-9 tabular-nums")}
              />
              <input
                type="time"
                value={day.endTime}
                aria-label={t("queues.hours.end", { day: label })}
                aria-invalid={problem ? true : undefined}
                onInput={(event) => set(index, "endTime", event.currentTarget.value)}
                class={cx(CONTROL_CLASSES, "h-9 tabular-nums")}
              />
              <span
                class={cx(
                  "text-[13px] max-sm:col-span-3",
                  problem ? "text-red-700 dark:text-red-400" : "text-fg-subtle",
                )}
              >
                {problem ? t(problem) : closed ? t("queues.hours.closed") : ""}
              </span>
            </div>
          );
        })}
      </div>
      {changed && (
        <p role="status" class="text-[13px] font-medium text-brand-700 dark:text-brand-300">
          {t("queues.hours.saveHint")}
        </p>
      )}
    </div>
  );
}
