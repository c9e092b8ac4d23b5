/**
 * --keep-sessions (best effort): Whaticket keeps each connection's whole Baileys auth state as
 * one JSON text in `Whatsapps.session` ({creds, keys: {preKeys: {id: value}, sessions: …}},
 * buffers in Baileys' JSON form). Ours keeps the creds and every signal key as rows of
 * `whatsapp_auth` in the same JSON form, so each value is carried as it is, under our key type
 * names. A connection whose creds name its phone is marked wanted: the server starts it and
 * it resumes without a new QR code, unless WhatsApp has since ended that linked device.
 */
import { sql } from "../../../lib/db/mod.ts";
import type { ImportContext } from "../context.ts";
import { count } from "../report.ts";
import { ref } from "../values.ts";

/** Whaticket's key groups → Baileys' key types (what our rows are typed by). */
const KEY_TYPES: Record<string, string> = {
  preKeys: "pre-key",
  sessions: "session",
  senderKeys: "sender-key",
  appStateSyncKeys: "app-state-sync-key",
  appStateVersions: "app-state-sync-version",
  senderKeyMemory: "sender-key-memory",
};

type Row = { type: string; id: string; value: string };

/** The rows of one saved state, or why there are none. */
export function authRowsOf(session: string): Row[] | string {
  let state: { creds?: Record<string, unknown>; keys?: Record<string, Record<string, unknown>> };
  try {
    state = JSON.parse(session);
  } catch {
    return "session is not JSON: not kept";
  }
  if (!state?.creds || typeof state.creds !== "object") return "session has no creds: not kept";
  if (!state.creds.me) return "session was never paired with a phone: not kept";
  const rows: Row[] = [{ type: "creds", id: "", value: JSON.stringify(state.creds) }];
  for (const [group, entries] of Object.entries(state.keys ?? {})) {
    const type = KEY_TYPES[group] ?? group;
    for (const [id, value] of Object.entries(entries ?? {})) {
      if (value !== null && value !== undefined) {
        rows.push({ type, id, value: JSON.stringify(value) });
      }
    }
  }
  return rows;
}

export async function keepSessions(ctx: ImportContext): Promise<void> {
  const line = ctx.report.table("Whatsapps.session");
  const whatsappIds = await ctx.ids("Whatsapps");
  const rows = await ctx.source.query(
    `select id, session from "Whatsapps" where coalesce(session, '') <> '' order by id`,
  );
  for (const row of rows) {
    line.read++;
    const connectionId = ref(whatsappIds, row.id);
    if (!connectionId) {
      count(line.skipped, "its connection was not imported");
      continue;
    }
    const auth = authRowsOf(String(row.session));
    if (typeof auth === "string") {
      count(line.skipped, auth);
      continue;
    }
    const kept = await ctx.batch(async (tx) => {
      // A state this connection already has (an earlier run, or its own since) wins.
      const result = await tx.run(sql`
        insert into whatsapp_auth (company_id, whatsapp_id, type, id, value)
        select w.company_id, w.id, r.type, r.id, r.value
        from whatsapps w, jsonb_to_recordset(${JSON.stringify(auth)}::text::jsonb)
          as r(type text, id text, value text)
        where w.id = ${connectionId}
          and not exists (select 1 from whatsapp_auth a where a.whatsapp_id = w.id)
        on conflict do nothing`);
      if (result.rowCount > 0) {
        await tx.run(sql`update whatsapps set session_wanted = true where id = ${connectionId}`);
      }
      return result.rowCount > 0;
    });
    if (kept) line.imported++;
    else count(line.skipped, "the connection already has a session here");
  }
}
