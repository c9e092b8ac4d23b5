/** Quick messages, scheduled messages and the installation's help videos. */
import { sql } from "../../../lib/db/mod.ts";
import { QUICK_MESSAGE_MEDIA_AREA } from "../../quick_messages/media.ts";
import { SCHEDULE_MEDIA_AREA } from "../../schedules/media.ts";
import { queueSend } from "../../schedules/schedules.ts";
import type { Decision, TableStep } from "../engine.ts";
import { copyMedia, mediaColumns } from "../media.ts";
import { bool, instant, ref, STAMP_COLUMNS, stamps, text } from "../values.ts";

export const quickMessages: TableStep = {
  table: "QuickMessages",
  select: `select * from "QuickMessages"`,
  keyType: "int",
  target: {
    name: "quick_messages",
    serial: true,
    columns: {
      company_id: "integer",
      user_id: "integer",
      shortcode: "text",
      message: "text",
      media_path: "text",
      media_name: "text",
      geral: "boolean",
      ...STAMP_COLUMNS,
    },
  },
  async decide(rows, ctx) {
    const [companyIds, userIds] = [await ctx.ids("Companies"), await ctx.ids("Users")];
    const out: Decision[] = [];
    for (const row of rows) {
      const sourceId = String(row.id);
      const companyId = ref(companyIds, row.companyId);
      const userId = ref(userIds, row.userId);
      if (!companyId || !userId) {
        out.push({ sourceId, skip: "its company or owner is missing" });
        continue;
      }
      // Whaticket kept these files in public/quickMessage/.
      const media = mediaColumns(
        await copyMedia(ctx, companyId, QUICK_MESSAGE_MEDIA_AREA, row.mediaPath, "quickMessage"),
        row.mediaName,
      );
      out.push({
        sourceId,
        insert: {
          company_id: companyId,
          user_id: userId,
          shortcode: text(row.shortcode).trim(),
          message: text(row.message),
          media_path: media.media_path,
          media_name: media.media_name,
          geral: bool(row.geral),
          ...stamps(row, ctx.now),
        },
        repaired: media.note,
      });
    }
    return out;
  },
};

const STATUSES = new Set(["PENDENTE", "AGENDADA", "ENVIADA", "ERRO"]);

/**
 * A schedule still waiting whose time is to come gets its send job; one whose time passed is
 * not sent late after the switch (Whaticket never sent those either): it lands as ERRO.
 */
export const schedules: TableStep = {
  table: "Schedules",
  select: `select * from "Schedules"`,
  keyType: "int",
  target: {
    name: "schedules",
    serial: true,
    columns: {
      company_id: "integer",
      contact_id: "integer",
      user_id: "integer",
      ticket_id: "integer",
      body: "text",
      send_at: "timestamptz",
      sent_at: "timestamptz",
      status: "text",
      media_path: "text",
      media_name: "text",
      ...STAMP_COLUMNS,
    },
  },
  async decide(rows, ctx) {
    const [companyIds, contactIds, userIds, ticketIds] = [
      await ctx.ids("Companies"),
      await ctx.ids("Contacts"),
      await ctx.ids("Users"),
      await ctx.ids("Tickets"),
    ];
    const out: Decision[] = [];
    for (const row of rows) {
      const sourceId = String(row.id);
      const companyId = ref(companyIds, row.companyId);
      const contactId = ref(contactIds, row.contactId);
      const sendAt = instant(row.sendAt);
      if (!companyId || !contactId) {
        out.push({ sourceId, skip: "its company or contact is missing (orphan row)" });
        continue;
      }
      if (!sendAt) {
        out.push({ sourceId, skip: "no send time" });
        continue;
      }
      let status = STATUSES.has(String(row.status)) ? String(row.status) : "ERRO";
      let repaired: string | undefined;
      if (status === "PENDENTE" || status === "AGENDADA") {
        if (new Date(sendAt) <= ctx.now) {
          status = "ERRO";
          repaired = "waiting, but its time had passed: not sent (ERRO)";
        } else {
          status = "PENDENTE";
        }
      }
      const media = mediaColumns(
        await copyMedia(ctx, companyId, SCHEDULE_MEDIA_AREA, row.mediaPath),
        row.mediaName,
      );
      out.push({
        sourceId,
        insert: {
          company_id: companyId,
          contact_id: contactId,
          user_id: ref(userIds, row.userId),
          ticket_id: ref(ticketIds, row.ticketId),
          body: text(row.body),
          send_at: sendAt,
          sent_at: instant(row.sentAt),
          status,
          media_path: media.media_path,
          media_name: media.media_name,
          ...stamps(row, ctx.now),
        },
        repaired: repaired ?? media.note,
      });
    }
    return out;
  },
  async afterInsert(tx, inserted) {
    const waiting = await tx.query<{ id: number; company_id: number; send_at: Date }>(sql`
      select id, company_id, send_at from schedules
      where id = any(${inserted.map((row) => row.id)}::int[]) and status = 'PENDENTE'`);
    for (const row of waiting) await queueSend(tx, row.company_id, row.id, new Date(row.send_at));
  },
};

export const helps: TableStep = {
  table: "Helps",
  select: `select * from "Helps"`,
  keyType: "int",
  target: {
    name: "helps",
    serial: true,
    columns: {
      title: "text",
      video: "text",
      description: "text",
      ...STAMP_COLUMNS,
    },
  },
  decide(rows, ctx) {
    return Promise.resolve(rows.map((row): Decision => ({
      sourceId: String(row.id),
      insert: {
        title: text(row.title),
        video: text(row.video),
        description: text(row.description),
        ...stamps(row, ctx.now),
      },
    })));
  },
};
