/**
 * Live lists (admin §4): a `create` or `update` event upserts its record, a `delete` removes
 * it. A record the list would not show (another search is active) is not added, but one
 * already shown is still updated in place.
 */
export type LiveEvent<T> =
  | { action: "create" | "update"; record: T }
  | { action: "delete"; id: number };

export interface LiveOptions<T> {
  /** Whether a record that is not in the list yet belongs in it (e.g. matches the search). */
  accepts?: (record: T) => boolean;
  /** The list's order, so an added record lands where a reload would put it. */
  compare?: (a: T, b: T) => number;
}

function isLiveEvent<T>(value: unknown): value is LiveEvent<T> {
  if (typeof value !== "object" || value === null) return false;
  const event = value as { action?: unknown; id?: unknown; record?: unknown };
  if (event.action === "delete") return typeof event.id === "number";
  return (event.action === "create" || event.action === "update") &&
    typeof event.record === "object" && event.record !== null &&
    typeof (event.record as { id?: unknown }).id === "number";
}

/** The list after `event`; the same array when the event does not concern it. */
export function applyLiveEvent<T extends { id: number }>(
  rows: T[],
  event: unknown,
  options: LiveOptions<T> = {},
): T[] {
  if (!isLiveEvent<T>(event)) return rows;
  if (event.action === "delete") {
    return rows.some((row) => row.id === event.id)
      ? rows.filter((row) => row.id !== event.id)
      : rows;
  }
  const { record } = event;
  const index = rows.findIndex((row) => row.id === record.id);
  if (index >= 0) return rows.map((row, i) => (i === index ? record : row));
  if (options.accepts && !options.accepts(record)) return rows;
  const next = [...rows, record];
  return options.compare ? next.sort(options.compare) : next;
}

/** Name order as the server sorts lists: case-insensitive, then by id. */
export function byText<T extends { id: number }>(text: (row: T) => string) {
  return (a: T, b: T) => text(a).toLowerCase().localeCompare(text(b).toLowerCase()) || a.id - b.id;
}
