/**
 * First start: when no user exists, create the installation's own company (id 1) on a
 * default plan and its super user, from ADMIN_EMAIL/ADMIN_PASSWORD or with a generated
 * password that is printed once.
 */
import { type Db, sql } from "../../lib/db/mod.ts";
import { generatePassword, hashPassword } from "../../lib/auth/password.ts";
import { createDefaultSettings } from "./settings.ts";

export const DEFAULT_ADMIN_EMAIL = "admin@balcao.local";

export interface FirstStart {
  email: string;
  /** Set only when the password was generated: show it once. */
  generatedPassword?: string;
}

/** Answers what it created, or null when the installation already has users. */
export async function ensureFirstStart(
  db: Db,
  admin: { email?: string; password?: string },
): Promise<FirstStart | null> {
  const email = (admin.email ?? DEFAULT_ADMIN_EMAIL).toLowerCase();
  const generatedPassword = admin.password ? undefined : generatePassword();
  const passwordHash = await hashPassword(admin.password ?? generatedPassword!);
  return await db.transaction(async (tx) => {
    // Serialises two instances starting on an empty database.
    await tx.query(sql`select pg_advisory_xact_lock(7212002)`);
    if (await tx.maybeOne(sql`select 1 from users limit 1`)) return null;
    const plan = await tx.one<{ id: number }>(sql`
      insert into plans (name, users, connections, queues, value)
      values ('Plano 1', 10, 10, 10, 0)
      on conflict (name) do update set name = excluded.name
      returning id`);
    const company = await tx.one<{ id: number }>(sql`
      insert into companies (name, email, plan_id, status, due_date, recurrence)
      values ('Empresa 1', ${email}, ${plan.id}, true, current_date + interval '1 year', 'ANUAL')
      returning id`);
    await createDefaultSettings(tx, company.id);
    await tx.run(sql`
      insert into users (company_id, name, email, password_hash, profile, super, all_ticket)
      values (${company.id}, 'Admin', ${email}, ${passwordHash}, 'admin', true, 'enabled')`);
    return { email, generatedPassword };
  });
}
