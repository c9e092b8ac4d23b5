/**
 * AI prompts (their provider keys sealed again with our secret box, for their new row), the
 * internal chat, the super user's announcements and the companies' invoices.
 */
import { secretHint } from "../../../lib/crypto/secret_box.ts";
import { keyPurpose } from "../../prompts/prompts.ts";
import type { ImportContext } from "../context.ts";
import { type Decision, newIds, type TableStep } from "../engine.ts";
import { copyMedia, mediaColumns } from "../media.ts";
import { linkQueuesAndConnections } from "./links.ts";
import {
  bool,
  clamp,
  day,
  instant,
  MISSING_COMPANY,
  ref,
  STAMP_COLUMNS,
  stamps,
  text,
} from "../values.ts";

export const prompts: TableStep = {
  table: "Prompts",
  select: `select * from "Prompts"`,
  keyType: "int",
  target: {
    name: "prompts",
    serial: true,
    columns: {
      company_id: "integer",
      name: "text",
      api_key_sealed: "text",
      api_key_hint: "text",
      prompt: "text",
      voice: "text",
      voice_key_sealed: "text",
      voice_key_hint: "text",
      voice_region: "text",
      max_tokens: "integer",
      temperature: "numeric",
      max_messages: "integer",
      queue_id: "integer",
      ...STAMP_COLUMNS,
    },
  },
  async decide(rows, ctx) {
    const [companyIds, queueIds] = [await ctx.ids("Companies"), await ctx.ids("Queues")];
    const wanted = rows.filter((row) => ref(companyIds, row.companyId) && text(row.apiKey));
    // The sealed key is bound to its row's id, so the ids are taken before the batch.
    const ids = await newIds(ctx.target, "prompts", wanted.length);
    const out: Decision[] = [];
    for (const row of rows) {
      const sourceId = String(row.id);
      const companyId = ref(companyIds, row.companyId);
      if (!companyId) {
        out.push({ sourceId, skip: MISSING_COMPANY });
        continue;
      }
      const apiKey = text(row.apiKey);
      if (!apiKey) {
        out.push({ sourceId, skip: "no API key" });
        continue;
      }
      const id = ids.shift()!;
      const voiceKey = text(row.voiceKey);
      out.push({
        sourceId,
        insert: {
          id,
          company_id: companyId,
          name: text(row.name).trim(),
          api_key_sealed: await ctx.secrets.seal(apiKey, keyPurpose(id, "apiKey")),
          api_key_hint: secretHint(apiKey),
          prompt: text(row.prompt),
          voice: text(row.voice) || "texto",
          voice_key_sealed: voiceKey
            ? await ctx.secrets.seal(voiceKey, keyPurpose(id, "voiceKey"))
            : null,
          voice_key_hint: voiceKey ? secretHint(voiceKey) : "",
          voice_region: text(row.voiceRegion),
          max_tokens: Math.round(clamp(row.maxTokens, 10, 4096, 100)),
          temperature: clamp(row.temperature, 0, 2, 1),
          max_messages: Math.round(clamp(row.maxMessages, 1, 50, 10)),
          queue_id: ref(queueIds, row.queueId),
          ...stamps(row, ctx.now),
        },
      });
    }
    return out;
  },
};

/** Queues and connections that answered with a prompt answer with its imported copy. */
export function promptLinks(ctx: ImportContext): Promise<void> {
  return linkQueuesAndConnections(ctx, { table: "Prompts", column: "promptId" }, "prompt_id");
}

export const chats: TableStep = {
  table: "Chats",
  select: `select * from "Chats"`,
  keyType: "int",
  target: {
    name: "chats",
    serial: true,
    columns: {
      uuid: "uuid",
      company_id: "integer",
      title: "text",
      owner_id: "integer",
      last_message: "text",
      ...STAMP_COLUMNS,
    },
  },
  async decide(rows, ctx) {
    const [companyIds, userIds] = [await ctx.ids("Companies"), await ctx.ids("Users")];
    return rows.map((row): Decision => {
      const companyId = ref(companyIds, row.companyId);
      if (!companyId) {
        return { sourceId: String(row.id), skip: MISSING_COMPANY };
      }
      const uuid = text(row.uuid);
      return {
        sourceId: String(row.id),
        insert: {
          uuid: /^[0-9a-f-]{36}$/i.test(uuid) ? uuid : crypto.randomUUID(),
          company_id: companyId,
          title: text(row.title),
          owner_id: ref(userIds, row.ownerId),
          last_message: text(row.lastMessage),
          ...stamps(row, ctx.now),
        },
      };
    });
  },
};

