/**
 * Plans (admin §3): the limits and feature flags a company subscribes to. Only the super
 * user manages them (the routes guard that); names are unique whatever their case, and a
 * plan that companies use cannot be deleted.
 */
import { type Queryable, sql } from "../../lib/db/mod.ts";
import { foreignKeyViolation, uniqueViolation } from "../../lib/db/errors.ts";
import { AppError } from "../../lib/http/errors.ts";
import { containsPattern, pageClause, pageOf } from "../../lib/db/paging.ts";
import type { PlanFeatures } from "../accounts/permissions.ts";

export interface Plan extends PlanFeatures {
  id: number;
  name: string;
  users: number;
  connections: number;
  queues: number;
  /** Monthly price in BRL. */
  value: number;
  createdAt: string;
  updatedAt: string;
}

export type PlanInput = Omit<Plan, "id" | "createdAt" | "updatedAt">;

/** What anyone may know of a plan: what the sign-up and checkout screens show. */
export type PublicPlan = Omit<Plan, "createdAt" | "updatedAt">;

const PUBLIC_PLAN_COLUMNS = sql`
  id, name, users, connections, queues, value::float8 as value,
  use_campaigns as "useCampaigns", use_schedules as "useSchedules",
  use_internal_chat as "useInternalChat", use_external_api as "useExternalApi",
  use_kanban as "useKanban", use_open_ai as "useOpenAi", use_integrations as "useIntegrations"`;

const PLAN_COLUMNS = sql`${PUBLIC_PLAN_COLUMNS},
  created_at as "createdAt", updated_at as "updatedAt"`;

/** Column of each input field, for inserts and partial updates alike. */
const COLUMN_OF: Record<keyof PlanInput, string> = {
  name: "name",
  users: "users",
  connections: "connections",
  queues: "queues",
  value: "value",
  useCampaigns: "use_campaigns",
  useSchedules: "use_schedules",
  useInternalChat: "use_internal_chat",
  useExternalApi: "use_external_api",
  useKanban: "use_kanban",
  useOpenAi: "use_open_ai",
  useIntegrations: "use_integrations",
};

function definedEntries(input: Partial<PlanInput>): [keyof PlanInput, unknown][] {
  return (Object.keys(COLUMN_OF) as (keyof PlanInput)[])
    .filter((field) => input[field] !== undefined)
    .map((field) => [field, input[field]]);
}

export async function listAllPlans(db: Queryable): Promise<Plan[]> {
  return await db.query<Plan>(sql`select ${PLAN_COLUMNS} from plans order by name, id`);
}

export async function listPlansPage(
  db: Queryable,
  query: { searchParam: string; pageNumber: number },
): Promise<{ plans: Plan[]; hasMore: boolean }> {
  const filter = query.searchParam
    ? sql`where name ilike ${containsPattern(query.searchParam)}`
    : sql.empty;
  const rows = await db.query<Plan>(sql`
    select ${PLAN_COLUMNS} from plans ${filter}
    order by name, id ${pageClause(query.pageNumber)}`);
  const page = pageOf(rows);
  return { plans: page.rows, hasMore: page.hasMore };
}

export async function findPlan(db: Queryable, id: number): Promise<Plan> {
  const plan = await db.maybeOne<Plan>(sql`select ${PLAN_COLUMNS} from plans where id = ${id}`);
  if (!plan) throw new AppError("ERR_NO_PLAN_FOUND", 404);
  return plan;
}

/**
 * One plan as the caller may read it: the super user any plan, whole; anyone else only
 * their company's own plan (the checkout screen), its public fields. Any other id is 404.
 */
export async function findPlanFor(
  db: Queryable,
  who: { companyId: number; super: boolean },
  id: number,
): Promise<Plan | PublicPlan> {
  if (who.super) return await findPlan(db, id);
  const plan = await db.maybeOne<PublicPlan>(sql`
    select ${PUBLIC_PLAN_COLUMNS} from plans
    where id = ${id} and id = (select plan_id from companies where id = ${who.companyId})`);
  if (!plan) throw new AppError("ERR_NO_PLAN_FOUND", 404);
  return plan;
}

async function assertNameFree(db: Queryable, name: string, exceptId?: number): Promise<void> {
  const taken = await db.maybeOne(sql`
    select 1 from plans where lower(name) = lower(${name})
    ${exceptId === undefined ? sql.empty : sql`and id <> ${exceptId}`}`);
  if (taken) throw new AppError("ERR_PLAN_NAME_ALREADY_EXISTS", 409);
}

/** Runs a write, turning the name's unique index refusing it (a race) into the clear 409. */
async function writing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (uniqueViolation(err) !== null) throw new AppError("ERR_PLAN_NAME_ALREADY_EXISTS", 409);
    throw err;
  }
}

export async function createPlan(db: Queryable, input: PlanInput): Promise<Plan> {
  await assertNameFree(db, input.name);
  const entries = definedEntries(input);
  const columns = sql.join(entries.map(([field]) => sql.ident(COLUMN_OF[field])));
  const values = sql.join(entries.map(([, value]) => sql`${value}`));
  return await writing(() =>
    db.one<Plan>(sql`insert into plans (${columns}) values (${values}) returning ${PLAN_COLUMNS}`)
  );
}

export async function updatePlan(
  db: Queryable,
  id: number,
  input: Partial<PlanInput>,
): Promise<Plan> {
  await findPlan(db, id);
  if (input.name !== undefined) await assertNameFree(db, input.name, id);
  const changes = definedEntries(input).map(([field, value]) =>
    sql`${sql.ident(COLUMN_OF[field])} = ${value}`
  );
  return await writing(() =>
    db.one<Plan>(sql`
      update plans set ${sql.join([...changes, sql`updated_at = now()`])}
      where id = ${id} returning ${PLAN_COLUMNS}`)
  );
}

/** Deletes a plan no company uses; one in use answers 409 ERR_PLAN_IN_USE. */
export async function deletePlan(db: Queryable, id: number): Promise<void> {
  await findPlan(db, id);
  const inUse = await db.maybeOne(sql`select 1 from companies where plan_id = ${id} limit 1`);
  if (inUse) throw new AppError("ERR_PLAN_IN_USE", 409);
  try {
    await db.run(sql`delete from plans where id = ${id}`);
  } catch (err) {
    // A company took the plan between the check and the delete.
    if (foreignKeyViolation(err) !== null) throw new AppError("ERR_PLAN_IN_USE", 409);
    throw err;
  }
}
