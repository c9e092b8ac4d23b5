/**
 * The integrators' API is signed in by a connection's token (`Authorization: Bearer`), not by
 * a user: the token names the connection, and so the company. A missing, empty or unknown
 * token is 401; the company's plan must include `useExternalApi` (403), and the company must
 * be active like for any sign-in (401 otherwise, as an unknown token).
 */
import { type Queryable, sql } from "../../lib/db/mod.ts";
import { AppError } from "../../lib/http/errors.ts";
import { assertPlanFeature } from "../accounts/permissions.ts";

export interface ApiConnection {
  connectionId: number;
  companyId: number;
  status: string;
}

/** Tokens are generated with 32 random bytes (services/whatsapp/connections.ts). */
const MAX_TOKEN_LENGTH = 200;

export async function connectionOfToken(
  db: Queryable,
  token: string | undefined,
): Promise<ApiConnection> {
  const given = token?.trim() ?? "";
  if (given.length < 16 || given.length > MAX_TOKEN_LENGTH) {
    throw new AppError("ERR_INVALID_API_TOKEN", 401);
  }
  const row = await db.maybeOne<ApiConnection>(sql`
    select w.id as "connectionId", w.company_id as "companyId", w.status
    from whatsapps w join companies c on c.id = w.company_id
    where w.token = ${given} and c.status`);
  if (!row) throw new AppError("ERR_INVALID_API_TOKEN", 401);
  await assertPlanFeature(db, row.companyId, "useExternalApi");
  return row;
}

/** The token of `Authorization: Bearer <token>`, if the header has that form. */
export function bearerToken(header: string | undefined): string | undefined {
  return header?.startsWith("Bearer ") ? header.slice(7) : undefined;
}
