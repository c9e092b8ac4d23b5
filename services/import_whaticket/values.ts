/** Turning Whaticket's loosely typed values into what our columns accept. */

/** U+200E marks the original's automatic messages; U+200C its campaign messages. */
export function stripMarkers(text: string): string {
  return text.replaceAll("\u200e", "").replace(/^\u200c+/, "");
}

export function hasMarkers(text: string): boolean {
  return text.includes("\u200e") || text.startsWith("\u200c");
}

export function text(value: unknown, fallback = ""): string {
  return value === null || value === undefined ? fallback : String(value);
}

export function bool(value: unknown, fallback = false): boolean {
  if (value === null || value === undefined) return fallback;
  if (typeof value === "boolean") return value;
  return ["true", "1", "t", "enabled"].includes(String(value).toLowerCase());
}

/** A non-negative integer, or the fallback for anything else (null, NaN, negative). */
export function count(value: unknown, fallback = 0): number {
  const n = Number(value);
  return value === null || value === undefined || !Number.isFinite(n) || n < 0
    ? fallback
    : Math.floor(n);
}

/** An instant as ISO text (Whaticket's timestamps come as Date or text), else null. */
export function instant(value: unknown): string | null {
  if (value === null || value === undefined || value === "") return null;
  const date = value instanceof Date ? value : new Date(String(value));
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** A calendar day "YYYY-MM-DD" from Whaticket's date strings ("2093-03-14", ISO times), else null. */
export function day(value: unknown): string | null {
  if (value instanceof Date) {
    return Number.isNaN(value.getTime()) ? null : value.toISOString().slice(0, 10);
  }
  const match = /^(\d{4}-\d{2}-\d{2})/.exec(text(value).trim());
  return match && !Number.isNaN(Date.parse(match[1]!)) ? match[1]! : null;
}

/** The original stored JSON in text or json columns; answers parsed JSON or the fallback. */
export function json<T>(value: unknown, fallback: T): T {
  if (value === null || value === undefined || value === "") return fallback;
  if (typeof value !== "string") return value as T;
  try {
    return JSON.parse(value) as T;
  } catch {
    return fallback;
  }
}

/** Source id as the mapping keeps it. */
export function sid(value: unknown): string | null {
  return value === null || value === undefined ? null : String(value);
}

/** Our id for a referenced source row, or null when absent or not imported. */
export function ref(ids: Map<string, number>, value: unknown): number | null {
  const key = sid(value);
  return key === null ? null : ids.get(key) ?? null;
}

/** A row's createdAt and updatedAt, as our columns (`now` when the source has none). */
export function stamps(row: Record<string, unknown>, now: Date) {
  return {
    created_at: instant(row.createdAt) ?? now.toISOString(),
    updated_at: instant(row.updatedAt) ?? now.toISOString(),
  };
}

/** Our createdAt/updatedAt columns, as a step's target declares them. */
export const STAMP_COLUMNS = { created_at: "timestamptz", updated_at: "timestamptz" } as const;

export const MISSING_COMPANY = "its company is missing or was not imported";

/** A number held within a column's check, or its default when the source has none. */
export function clamp(value: unknown, min: number, max: number, fallback: number): number {
  const n = Number(value);
  return value === null || value === undefined || !Number.isFinite(n)
    ? fallback
    : Math.min(max, Math.max(min, n));
}
