/**
 * Creating, changing and deleting companies (admin §3, §7). Creating one also creates its
 * default settings and its first admin user (the company's e-mail and the password given),
 * in one transaction, so the company can sign in as soon as the super user saves it.
 */
import { type Db, type Queryable, sql } from "../../lib/db/mod.ts";
import { uniqueViolation } from "../../lib/db/errors.ts";
import { generatePassword, hashPassword } from "../../lib/auth/password.ts";
import { AppError } from "../../lib/http/errors.ts";
import type { TFunction } from "../../lib/i18n/mod.ts";
import type { Mailer } from "../../lib/mail/mod.ts";
import type { Hub } from "../../lib/realtime/mod.ts";
import { createDefaultSettings } from "../accounts/settings.ts";
import {
  type Company,
  type CompanyWithSettings,
  findCompany,
  isPlatformCompany,
} from "./companies.ts";
import type { OpeningHoursDay } from "./weekdays.ts";
import { companyWelcomeMail } from "./welcome_mail.ts";

/** The fields stored in the companies table, by column. */
const COLUMN_OF = {
  name: "name",
  email: "email",
  phone: "phone",
  planId: "plan_id",
  status: "status",
  dueDate: "due_date",
  recurrence: "recurrence",
  billingName: "billing_name",
  addressZipCode: "address_zip_code",
  addressStreet: "address_street",
  addressState: "address_state",
  addressCity: "address_city",
  addressDistrict: "address_district",
} as const;

/** What the company form writes: the stored fields, the e-mail required. */
export type CompanyFields =
  & Pick<Company, Exclude<keyof typeof COLUMN_OF, "email"> | "campaignsEnabled">
  & { email: string };

export interface NewCompany extends CompanyFields {
  /** The first admin user's password; without one, a generated one is e-mailed to them. */
  password?: string;
}

function columnEntries(input: Partial<CompanyFields>) {
  return (Object.keys(COLUMN_OF) as (keyof typeof COLUMN_OF)[])
    .filter((field) => input[field] !== undefined)
    .map((field) => ({ column: sql.ident(COLUMN_OF[field]), value: input[field] }));
}

async function assertPlanExists(db: Queryable, planId: number): Promise<void> {
  const plan = await db.maybeOne(sql`select 1 from plans where id = ${planId}`);
  if (!plan) throw new AppError("ERR_NO_PLAN_FOUND", 400);
}

async function assertNameFree(db: Queryable, name: string, exceptId?: number): Promise<void> {
  const taken = await db.maybeOne(sql`
    select 1 from companies where lower(name) = lower(${name})
    ${exceptId === undefined ? sql.empty : sql`and id <> ${exceptId}`}`);
  if (taken) throw new AppError("ERR_COMPANY_NAME_ALREADY_EXISTS", 409);
}

async function assertLoginFree(db: Queryable, email: string): Promise<void> {
  const taken = await db.maybeOne(sql`select 1 from users where lower(email) = lower(${email})`);
  if (taken) throw new AppError("ERR_COMPANY_EMAIL_ALREADY_EXISTS", 409);
}

/** Maps the unique indexes refusing a write (two saves racing) to the clear 409s. */
async function writing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    const constraint = uniqueViolation(err);
    if (constraint === null) throw err;
    if (constraint.startsWith("users")) throw new AppError("ERR_COMPANY_EMAIL_ALREADY_EXISTS", 409);
    throw new AppError("ERR_COMPANY_NAME_ALREADY_EXISTS", 409);
  }
}

async function storeCampaignsFlag(tx: Queryable, companyId: number, enabled: boolean) {
  await tx.run(sql`
    insert into settings (company_id, key, value)
    values (${companyId}, 'campaignsEnabled', ${String(enabled)})
    on conflict (company_id, key) do update set value = excluded.value, updated_at = now()`);
}

export interface CreateCompanyDeps {
  db: Db;
  mailer: Mailer;
  /** PUBLIC_URL, for the sign-in link in the e-mail. */
  publicUrl: string;
}

