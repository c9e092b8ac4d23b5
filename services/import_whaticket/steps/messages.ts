/**
 * Messages keep WhatsApp's id (Whaticket's primary key), so quoted links (`quotedMsgId`) stay
 * links here, and a message WhatsApp delivers again after the switch is recognised. The
 * invisible markers the original put in its automatic texts are stripped; media files are
 * copied from --media into our store.
 */
import { sql } from "../../../lib/db/mod.ts";
import type { Decision, TableStep } from "../engine.ts";
import { copyMedia, mediaColumns } from "../media.ts";
import { bool, hasMarkers, ref, STAMP_COLUMNS, stamps, stripMarkers, text } from "../values.ts";

/** Whaticket's media types by our names: text kinds are "chat", documents "application". */
const KINDS: Record<string, string> = {
  conversation: "chat",
  extendedTextMessage: "chat",
  document: "application",
  documentMessage: "application",
  vcard: "contactMessage",
  sticker: "image",
};

export const messages: TableStep = {
  table: "Messages",
  select: `select m.id, m.body, m.ack, m.read, m."fromMe", m."mediaUrl", m."mediaType",
           m."isDeleted", m."quotedMsgId", m."ticketId", m."contactId", m."companyId",
           m."createdAt", m."updatedAt", t."whatsappId" as "ticketWhatsappId"
    from "Messages" m left join "Tickets" t on t.id = m."ticketId"`,
  keyType: "text",
  async keptHere(ctx, rows) {
    const companyIds = await ctx.ids("Companies");
    const companies = [...new Set(rows.map((row) => ref(companyIds, row.companyId) ?? 0))];
    const found = await ctx.target.query<{ wid: string }>(sql`
      select wid from messages
      where company_id = any(${companies}::int[]) and wid = any(${
      rows.map((row) => String(row.id))
    }::text[])`);
    return new Set(found.map((row) => row.wid));
  },
  target: {
    name: "messages",
    serial: true,
    columns: {
      company_id: "integer",
      ticket_id: "integer",
      contact_id: "integer",
      whatsapp_id: "integer",
      wid: "text",
      body: "text",
      from_me: "boolean",
      read: "boolean",
      ack: "smallint",
      media_type: "text",
      media_path: "text",
      media_name: "text",
      quoted_wid: "text",
      is_deleted: "boolean",
      ...STAMP_COLUMNS,
    },
  },
  async decide(rows, ctx) {
    const [companyIds, ticketIds, contactIds, whatsappIds] = [
      await ctx.ids("Companies"),
      await ctx.ids("Tickets"),
      await ctx.ids("Contacts"),
      await ctx.ids("Whatsapps"),
    ];
    const out: Decision[] = [];
    for (const row of rows) {
      const sourceId = String(row.id);
      const ticketId = ref(ticketIds, row.ticketId);
      const companyId = ref(companyIds, row.companyId);
      if (!ticketId || !companyId) {
        out.push({ sourceId, skip: "its ticket is missing (orphan row)" });
        continue;
      }
      const body = text(row.body);
      const media = mediaColumns(await copyMedia(ctx, companyId, "messages", row.mediaUrl));
      const kind = text(row.mediaType, "chat") || "chat";
      const ack = Math.round(Number(row.ack));
      out.push({
        sourceId,
        insert: {
          company_id: companyId,
          ticket_id: ticketId,
          contact_id: ref(contactIds, row.contactId),
          whatsapp_id: ref(whatsappIds, row.ticketWhatsappId),
          wid: sourceId,
          body: stripMarkers(body),
          from_me: bool(row.fromMe),
          read: bool(row.read),
          ack: Number.isFinite(ack) ? Math.min(5, Math.max(0, ack)) : 0,
          media_type: KINDS[kind] ?? kind,
          media_path: media.media_path,
          media_name: media.media_name,
          quoted_wid: row.quotedMsgId ? String(row.quotedMsgId) : null,
          is_deleted: bool(row.isDeleted),
          ...stamps(row, ctx.now),
        },
        repaired: media.note ?? (hasMarkers(body) ? "invisible markers stripped" : undefined),
      });
    }
    return out;
  },
};
