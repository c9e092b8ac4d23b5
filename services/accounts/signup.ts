/**
 * Self sign-up (core §2, §7; admin §7): the plans a visitor may pick, and the creation of a
 * company with its settings and first admin in one transaction.
 *
 * The server decides everything about the trial. Older clients send `dueDate`, `status`,
 * `recurrence` and `campaignsEnabled`, and the product this replaces trusted them, so anyone
 * could sign up with a due date years away; here the company is always active, monthly,
 * due three days from today, with campaigns off.
 */
import { type Db, sql } from "../../lib/db/mod.ts";
import { AppError } from "../../lib/http/errors.ts";
import { parseId } from "../../lib/http/params.ts";
import { hashPassword } from "../../lib/auth/password.ts";
import { createDefaultSettings } from "./settings.ts";

/** Core §9 and admin §9: the sign-up trial lasts three days. */
export const TRIAL_DAYS = 3;

export interface PublicPlan {
  id: number;
  name: string;
  users: number;
  connections: number;
  queues: number;
  /** Price per month in BRL. */
  value: number;
  useCampaigns: boolean;
  useSchedules: boolean;
  useInternalChat: boolean;
  useExternalApi: boolean;
  useKanban: boolean;
  useOpenAi: boolean;
  useIntegrations: boolean;
}

interface PlanRow {
  id: number;
  name: string;
  users: number;
  connections: number;
  queues: number;
  value: string | number;
  use_campaigns: boolean;
  use_schedules: boolean;
  use_internal_chat: boolean;
  use_external_api: boolean;
  use_kanban: boolean;
  use_open_ai: boolean;
  use_integrations: boolean;
}

/** Every plan, cheapest first: what the sign-up picker offers. */
export async function listPublicPlans(db: Db): Promise<PublicPlan[]> {
  const rows = await db.query<PlanRow>(sql`
    select id, name, users, connections, queues, value, use_campaigns, use_schedules,
           use_internal_chat, use_external_api, use_kanban, use_open_ai, use_integrations
    from plans order by value, name, id`);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    users: row.users,
    connections: row.connections,
    queues: row.queues,
    // numeric(12,2) arrives as text from both drivers.
    value: Number(row.value),
    useCampaigns: row.use_campaigns,
    useSchedules: row.use_schedules,
    useInternalChat: row.use_internal_chat,
    useExternalApi: row.use_external_api,
    useKanban: row.use_kanban,
    useOpenAi: row.use_open_ai,
    useIntegrations: row.use_integrations,
  }));
}

export interface SignupInput {
  /** Trimmed, 2 to 50 characters. */
  name: string;
  /** Trimmed and lower-cased. */
  email: string;
  /** Digits only, possibly empty. */
  phone: string;
  password: string;
  planId: number;
}

export interface SignedUpCompany {
  id: number;
  name: string;
  /** ISO date (YYYY-MM-DD): the end of the trial. */
  dueDate: string;
}

/** The trial's due date: `days` after today (UTC, as the login check reads it). */
export function trialDueDate(today = new Date(), days = TRIAL_DAYS): string {
  const due = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()));
  due.setUTCDate(due.getUTCDate() + days);
  return due.toISOString().slice(0, 10);
}

/**
 * Creates the company, its default settings and its first admin (named after the company,
 * signing in with the given e-mail and password), all or nothing.
 * Throws ERR_PLAN_NOT_FOUND (404), ERR_COMPANY_NAME_TAKEN or ERR_EMAIL_TAKEN (409).
 */
export async function signUpCompany(
  db: Db,
  input: SignupInput,
  today = new Date(),
): Promise<SignedUpCompany> {
  // Slow on purpose (scrypt), so done before the transaction holds anything.
  const passwordHash = await hashPassword(input.password);
  const dueDate = trialDueDate(today);
  return await db.transaction(async (tx) => {
    if (parseId(input.planId) === null) throw new AppError("ERR_PLAN_NOT_FOUND", 404);
    const plan = await tx.maybeOne(sql`select 1 from plans where id = ${input.planId}`);
    if (!plan) throw new AppError("ERR_PLAN_NOT_FOUND", 404);

    // "Acme" and "ACME" would be two companies nobody can tell apart in the super user's
    // list; the unique constraint itself is exact, so the check ignores case here.
    const sameName = await tx.maybeOne(
      sql`select 1 from companies where lower(name) = lower(${input.name})`,
    );
    if (sameName) throw new AppError("ERR_COMPANY_NAME_TAKEN", 409);
    const emailTaken = await tx.maybeOne(
      sql`select 1 from users where lower(email) = lower(${input.email})`,
    );
    if (emailTaken) throw new AppError("ERR_EMAIL_TAKEN", 409);

    // `on conflict do nothing` covers two sign-ups racing past the checks above: the
    // loser gets the same clear error instead of a unique-violation 500.
    const company = await tx.maybeOne<{ id: number; name: string }>(sql`
      insert into companies (name, email, phone, plan_id, status, due_date, recurrence)
      values (${input.name}, ${input.email}, ${input.phone || null}, ${input.planId}, true,
              ${dueDate}::date, 'MENSAL')
      on conflict (name) do nothing
      returning id, name`);
    if (!company) throw new AppError("ERR_COMPANY_NAME_TAKEN", 409);

    // campaignsEnabled is a setting (admin §3); the defaults already say "false".
    await createDefaultSettings(tx, company.id);

    const user = await tx.maybeOne(sql`
      insert into users (company_id, name, email, password_hash, profile, super)
      values (${company.id}, ${input.name}, ${input.email}, ${passwordHash}, 'admin', false)
      on conflict ((lower(email))) do nothing
      returning id`);
    if (!user) throw new AppError("ERR_EMAIL_TAKEN", 409); // rolls the company back too

    return { id: company.id, name: company.name, dueDate };
  });
}
