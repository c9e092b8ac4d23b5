/**
 * Campaigns and what they send: contact lists and their items, file lists and their files,
 * campaigns, their per-company settings and their shipping rows. A campaign that was running,
 * or whose time passed while it was scheduled, comes over cancelled: nothing is sent by
 * surprise after the switch (it can be restarted here); one scheduled for later stays so.
 */
import { FILE_MEDIA_AREA } from "../../files/files.ts";
import { CAMPAIGN_MEDIA_AREA } from "../../campaigns/campaigns.ts";
import type { Decision, TableStep } from "../engine.ts";
import { keyValueStep } from "./accounts.ts";
import { copyMedia, mediaColumns } from "../media.ts";
import { bool, instant, MISSING_COMPANY, ref, STAMP_COLUMNS, stamps, text } from "../values.ts";

export const contactLists: TableStep = {
  table: "ContactLists",
  select: `select * from "ContactLists"`,
  keyType: "int",
  target: {
    name: "contact_lists",
    serial: true,
    columns: {
      company_id: "integer",
      name: "text",
      ...STAMP_COLUMNS,
    },
  },
  async decide(rows, ctx) {
    const companyIds = await ctx.ids("Companies");
    return rows.map((row): Decision => {
      const companyId = ref(companyIds, row.companyId);
      if (!companyId) return { sourceId: String(row.id), skip: MISSING_COMPANY };
      return {
        sourceId: String(row.id),
        insert: { company_id: companyId, name: text(row.name), ...stamps(row, ctx.now) },
      };
    });
  },
};

export const contactListItems: TableStep = {
  table: "ContactListItems",
  select: `select * from "ContactListItems"`,
  keyType: "int",
  target: {
    name: "contact_list_items",
    serial: true,
    columns: {
      company_id: "integer",
      contact_list_id: "integer",
      name: "text",
      number: "text",
      email: "text",
      is_whatsapp_valid: "boolean",
      ...STAMP_COLUMNS,
    },
  },
  async decide(rows, ctx) {
    const [companyIds, listIds] = [await ctx.ids("Companies"), await ctx.ids("ContactLists")];
    return rows.map((row): Decision => {
      const sourceId = String(row.id);
      const companyId = ref(companyIds, row.companyId);
      const listId = ref(listIds, row.contactListId);
      if (!companyId || !listId) return { sourceId, skip: "its list is missing (orphan row)" };
      const number = text(row.number).replace(/\D/g, "");
      if (!number) return { sourceId, skip: "no number" };
      return {
        sourceId,
        insert: {
          company_id: companyId,
          contact_list_id: listId,
          name: text(row.name).trim() || number,
          number,
          email: text(row.email),
          is_whatsapp_valid: row.isWhatsappValid === null || row.isWhatsappValid === undefined
            ? null
            : bool(row.isWhatsappValid),
          ...stamps(row, ctx.now),
        },
      };
    });
  },
};

export const files: TableStep = {
  table: "Files",
  select: `select * from "Files"`,
  keyType: "int",
  target: {
    name: "files",
    serial: true,
    columns: {
      company_id: "integer",
      name: "text",
      message: "text",
      ...STAMP_COLUMNS,
    },
  },
  async decide(rows, ctx) {
    const companyIds = await ctx.ids("Companies");
    return rows.map((row): Decision => {
      const companyId = ref(companyIds, row.companyId);
      if (!companyId) return { sourceId: String(row.id), skip: MISSING_COMPANY };
      return {
        sourceId: String(row.id),
        insert: {
          company_id: companyId,
          name: text(row.name).trim(),
          message: text(row.message),
          ...stamps(row, ctx.now),
        },
      };
    });
  },
};

export const filesOptions: TableStep = {
  table: "FilesOptions",
  select:
    `select o.*, f."companyId" from "FilesOptions" o left join "Files" f on f.id = o."fileId"`,
  keyType: "int",
  target: {
    name: "file_options",
    serial: true,
    columns: {
      company_id: "integer",
      file_id: "integer",
      name: "text",
      path: "text",
      media_name: "text",
      media_type: "text",
      ...STAMP_COLUMNS,
    },
  },
  async decide(rows, ctx) {
    const [companyIds, fileIds] = [await ctx.ids("Companies"), await ctx.ids("Files")];
    const out: Decision[] = [];
    for (const row of rows) {
      const sourceId = String(row.id);
      const companyId = ref(companyIds, row.companyId);
      const fileId = ref(fileIds, row.fileId);
      if (!companyId || !fileId) {
        out.push({ sourceId, skip: "its file list is missing (orphan row)" });
        continue;
      }
      // Whaticket kept these in public/fileList/<list id>/<name>.
      const copied = await copyMedia(
        ctx,
        companyId,
        FILE_MEDIA_AREA,
        row.path,
        `fileList/${row.fileId}`,
      );
      const media = mediaColumns(copied, row.path);
      out.push({
        sourceId,
        insert: {
          company_id: companyId,
          file_id: fileId,
          name: text(row.name),
          path: media.media_path,
          media_name: media.media_name,
          media_type: row.mediaType ?? null,
          ...stamps(row, ctx.now),
        },
        repaired: media.note,
      });
    }
    return out;
  },
};

