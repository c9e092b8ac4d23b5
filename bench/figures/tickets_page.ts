/**
 * The ticket screen (`/tickets`) as an admin of a busy company opens it (DESIGN §9: server
 * time p50 < 50 ms, JavaScript < 100 KB gzipped): the page's pickers read 20 queues, 40 tags,
 * the users with their queues and 5 connections; the lists themselves load through the API.
 */
import { sql } from "../../lib/db/mod.ts";
import type { Figure } from "../figure.ts";
import { signedInPageFigures } from "../page_bench.ts";

export default function ticketsPageFigures(): Promise<Figure[]> {
  return signedInPageFigures(
    "/tickets",
    "/tickets ticket screen (admin), whole app",
    async (db, companyId) => {
      await db.run(sql`insert into queues (company_id, name, color)
      select ${companyId}, 'Fila ' || n, '#' || lpad(to_hex(n * 40000), 6, '0')
      from generate_series(1, 20) n`);
      await db.run(sql`insert into tags (company_id, name, color)
      select ${companyId}, 'Tag ' || n, '#22aa66' from generate_series(1, 40) n`);
      await db.run(sql`insert into whatsapps (company_id, name, provider, token)
      select ${companyId}, 'Conexão ' || n, 'sandbox', md5(n::text) from generate_series(1, 5) n`);
    },
  );
}
