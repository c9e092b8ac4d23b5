/**
 * WhatsApp connections, imported disconnected (a session resumes only with --keep-sessions),
 * with their texts, timers and API token; their queues; the users' default connection.
 */
import { randomBytes } from "node:crypto";
import { sql } from "../../../lib/db/mod.ts";
import type { ImportContext } from "../context.ts";
import type { Decision, TableStep } from "../engine.ts";
import { bool, count, MISSING_COMPANY, ref, sid, STAMP_COLUMNS, stamps, text } from "../values.ts";

export const whatsapps: TableStep = {
  table: "Whatsapps",
  select: `select * from "Whatsapps"`,
  keyType: "int",
  target: {
    name: "whatsapps",
    serial: true,
    columns: {
      company_id: "integer",
      name: "text",
      is_default: "boolean",
      token: "text",
      greeting_message: "text",
      complation_message: "text",
      out_of_hours_message: "text",
      rating_message: "text",
      expires_inactive_message: "text",
      expires_ticket: "integer",
      time_use_bot_queues: "integer",
      max_use_bot_queues: "integer",
      time_to_transfer: "integer",
      transfer_queue_id: "integer",
      ...STAMP_COLUMNS,
    },
  },
  async decide(rows, ctx) {
    const [companyIds, queueIds] = [await ctx.ids("Companies"), await ctx.ids("Queues")];
    const existing = await ctx.target.query<
      { id: number; company_id: number; name: string; is_default: boolean; token: string }
    >(sql`select id, company_id, lower(name) as name, is_default, token from whatsapps`);
    const names = new Map(existing.map((w) => [`${w.company_id}:${w.name}`, w.id]));
    const defaults = new Set(existing.filter((w) => w.is_default).map((w) => w.company_id));
    const tokens = new Set(existing.map((w) => w.token));
    return rows.map((row): Decision => {
      const sourceId = String(row.id);
      const companyId = ref(companyIds, row.companyId);
      if (!companyId) return { sourceId, skip: MISSING_COMPANY };
      const name = text(row.name).trim();
      const here = names.get(`${companyId}:${name.toLowerCase()}`);
      if (here) {
        return { sourceId, matched: here, reason: "a connection of that name is already here" };
      }
      names.set(`${companyId}:${name.toLowerCase()}`, -1);
      const isDefault = bool(row.isDefault) && !defaults.has(companyId);
      if (isDefault) defaults.add(companyId);
      // Our API tokens are at least 16 characters and unique; a shorter or repeated one (the
      // original defaults to "") is replaced, and the report says so.
      let token = text(row.token);
      let repaired: string | undefined;
      if (token.length < 16 || tokens.has(token)) {
        if (token) repaired = "API token too short or repeated: a new one was generated";
        token = randomBytes(24).toString("base64url");
      }
      tokens.add(token);
      return {
        sourceId,
        insert: {
          company_id: companyId,
          name,
          is_default: isDefault,
          token,
          greeting_message: text(row.greetingMessage),
          complation_message: text(row.complationMessage),
          out_of_hours_message: text(row.outOfHoursMessage),
          rating_message: text(row.ratingMessage),
          expires_inactive_message: text(row.expiresInactiveMessage),
          expires_ticket: count(row.expiresTicket),
          time_use_bot_queues: count(row.timeUseBotQueues),
          max_use_bot_queues: count(row.maxUseBotQueues, 3),
          time_to_transfer: count(row.timeToTransfer),
          transfer_queue_id: ref(queueIds, row.transferQueueId),
          ...stamps(row, ctx.now),
        },
        repaired,
      };
    });
  },
};

export const whatsappQueues: TableStep = {
  table: "WhatsappQueues",
  select: `select wq."whatsappId" || ':' || wq."queueId" as id, wq.*, q."companyId"
    from "WhatsappQueues" wq left join "Queues" q on q.id = wq."queueId"`,
  keyType: "text",
  target: {
    name: "whatsapp_queues",
    serial: false,
    columns: { company_id: "integer", whatsapp_id: "integer", queue_id: "integer" },
  },
  async decide(rows, ctx) {
    const [companyIds, whatsappIds, queueIds] = [
      await ctx.ids("Companies"),
      await ctx.ids("Whatsapps"),
      await ctx.ids("Queues"),
    ];
    return rows.map((row): Decision => {
      const sourceId = String(row.id);
      const companyId = ref(companyIds, row.companyId);
      const whatsappId = ref(whatsappIds, row.whatsappId);
      const queueId = ref(queueIds, row.queueId);
      if (!companyId || !whatsappId || !queueId) {
        return { sourceId, skip: "its connection or queue is missing" };
      }
      return {
        sourceId,
        insert: { company_id: companyId, whatsapp_id: whatsappId, queue_id: queueId },
      };
    });
  },
};

/** The connection each imported user's new tickets go out through, set where none is yet. */
export async function usersDefaultConnection(ctx: ImportContext): Promise<void> {
  if (!(await ctx.source.columns("Users")).has("whatsappId")) return;
  const rows = await ctx.source.query(
    `select id, "whatsappId" from "Users" where "whatsappId" is not null`,
  );
  const [userIds, whatsappIds] = [await ctx.ids("Users"), await ctx.ids("Whatsapps")];
  const pairs = rows.flatMap((row) => {
    const userId = ref(userIds, row.id);
    const whatsappId = ref(whatsappIds, sid(row.whatsappId));
    return userId && whatsappId ? [{ u: userId, w: whatsappId }] : [];
  });
  if (pairs.length === 0) return;
  await ctx.batch((tx) =>
    tx.run(sql`
      update users set whatsapp_id = p.w
      from jsonb_to_recordset(${JSON.stringify(pairs)}::text::jsonb) as p(u int, w int)
      where users.id = p.u and users.whatsapp_id is null
        and exists (select 1 from whatsapps w where w.id = p.w and w.company_id = users.company_id)`)
  );
}