const CAMPAIGN_STATUSES = new Set([
  "INATIVA",
  "PROGRAMADA",
  "EM_ANDAMENTO",
  "CANCELADA",
  "FINALIZADA",
]);
const MESSAGES = [1, 2, 3, 4, 5];

export const campaigns: TableStep = {
  table: "Campaigns",
  select: `select * from "Campaigns"`,
  keyType: "int",
  target: {
    name: "campaigns",
    serial: true,
    columns: {
      company_id: "integer",
      name: "text",
      ...Object.fromEntries(MESSAGES.flatMap((n) => [
        [`message${n}`, "text"],
        [`confirmation_message${n}`, "text"],
      ])),
      confirmation: "boolean",
      status: "text",
      scheduled_at: "timestamptz",
      completed_at: "timestamptz",
      whatsapp_id: "integer",
      contact_list_id: "integer",
      file_list_id: "integer",
      media_path: "text",
      media_name: "text",
      ...STAMP_COLUMNS,
    },
  },
  async decide(rows, ctx) {
    const [companyIds, whatsappIds, listIds, fileIds] = [
      await ctx.ids("Companies"),
      await ctx.ids("Whatsapps"),
      await ctx.ids("ContactLists"),
      await ctx.ids("Files"),
    ];
    const out: Decision[] = [];
    for (const row of rows) {
      const sourceId = String(row.id);
      const companyId = ref(companyIds, row.companyId);
      if (!companyId) {
        out.push({ sourceId, skip: MISSING_COMPANY });
        continue;
      }
      const scheduledAt = instant(row.scheduledAt);
      let status = CAMPAIGN_STATUSES.has(String(row.status)) ? String(row.status) : "INATIVA";
      let repaired: string | undefined;
      const live = status === "EM_ANDAMENTO" ||
        (status === "PROGRAMADA" && (!scheduledAt || new Date(scheduledAt) <= ctx.now));
      if (live) {
        status = "CANCELADA";
        repaired = "was running or due: cancelled (restart it here)";
      }
      const media = mediaColumns(
        await copyMedia(ctx, companyId, CAMPAIGN_MEDIA_AREA, row.mediaPath),
        row.mediaName,
      );
      out.push({
        sourceId,
        insert: {
          company_id: companyId,
          name: text(row.name),
          ...Object.fromEntries(MESSAGES.flatMap((n) => [
            [`message${n}`, text(row[`message${n}`])],
            [`confirmation_message${n}`, text(row[`confirmationMessage${n}`])],
          ])),
          confirmation: bool(row.confirmation),
          status,
          scheduled_at: scheduledAt,
          completed_at: instant(row.completedAt),
          whatsapp_id: ref(whatsappIds, row.whatsappId),
          contact_list_id: ref(listIds, row.contactListId),
          file_list_id: ref(fileIds, row.fileListId),
          media_path: media.media_path,
          media_name: media.media_name,
          ...stamps(row, ctx.now),
        },
        repaired: repaired ?? media.note,
      });
    }
    return out;
  },
};

export const campaignSettings: TableStep = keyValueStep(
  "CampaignSettings",
  `select * from "CampaignSettings"`,
  "campaign_settings",
);

export const campaignShipping: TableStep = {
  table: "CampaignShipping",
  select: `select s.*, c."companyId" from "CampaignShipping" s
    left join "Campaigns" c on c.id = s."campaignId"`,
  keyType: "int",
  target: {
    name: "campaign_shippings",
    serial: true,
    columns: {
      company_id: "integer",
      campaign_id: "integer",
      contact_list_item_id: "integer",
      number: "text",
      message: "text",
      confirmation_message: "text",
      planned_at: "timestamptz",
      position: "integer",
      queued_at: "timestamptz",
      confirmation_requested_at: "timestamptz",
      confirmed_at: "timestamptz",
      delivered_at: "timestamptz",
      created_at: "timestamptz",
    },
  },
  async decide(rows, ctx) {
    const [companyIds, campaignIds, itemIds] = [
      await ctx.ids("Companies"),
      await ctx.ids("Campaigns"),
      await ctx.ids("ContactListItems"),
    ];
    return rows.map((row): Decision => {
      const sourceId = String(row.id);
      const companyId = ref(companyIds, row.companyId);
      const campaignId = ref(campaignIds, row.campaignId);
      const itemId = ref(itemIds, row.contactId);
      if (!companyId || !campaignId || !itemId) {
        return { sourceId, skip: "its campaign or list item is missing (orphan row)" };
      }
      const createdAt = instant(row.createdAt) ?? ctx.now.toISOString();
      const deliveredAt = instant(row.deliveredAt);
      return {
        sourceId,
        insert: {
          company_id: companyId,
          campaign_id: campaignId,
          contact_list_item_id: itemId,
          number: text(row.number).replace(/\D/g, ""),
          message: text(row.message),
          confirmation_message: row.confirmationMessage ?? null,
          planned_at: deliveredAt ?? createdAt,
          position: Number(row.id),
          // What went out is history; what did not stays unqueued (its campaign is not running).
          queued_at: deliveredAt,
          confirmation_requested_at: instant(row.confirmationRequestedAt),
          confirmed_at: instant(row.confirmedAt),
          delivered_at: deliveredAt,
          created_at: createdAt,
        },
      };
    });
  },
};
