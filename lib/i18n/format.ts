/** Dates written the way each language reads them (pt-BR 31/12/2026, en 12/31/2026). */
import type { Lang } from "./languages.ts";

const formats = new Map<Lang, Intl.DateTimeFormat>();

/**
 * A calendar date (`YYYY-MM-DD`, no time of day) in `lang`'s short form. Formatted in UTC so
 * the day never shifts with the server's or browser's time zone.
 */
export function formatDate(isoDate: string, lang: Lang): string {
  let format = formats.get(lang);
  if (!format) {
    format = new Intl.DateTimeFormat(lang, {
      day: "2-digit",
      month: "2-digit",
      year: "numeric",
      timeZone: "UTC",
    });
    formats.set(lang, format);
  }
  const date = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? isoDate : format.format(date);
}

/** A moment (ISO timestamp) as a short date and time in `lang`, in the reader's time zone. */
export function formatDateTime(iso: string, lang: Lang): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(lang, { dateStyle: "short", timeStyle: "short" }).format(date);
}
