/**
 * How the administration shows money and days. Prices are BRL in Brazilian formatting
 * whatever the interface language (admin §1); dates follow the interface language.
 */

const BRL = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });

/** `29.9` → `R$ 29,90`. */
export function formatBRL(value: number): string {
  // Intl puts a no-break space after "R$"; a plain one reads and copies the same.
  return BRL.format(value).replace(/\u00a0/g, " ");
}

/** `2026-01-31` → `31/01/2026` (pt-BR), `1/31/2026` (en)… read as a calendar day, in UTC. */
export function formatDay(day: string, lang: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(lang, { timeZone: "UTC", dateStyle: "short" }).format(date);
}
