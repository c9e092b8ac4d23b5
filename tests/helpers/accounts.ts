/** Companies and users made directly in the database, for tests of what uses them. */
import { type Db, sql } from "../../lib/db/mod.ts";
import { hashPassword } from "../../lib/auth/password.ts";
import { createDefaultSettings } from "../../services/accounts/settings.ts";

export interface TestUser {
  id: number;
  companyId: number;
  email: string;
  password: string;
}

let counter = 0;

export async function createTestCompany(
  db: Db,
  options: { dueInDays?: number | null; status?: boolean } = {},
): Promise<number> {
  const n = ++counter;
  const plan = await db.one<{ id: number }>(
    sql`insert into plans (name, users, connections, queues) values (${`Plan ${n} ${crypto.randomUUID()}`}, 5, 5, 5) returning id`,
  );
  const due = options.dueInDays === null ? null : options.dueInDays ?? 30;
  const company = await db.one<{ id: number }>(sql`
    insert into companies (name, plan_id, status, due_date)
    values (${`Company ${n} ${crypto.randomUUID()}`}, ${plan.id}, ${options.status ?? true},
            ${due === null ? null : sql`(current_date + ${due}::int)`}::date)
    returning id`);
  await createDefaultSettings(db, company.id);
  return company.id;
}

export async function createTestUser(
  db: Db,
  companyId: number,
  options: { profile?: "user" | "admin"; super?: boolean; password?: string } = {},
): Promise<TestUser> {
  const email = `user${++counter}-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const password = options.password ?? "s3cret-pass";
  const row = await db.one<{ id: number }>(sql`
    insert into users (company_id, name, email, password_hash, profile, super)
    values (${companyId}, ${`User ${counter}`}, ${email}, ${await hashPassword(password)},
            ${options.profile ?? "admin"}, ${options.super ?? false})
    returning id`);
  return { id: row.id, companyId, email, password };
}
