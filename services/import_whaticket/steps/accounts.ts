/** Plans, companies, users and settings: the accounts every other table hangs on. */
import { type Queryable, sql } from "../../../lib/db/mod.ts";
import { createDefaultSettings } from "../../accounts/settings.ts";
import type { ImportContext } from "../context.ts";
import type { Decision, TableStep } from "../engine.ts";
import type { SourceRow } from "../source.ts";
import {
  bool,
  count,
  day,
  json,
  MISSING_COMPANY,
  ref,
  sid,
  STAMP_COLUMNS,
  stamps,
  text,
} from "../values.ts";

/** Existing rows of `table` by lower(name): a name already here is the same plan or company. */
async function byName(ctx: ImportContext, table: "plans" | "companies") {
  const rows = await ctx.target.query<{ id: number; name: string }>(
    sql`select id, lower(name) as name from ${sql.ident(table)}`,
  );
  return new Map(rows.map((row) => [row.name, row.id]));
}

export const plans: TableStep = {
  table: "Plans",
  select: `select * from "Plans"`,
  keyType: "int",
  target: {
    name: "plans",
    serial: true,
    columns: {
      name: "text",
      users: "integer",
      connections: "integer",
      queues: "integer",
      value: "numeric",
      use_campaigns: "boolean",
      use_schedules: "boolean",
      use_internal_chat: "boolean",
      use_external_api: "boolean",
      use_kanban: "boolean",
      use_open_ai: "boolean",
      use_integrations: "boolean",
      ...STAMP_COLUMNS,
    },
  },
  async decide(rows, ctx) {
    const existing = await byName(ctx, "plans");
    return rows.map((row): Decision => {
      const sourceId = String(row.id);
      const name = text(row.name).trim();
      const here = existing.get(name.toLowerCase());
      if (here) return { sourceId, matched: here, reason: "a plan of that name is already here" };
      existing.set(name.toLowerCase(), -1);
      return {
        sourceId,
        insert: {
          name,
          users: count(row.users),
          connections: count(row.connections),
          queues: count(row.queues),
          value: Math.max(0, Number(row.value) || 0),
          // A flag the source's version did not have yet was on for everyone there.
          use_campaigns: bool(row.useCampaigns, true),
          use_schedules: bool(row.useSchedules, true),
          use_internal_chat: bool(row.useInternalChat, true),
          use_external_api: bool(row.useExternalApi, true),
          use_kanban: bool(row.useKanban, true),
          use_open_ai: bool(row.useOpenAi, true),
          use_integrations: bool(row.useIntegrations, true),
          ...stamps(row, ctx.now),
        },
      };
    });
  },
};

const RECURRENCES = new Set(["MENSAL", "BIMESTRAL", "TRIMESTRAL", "SEMESTRAL", "ANUAL"]);

export const companies: TableStep = {
  table: "Companies",
  select: `select * from "Companies"`,
  keyType: "int",
  target: {
    name: "companies",
    serial: true,
    columns: {
      name: "text",
      email: "text",
      phone: "text",
      plan_id: "integer",
      status: "boolean",
      due_date: "date",
      recurrence: "text",
      schedules: "jsonb",
      ...STAMP_COLUMNS,
    },
  },
  async decide(rows, ctx) {
    const existing = await byName(ctx, "companies");
    const planIds = await ctx.ids("Plans");
    return rows.map((row): Decision => {
      const sourceId = String(row.id);
      const name = text(row.name).trim();
      const here = existing.get(name.toLowerCase());
      if (here) {
        return { sourceId, matched: here, reason: "a company of that name is already here" };
      }
      const planId = ref(planIds, row.planId);
      if (!planId) return { sourceId, skip: "its plan is missing in the source" };
      existing.set(name.toLowerCase(), -1);
      const recurrence = text(row.recurrence).trim().toUpperCase();
      const schedules = json<unknown>(row.schedules, []);
      return {
        sourceId,
        insert: {
          name,
          email: row.email ?? null,
          phone: row.phone ?? null,
          plan_id: planId,
          status: bool(row.status, true),
          due_date: day(row.dueDate),
          recurrence: RECURRENCES.has(recurrence) ? recurrence : "MENSAL",
          schedules: Array.isArray(schedules) ? schedules : [],
          ...stamps(row, ctx.now),
        },
        repaired: RECURRENCES.has(recurrence) ? undefined : "unknown recurrence: set to MENSAL",
      };
    });
  },
  // Every company here has every settings key; the imported settings then overwrite these.
  async afterInsert(tx: Queryable, inserted) {
    for (const { id } of inserted) await createDefaultSettings(tx, id!);
  },
};