export const chatUsers: TableStep = {
  table: "ChatUsers",
  select:
    `select cu.*, c."companyId" from "ChatUsers" cu left join "Chats" c on c.id = cu."chatId"`,
  keyType: "int",
  target: {
    name: "chat_users",
    serial: false,
    columns: { chat_id: "integer", user_id: "integer", company_id: "integer", unreads: "integer" },
  },
  async decide(rows, ctx) {
    const [companyIds, chatIds, userIds] = [
      await ctx.ids("Companies"),
      await ctx.ids("Chats"),
      await ctx.ids("Users"),
    ];
    return rows.map((row): Decision => {
      const sourceId = String(row.id);
      const [chatId, userId, companyId] = [
        ref(chatIds, row.chatId),
        ref(userIds, row.userId),
        ref(companyIds, row.companyId),
      ];
      if (!chatId || !userId || !companyId) {
        return { sourceId, skip: "its chat or user is missing" };
      }
      return {
        sourceId,
        insert: {
          chat_id: chatId,
          user_id: userId,
          company_id: companyId,
          unreads: Math.max(0, Math.round(Number(row.unreads) || 0)),
        },
      };
    });
  },
};

export const chatMessages: TableStep = {
  table: "ChatMessages",
  select:
    `select m.*, c."companyId" from "ChatMessages" m left join "Chats" c on c.id = m."chatId"`,
  keyType: "int",
  target: {
    name: "chat_messages",
    serial: true,
    columns: {
      chat_id: "integer",
      company_id: "integer",
      sender_id: "integer",
      message: "text",
      created_at: "timestamptz",
    },
  },
  async decide(rows, ctx) {
    const [companyIds, chatIds, userIds] = [
      await ctx.ids("Companies"),
      await ctx.ids("Chats"),
      await ctx.ids("Users"),
    ];
    return rows.map((row): Decision => {
      const sourceId = String(row.id);
      const chatId = ref(chatIds, row.chatId);
      const companyId = ref(companyIds, row.companyId);
      if (!chatId || !companyId) return { sourceId, skip: "its chat is missing (orphan row)" };
      const attachment = text(row.mediaName);
      // Our internal chat carries text only: an attachment is kept as its file's name.
      const message = text(row.message).trim() || (attachment ? `📎 ${attachment}` : "");
      if (!message) return { sourceId, skip: "empty message" };
      return {
        sourceId,
        insert: {
          chat_id: chatId,
          company_id: companyId,
          sender_id: ref(userIds, row.senderId),
          message,
          created_at: instant(row.createdAt) ?? ctx.now.toISOString(),
        },
        repaired: attachment ? "attachment not carried over (its name is kept)" : undefined,
      };
    });
  },
};

export const announcements: TableStep = {
  table: "Announcements",
  select: `select * from "Announcements"`,
  keyType: "int",
  target: {
    name: "announcements",
    serial: true,
    columns: {
      company_id: "integer",
      title: "text",
      text: "text",
      priority: "smallint",
      status: "boolean",
      media_path: "text",
      media_name: "text",
      ...STAMP_COLUMNS,
    },
  },
  async decide(rows, ctx) {
    const companyIds = await ctx.ids("Companies");
    const out: Decision[] = [];
    for (const row of rows) {
      const sourceId = String(row.id);
      const companyId = ref(companyIds, row.companyId);
      if (!companyId) {
        out.push({ sourceId, skip: MISSING_COMPANY });
        continue;
      }
      // Whaticket kept these in public/announcements/.
      const media = mediaColumns(
        await copyMedia(ctx, companyId, "announcements", row.mediaPath, "announcements"),
        row.mediaName,
      );
      out.push({
        sourceId,
        insert: {
          company_id: companyId,
          title: text(row.title),
          text: text(row.text),
          priority: Math.round(clamp(row.priority, 1, 3, 3)),
          status: bool(row.status, true),
          media_path: media.media_path,
          media_name: media.media_name,
          ...stamps(row, ctx.now),
        },
        repaired: media.note,
      });
    }
    return out;
  },
};

const RECURRENCES = new Set(["MENSAL", "BIMESTRAL", "TRIMESTRAL", "SEMESTRAL", "ANUAL"]);

export const invoices: TableStep = {
  table: "Invoices",
  select:
    `select i.*, c.recurrence from "Invoices" i left join "Companies" c on c.id = i."companyId"`,
  keyType: "int",
  target: {
    name: "invoices",
    serial: true,
    columns: {
      company_id: "integer",
      due_date: "date",
      detail: "text",
      value: "numeric",
      recurrence: "text",
      status: "text",
      paid_at: "timestamptz",
      ...STAMP_COLUMNS,
    },
  },
  async decide(rows, ctx) {
    const companyIds = await ctx.ids("Companies");
    return rows.map((row): Decision => {
      const sourceId = String(row.id);
      const companyId = ref(companyIds, row.companyId);
      if (!companyId) return { sourceId, skip: MISSING_COMPANY };
      const dueDate = day(row.dueDate);
      if (!dueDate) return { sourceId, skip: "no valid due date" };
      const paid = row.status === "paid";
      const recurrence = text(row.recurrence).toUpperCase();
      return {
        sourceId,
        insert: {
          company_id: companyId,
          due_date: dueDate,
          detail: text(row.detail),
          value: Math.max(0, Number(row.value) || 0),
          recurrence: RECURRENCES.has(recurrence) ? recurrence : "MENSAL",
          status: paid ? "paid" : "open",
          paid_at: paid ? instant(row.updatedAt) ?? ctx.now.toISOString() : null,
          ...stamps(row, ctx.now),
        },
      };
    });
  },
};
