/** How the dashboard writes a duration given in minutes: "45 min", "2 h 05 min", "3 d 04 h". */
import type { TFunction } from "../../lib/i18n/languages.ts";

const pad = (n: number) => String(n).padStart(2, "0");

export function formatMinutes(t: TFunction, minutes: number | null): string {
  if (minutes === null) return t("dashboard.time.none");
  const whole = Math.round(minutes);
  if (whole < 60) return t("dashboard.time.minutes", { m: whole });
  const hours = Math.floor(whole / 60);
  if (hours < 24) return t("dashboard.time.hours", { h: hours, m: pad(whole % 60) });
  return t("dashboard.time.days", { d: Math.floor(hours / 24), h: pad(hours % 24) });
}