export const users: TableStep = {
  table: "Users",
  select: `select * from "Users"`,
  keyType: "int",
  target: {
    name: "users",
    serial: true,
    columns: {
      company_id: "integer",
      name: "text",
      email: "text",
      password_hash: "text",
      profile: "text",
      super: "boolean",
      all_ticket: "text",
      token_version: "integer",
      ...STAMP_COLUMNS,
    },
  },
  async decide(rows, ctx) {
    const companyIds = await ctx.ids("Companies");
    const emails = rows.map((row) => text(row.email).trim().toLowerCase());
    const taken = new Map(
      (await ctx.target.query<{ id: number; email: string }>(sql`
        select id, lower(email) as email from users where lower(email) = any(${emails}::text[])`))
        .map((row) => [row.email, row.id]),
    );
    return rows.map((row, i): Decision => {
      const sourceId = String(row.id);
      const email = emails[i]!;
      const here = taken.get(email);
      if (here) {
        return {
          sourceId,
          matched: here,
          reason: "e-mail already in use here: mapped to that user",
        };
      }
      const companyId = ref(companyIds, row.companyId);
      if (!companyId) return { sourceId, skip: MISSING_COMPANY };
      if (!email) return { sourceId, skip: "no e-mail" };
      taken.set(email, -1);
      // Whaticket's bcrypt hash signs in as it is and becomes ours at the first sign-in.
      const hash = text(row.passwordHash);
      return {
        sourceId,
        insert: {
          company_id: companyId,
          name: text(row.name, email),
          email,
          password_hash: hash || "!",
          profile: row.profile === "admin" ? "admin" : "user",
          super: bool(row.super),
          all_ticket: row.allTicket === "enabled" ? "enabled" : "disabled",
          token_version: count(row.tokenVersion),
          ...stamps(row, ctx.now),
        },
        repaired: hash ? undefined : "no password: the user must reset it",
      };
    });
  },
};

/**
 * A company's key/value rows (Settings, CampaignSettings): the value of a key this company
 * already has here (its defaults) is replaced. `refuse` names why a row is left out.
 */
export function keyValueStep(
  table: string,
  select: string,
  target: string,
  refuse: (row: SourceRow) => string | undefined = () => undefined,
): TableStep {
  return {
    table,
    select,
    keyType: "int",
    target: {
      name: target,
      serial: false,
      columns: { company_id: "integer", key: "text", value: "text" },
      onConflict:
        "on conflict (company_id, key) do update set value = excluded.value, updated_at = now()",
    },
    async decide(rows, ctx) {
      const companyIds = await ctx.ids("Companies");
      return rows.map((row): Decision => {
        const sourceId = String(row.id);
        const refused = refuse(row);
        if (refused) return { sourceId, skip: refused };
        const companyId = ref(companyIds, row.companyId);
        if (!companyId) return { sourceId, skip: MISSING_COMPANY };
        return {
          sourceId,
          insert: { company_id: companyId, key: text(row.key), value: text(row.value) },
        };
      });
    },
  };
}

/**
 * Settings have no unique key in Whaticket: the latest row of each (company, key) is kept and
 * the older duplicates are reported. Global rows (no company) have nothing to go to here.
 */
export const settings: TableStep = keyValueStep(
  "Settings",
  `select s.*, row_number() over (
      partition by s."companyId", s.key order by s."updatedAt" desc nulls last, s.id desc) = 1
      as latest
    from "Settings" s`,
  "settings",
  (row) =>
    sid(row.companyId) === null
      ? "installation-wide setting (no company): not carried over"
      : !row.latest
      ? "duplicate key of the company: its latest row was kept"
      : undefined,
);