/**
 * Creates the company. The original company form sends no password: then the server makes a
 * strong one and e-mails it to the first admin (in `t`'s language); it is never answered.
 */
export async function createCompany(
  deps: CreateCompanyDeps,
  input: NewCompany,
  t: TFunction,
): Promise<CompanyWithSettings> {
  const password = input.password ?? generatePassword();
  const company = await insertCompany(deps.db, input, password);
  if (input.password === undefined) {
    const mail = { companyId: company.id, companyName: company.name, email: input.email };
    // The mailer keeps every message in mail_outbox and never throws on SMTP trouble.
    await deps.mailer.send(companyWelcomeMail(t, { ...mail, password }, deps.publicUrl));
  }
  return company;
}

async function insertCompany(
  db: Db,
  input: NewCompany,
  password: string,
): Promise<CompanyWithSettings> {
  await assertPlanExists(db, input.planId);
  await assertNameFree(db, input.name);
  await assertLoginFree(db, input.email);
  const passwordHash = await hashPassword(password);
  const entries = columnEntries(input);
  const id = await writing(() =>
    db.transaction(async (tx) => {
      const company = await tx.one<{ id: number }>(sql`
        insert into companies (${sql.join(entries.map((e) => e.column))})
        values (${sql.join(entries.map((e) => sql`${e.value}`))}) returning id`);
      await createDefaultSettings(tx, company.id, {
        campaignsEnabled: String(input.campaignsEnabled),
      });
      // The company's first admin: named after the company, signing in with its e-mail.
      await tx.run(sql`
        insert into users (company_id, name, email, password_hash, profile, all_ticket)
        values (${company.id}, ${input.name}, ${input.email.toLowerCase()}, ${passwordHash},
                'admin', 'enabled')`);
      return company.id;
    })
  );
  return await findCompany(db, id);
}

export async function updateCompany(
  db: Db,
  id: number,
  input: Partial<CompanyFields>,
  hub: Pick<Hub, "revalidate">,
): Promise<CompanyWithSettings> {
  await findCompany(db, id);
  if (input.status === false && await isPlatformCompany(db, id)) {
    throw new AppError("ERR_PLATFORM_COMPANY_MUST_STAY_ACTIVE", 409);
  }
  if (input.planId !== undefined) await assertPlanExists(db, input.planId);
  if (input.name !== undefined) await assertNameFree(db, input.name, id);
  const changes = columnEntries(input).map((e) => sql`${e.column} = ${e.value}`);
  await writing(() =>
    db.transaction(async (tx) => {
      await tx.run(sql`
        update companies set ${sql.join([...changes, sql`updated_at = now()`])}
        where id = ${id}`);
      if (input.campaignsEnabled !== undefined) {
        await storeCampaignsFlag(tx, id, input.campaignsEnabled);
      }
    })
  );
  // Blocked or expired: the company's open sockets are re-checked and closed.
  await hub.revalidate({ companyId: id });
  return await findCompany(db, id);
}

/** Deletes a company with its settings and users; the installation's own one is refused. */
export async function deleteCompany(
  db: Db,
  id: number,
  hub: Pick<Hub, "revalidate">,
): Promise<void> {
  await findCompany(db, id);
  if (await isPlatformCompany(db, id)) {
    throw new AppError("ERR_PLATFORM_COMPANY_UNDELETABLE", 409);
  }
  await db.run(sql`delete from companies where id = ${id}`);
  await hub.revalidate({ companyId: id });
}

/** Stores a company's opening hours (already validated by `OpeningHours`). */
export async function saveCompanySchedules(
  db: Db,
  id: number,
  schedules: OpeningHoursDay[],
): Promise<CompanyWithSettings> {
  // postgres.js would encode a string bound to jsonb twice: bind text, then cast.
  const result = await db.run(sql`
    update companies set schedules = ${JSON.stringify(schedules)}::text::jsonb,
      updated_at = now()
    where id = ${id}`);
  if (result.rowCount === 0) throw new AppError("ERR_NO_COMPANY_FOUND", 404);
  return await findCompany(db, id);
}
