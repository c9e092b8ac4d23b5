/**
 * The connections list as live events change it. `company-{id}-whatsapp` carries what every
 * colleague may see (no token, no QR); `company-{id}-whatsappSession` reaches admins only and
 * carries the live QR. Rows keep what the page already knew (the token) and are kept in the
 * server's order (by name).
 */
import { connectionNeedsAttention } from "../../lib/ui/shell_signals.ts";
import type { PublicConnection } from "../../services/whatsapp/connection_rows.ts";

export type ConnectionRow = PublicConnection;

export type ConnectionEvent =
  | { action: "update"; whatsapp?: Partial<ConnectionRow> & { id: number } }
  | { action: "update"; session?: Partial<ConnectionRow> & { id: number } }
  | { action: "delete"; whatsappId: number };

const byName = (a: ConnectionRow, b: ConnectionRow) =>
  a.name.localeCompare(b.name, undefined, { sensitivity: "base" }) || a.id - b.id;

/** Applies one event of either channel; unknown shapes leave the list as it is. */
export function applyConnectionEvent(rows: ConnectionRow[], event: unknown): ConnectionRow[] {
  if (!event || typeof event !== "object") return rows;
  const data = event as Record<string, unknown>;
  if (data.action === "delete" && typeof data.whatsappId === "number") {
    return rows.filter((row) => row.id !== data.whatsappId);
  }
  if (data.action !== "update") return rows;
  const fromSession = data.session as (Partial<ConnectionRow> & { id: number }) | undefined;
  const incoming = fromSession ??
    (data.whatsapp as (Partial<ConnectionRow> & { id: number }) | undefined);
  if (!incoming || typeof incoming.id !== "number") return rows;
  return upsertConnection(rows, incoming, { withQr: Boolean(fromSession) });
}

export function upsertConnection(
  rows: ConnectionRow[],
  incoming: Partial<ConnectionRow> & { id: number },
  options: { withQr: boolean } = { withQr: true },
): ConnectionRow[] {
  const current = rows.find((row) => row.id === incoming.id);
  const merged = { ...current, ...incoming } as ConnectionRow;
  // The company-wide event blanks the QR for everyone; the admins' session event has it.
  if (!options.withQr && current) {
    merged.qrcode = merged.status === "qrcode" ? current.qrcode : "";
  }
  if (incoming.token === undefined && current?.token !== undefined) merged.token = current.token;
  // A new default takes the star from the old one.
  const others = merged.isDefault
    ? rows.map((row) => row.id !== merged.id && row.isDefault ? { ...row, isDefault: false } : row)
    : rows;
  return [...others.filter((row) => row.id !== merged.id), merged].sort(byName);
}

/** True when some connection needs someone to act (core §2's warning badge). */
export function anyNeedsAttention(rows: readonly { status: string }[]): boolean {
  return rows.some((row) => connectionNeedsAttention(row.status));
}
