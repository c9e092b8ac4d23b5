/**
 * Which instance runs each connection (DESIGN §7): a row per connection with the owner's
 * instance id and an expiry. The owner renews it; when it stops renewing (it died), the
 * lease expires and another instance may take the connection over.
 */
import { type Queryable, sql } from "../../lib/db/mod.ts";

/** Takes the lease if it is free, expired or already ours; answers whether we hold it. */
export async function acquireLease(
  db: Queryable,
  instanceId: string,
  connection: { id: number; companyId: number },
  leaseMs: number,
): Promise<boolean> {
  const row = await db.maybeOne(sql`
    insert into whatsapp_leases (whatsapp_id, company_id, owner, expires_at)
    values (${connection.id}, ${connection.companyId}, ${instanceId},
            now() + make_interval(secs => ${leaseMs / 1000}))
    on conflict (whatsapp_id) do update
      set owner = excluded.owner, expires_at = excluded.expires_at
      where whatsapp_leases.owner = excluded.owner or whatsapp_leases.expires_at < now()
    returning whatsapp_id`);
  return row !== undefined;
}

/** Extends our leases; answers the ids still ours (a missing one was taken over). */
export async function renewLeases(
  db: Queryable,
  instanceId: string,
  ids: number[],
  leaseMs: number,
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.query<{ id: number }>(sql`
    update whatsapp_leases set expires_at = now() + make_interval(secs => ${leaseMs / 1000})
    where owner = ${instanceId} and whatsapp_id = any(${ids}::int[])
    returning whatsapp_id as id`);
  return new Set(rows.map((row) => row.id));
}

export async function releaseLease(db: Queryable, instanceId: string, id: number): Promise<void> {
  await db.run(
    sql`delete from whatsapp_leases where whatsapp_id = ${id} and owner = ${instanceId}`,
  );
}

/** The live owner of a connection, if any. */
export async function leaseOwner(db: Queryable, id: number): Promise<string | undefined> {
  const row = await db.maybeOne<{ owner: string }>(sql`
    select owner from whatsapp_leases where whatsapp_id = ${id} and expires_at >= now()`);
  return row?.owner;
}

/**
 * Connections that should be running but have no live owner: a new start nobody picked up,
 * or an owner that died. Platform-wide on purpose (this is the instances' own work).
 */
export function orphanedConnections(
  db: Queryable,
  limit = 20,
): Promise<{ id: number; companyId: number }[]> {
  return db.query(sql`
    select w.id, w.company_id as "companyId"
    from whatsapps w left join whatsapp_leases l on l.whatsapp_id = w.id
    where w.session_wanted and (l.whatsapp_id is null or l.expires_at < now())
    order by w.id limit ${limit}`);
}
