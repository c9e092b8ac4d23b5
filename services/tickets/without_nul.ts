/**
 * WhatsApp lets a message carry NUL (U+0000), which Postgres text and jsonb refuse: the
 * insert failed and the customer's message was lost. Inbound events are cleaned once, on
 * the way in, so every text they hold (bodies, captions, names, contact cards, quoted ids,
 * places, file names) is stored with the NUL removed and nothing else changed.
 */
export function withoutNul<T>(value: T): T {
  if (typeof value === "string") {
    return (value.includes("\u0000") ? value.replaceAll("\u0000", "") : value) as T;
  }
  if (Array.isArray(value)) return value.map(withoutNul) as T;
  // Plain records only: dates and functions (a media's `fetch`) pass through as they are.
  if (value !== null && typeof value === "object" && isPlainObject(value)) {
    const clean: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) clean[key] = withoutNul(item);
    return clean as T;
  }
  return value;
}

function isPlainObject(value: object): boolean {
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
