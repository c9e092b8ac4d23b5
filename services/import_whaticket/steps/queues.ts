/** Queues with their hours, who works them, their options tree, and tags. */
import { sql } from "../../../lib/db/mod.ts";
import { QUEUE_MEDIA_AREA } from "../../queues/types.ts";
import type { ImportContext } from "../context.ts";
import { type Decision, newIds, type TableStep } from "../engine.ts";
import { copyMedia, mediaColumns } from "../media.ts";
import {
  count as nonNegative,
  json,
  MISSING_COMPANY,
  ref,
  STAMP_COLUMNS,
  stamps,
  text,
} from "../values.ts";

export const queues: TableStep = {
  table: "Queues",
  select: `select * from "Queues"`,
  keyType: "int",
  target: {
    name: "queues",
    serial: true,
    columns: {
      company_id: "integer",
      name: "text",
      color: "text",
      greeting_message: "text",
      out_of_hours_message: "text",
      order_queue: "integer",
      schedules: "jsonb",
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
      const media = mediaColumns(
        await copyMedia(ctx, companyId, QUEUE_MEDIA_AREA, row.mediaPath),
        row.mediaName,
      );
      const schedules = json<unknown>(row.schedules, null);
      out.push({
        sourceId,
        insert: {
          company_id: companyId,
          name: text(row.name).trim(),
          color: text(row.color, "#7c7c7c"),
          greeting_message: text(row.greetingMessage),
          out_of_hours_message: text(row.outOfHoursMessage),
          order_queue: row.orderQueue === null || row.orderQueue === undefined
            ? null
            : nonNegative(row.orderQueue),
          // An empty week in the source means "no hours set": our default week applies (below).
          schedules: Array.isArray(schedules) ? schedules : [],
          media_path: media.media_path,
          media_name: media.media_name,
          ...stamps(row, ctx.now),
        },
        repaired: media.note,
      });
    }
    return out;
  },
  async afterInsert(tx, inserted) {
    const ids = inserted.map((row) => row.id);
    await tx.run(sql`update queues set schedules = default
      where id = any(${ids}::int[]) and schedules = '[]'::jsonb`);
  },
};

export const userQueues: TableStep = {
  table: "UserQueues",
  select: `select "userId" || ':' || "queueId" as id, * from "UserQueues"`,
  keyType: "text",
  target: {
    name: "user_queues",
    serial: false,
    columns: { user_id: "integer", queue_id: "integer" },
  },
  async decide(rows, ctx) {
    const [userIds, queueIds] = [await ctx.ids("Users"), await ctx.ids("Queues")];
    return rows.map((row): Decision => {
      const sourceId = String(row.id);
      const userId = ref(userIds, row.userId);
      const queueId = ref(queueIds, row.queueId);
      if (!userId || !queueId) return { sourceId, skip: "its user or queue is missing" };
      return { sourceId, insert: { user_id: userId, queue_id: queueId } };
    });
  },
};

/**
 * The options tree, read parents first (depth, then id) so a child always finds its parent's
 * new id; options whose parent or queue is gone come last and are reported.
 */
export const queueOptions: TableStep = {
  table: "QueueOptions",
  select: `with recursive tree as (
      select o.id, 0 as depth from "QueueOptions" o where o."parentId" is null
      union all
      select c.id, tree.depth + 1 from "QueueOptions" c join tree on c."parentId" = tree.id
        where tree.depth < 50)
    select lpad(coalesce(tree.depth, 999)::text, 3, '0') || ':' || lpad(o.id::text, 10, '0') as id,
           o.id as "optionId", o."queueId", o."parentId", o.option, o.title, o.message,
           o."mediaPath", o."mediaName", o."createdAt", o."updatedAt", q."companyId"
    from "QueueOptions" o left join tree on tree.id = o.id
    left join "Queues" q on q.id = o."queueId"`,
  keyType: "text",
  sourceIdOf: (row) => String(row.optionId),
  target: {
    name: "queue_options",
    serial: true,
    columns: {
      company_id: "integer",
      queue_id: "integer",
      parent_id: "integer",
      title: "text",
      message: "text",
      option: "text",
      media_path: "text",
      media_name: "text",
      ...STAMP_COLUMNS,
    },
  },
  async decide(rows, ctx: ImportContext) {
    const [companyIds, queueIds, optionIds] = [
      await ctx.ids("Companies"),
      await ctx.ids("Queues"),
      await ctx.ids("QueueOptions"),
    ];
    // Parents come first, often in the same batch as their children: every option takes its
    // id now, so that a child in this batch finds its parent's.
    const ids = await newIds(ctx.target, "queue_options", rows.length);
    const out: Decision[] = [];
    for (const [i, row] of rows.entries()) {
      const sourceId = String(row.optionId);
      const companyId = ref(companyIds, row.companyId);
      const queueId = ref(queueIds, row.queueId);
      if (!companyId || !queueId) {
        out.push({ sourceId, skip: "its queue is missing (orphan row)" });
        continue;
      }
      const parentId = ref(optionIds, row.parentId);
      if (row.parentId !== null && !parentId) {
        out.push({ sourceId, skip: "its parent option is missing (orphan row)" });
        continue;
      }
      const media = mediaColumns(
        await copyMedia(ctx, companyId, QUEUE_MEDIA_AREA, row.mediaPath),
        row.mediaName,
      );
      optionIds.set(sourceId, ids[i]!);
      out.push({
        sourceId,
        insert: {
          id: ids[i],
          company_id: companyId,
          queue_id: queueId,
          parent_id: parentId,
          title: text(row.title),
          message: text(row.message),
          option: text(row.option),
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

const COLOR = /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

export const tags: TableStep = {
  table: "Tags",
  select: `select * from "Tags"`,
  keyType: "int",
  target: {
    name: "tags",
    serial: true,
    columns: {
      company_id: "integer",
      name: "text",
      color: "text",
      kanban: "smallint",
      ...STAMP_COLUMNS,
    },
  },
  async decide(rows, ctx) {
    const companyIds = await ctx.ids("Companies");
    return rows.map((row): Decision => {
      const sourceId = String(row.id);
      const companyId = ref(companyIds, row.companyId);
      if (!companyId) return { sourceId, skip: MISSING_COMPANY };
      const color = text(row.color).trim();
      return {
        sourceId,
        insert: {
          company_id: companyId,
          name: text(row.name).trim(),
          color: COLOR.test(color) ? color : "#7c7c7c",
          kanban: Number(row.kanban) === 1 ? 1 : 0,
          ...stamps(row, ctx.now),
        },
        repaired: COLOR.test(color) ? undefined : "colour was not #RGB or #RRGGBB: set to grey",
      };
    });
  },
};
