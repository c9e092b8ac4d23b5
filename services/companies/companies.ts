/**
 * Reading companies (admin §3) for the super user's administration, and the few reads a
 * company makes of itself (its plan flags, its opening hours). Every list is one query,
 * with the plan and the campaigns flag joined in.
 */
import { type Queryable, sql } from "../../lib/db/mod.ts";
import { AppError } from "../../lib/http/errors.ts";
import { containsPattern, pageClause, pageOf } from "../../lib/db/paging.ts";
import { listSettings, listSettingsOf, type SettingRow } from "../accounts/settings.ts";
import type { Plan } from "../plans/plans.ts";
import type { Recurrence } from "./due_date.ts";
import type { OpeningHoursDay } from "./weekdays.ts";

export interface Company {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  status: boolean;
  /** `YYYY-MM-DD`, or null for a company without one. */
  dueDate: string | null;
  recurrence: Recurrence;
  planId: number;
  plan: { id: number; name: string; value: number };
  /** Stored as the company setting `campaignsEnabled` (admin §3). */
  campaignsEnabled: boolean;
  billingName: string | null;
  addressZipCode: string | null;
  addressStreet: string | null;
  addressState: string | null;
  addressCity: string | null;
  addressDistrict: string | null;
  schedules: OpeningHoursDay[];
  createdAt: string;
  updatedAt: string;
}

export interface CompanyWithSettings extends Company {
  settings: SettingRow[];
}

const COMPANY_COLUMNS = sql`
  c.id, c.name, c.email, c.phone, c.status, to_char(c.due_date, 'YYYY-MM-DD') as "dueDate",
  c.recurrence, c.plan_id as "planId",
  json_build_object('id', p.id, 'name', p.name, 'value', p.value::float8) as plan,
  coalesce((select s.value = 'true' from settings s
            where s.company_id = c.id and s.key = 'campaignsEnabled'), false)
    as "campaignsEnabled",
  c.billing_name as "billingName", c.address_zip_code as "addressZipCode",
  c.address_street as "addressStreet", c.address_state as "addressState",
  c.address_city as "addressCity", c.address_district as "addressDistrict",
  c.schedules, c.created_at as "createdAt", c.updated_at as "updatedAt"`;

const FROM_COMPANIES = sql`from companies c join plans p on p.id = c.plan_id`;

/** Each company with its settings, as the original administration screens read them. */
async function withSettings(db: Queryable, companies: Company[]): Promise<CompanyWithSettings[]> {
  const settings = await listSettingsOf(db, companies.map((company) => company.id));
  return companies.map((company) => ({ ...company, settings: settings.get(company.id) ?? [] }));
}

export async function listAllCompanies(db: Queryable): Promise<CompanyWithSettings[]> {
  return await withSettings(
    db,
    await db.query<Company>(sql`select ${COMPANY_COLUMNS} ${FROM_COMPANIES} order by c.name, c.id`),
  );
}

/** A page of companies whose name, e-mail or phone contains the search. */
export async function listCompaniesPage(
  db: Queryable,
  query: { searchParam: string; pageNumber: number },
): Promise<{ companies: CompanyWithSettings[]; hasMore: boolean }> {
  const pattern = containsPattern(query.searchParam);
  const filter = query.searchParam
    ? sql`where c.name ilike ${pattern} or c.email ilike ${pattern} or c.phone ilike ${pattern}`
    : sql.empty;
  const rows = await db.query<Company>(sql`
    select ${COMPANY_COLUMNS} ${FROM_COMPANIES} ${filter}
    order by c.name, c.id ${pageClause(query.pageNumber)}`);
  const page = pageOf(rows);
  return { companies: await withSettings(db, page.rows), hasMore: page.hasMore };
}

export async function findCompany(db: Queryable, id: number): Promise<CompanyWithSettings> {
  const company = await db.maybeOne<Company>(
    sql`select ${COMPANY_COLUMNS} ${FROM_COMPANIES} where c.id = ${id}`,
  );
  if (!company) throw new AppError("ERR_NO_COMPANY_FOUND", 404);
  return { ...company, settings: await listSettings(db, id) };
}

/** A company's saved opening hours (empty when it never saved any). */
export async function findCompanySchedules(
  db: Queryable,
  id: number,
): Promise<OpeningHoursDay[]> {
  const row = await db.maybeOne<{ schedules: OpeningHoursDay[] }>(
    sql`select schedules from companies where id = ${id}`,
  );
  if (!row) throw new AppError("ERR_NO_COMPANY_FOUND", 404);
  return row.schedules;
}

export type CompanyPlan = Pick<Company, "id" | "name" | "planId" | "dueDate"> & { plan: Plan };

/** A company with its whole plan, limits and feature flags (`GET /companies/listPlan/{id}`). */
export async function findCompanyPlan(db: Queryable, id: number): Promise<CompanyPlan> {
  const row = await db.maybeOne<CompanyPlan>(sql`
    select c.id, c.name, c.plan_id as "planId", to_char(c.due_date, 'YYYY-MM-DD') as "dueDate",
      json_build_object(
        'id', p.id, 'name', p.name, 'users', p.users, 'connections', p.connections,
        'queues', p.queues, 'value', p.value::float8,
        'useCampaigns', p.use_campaigns, 'useSchedules', p.use_schedules,
        'useInternalChat', p.use_internal_chat, 'useExternalApi', p.use_external_api,
        'useKanban', p.use_kanban, 'useOpenAi', p.use_open_ai,
        'useIntegrations', p.use_integrations,
        'createdAt', p.created_at, 'updatedAt', p.updated_at) as plan
    ${FROM_COMPANIES} where c.id = ${id}`);
  if (!row) throw new AppError("ERR_NO_COMPANY_FOUND", 404);
  return row;
}

/**
 * True for the installation's own company: the one its super user belongs to (company 1 on
 * a fresh install). It can be neither deleted nor deactivated, or nobody could run Balcão.
 */
export async function isPlatformCompany(db: Queryable, id: number): Promise<boolean> {
  const row = await db.maybeOne(
    sql`select 1 from users where company_id = ${id} and super limit 1`,
  );
  return row !== undefined;
}
