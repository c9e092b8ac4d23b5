/**
 * The admin dashboard (`/` once the company is ready): server time per request and the
 * JavaScript the page loads, then the chart library (uPlot), which the dashboard island
 * imports on its first chart as a chunk of its own.
 */
import { sql } from "../../lib/db/mod.ts";
import { type Figure, gzipSize, round } from "../figure.ts";
import { signedInPageFigures } from "../page_bench.ts";

export default async function dashboardPageFigures(): Promise<Figure[]> {
  const figures = await signedInPageFigures("/", "/ admin dashboard, whole app", async (db, id) => {
    // Ready: a paired number, a queue, a ticket taken up (services/dashboard/readiness.ts).
    await db.run(sql`insert into whatsapps (company_id, name, status, token)
      values (${id}, 'Loja', 'CONNECTED', 'bench-token-0123456789')`);
    await db.run(
      sql`insert into queues (company_id, name, color) values (${id}, 'Vendas', '#0a0')`,
    );
    const contact = await db.one<{ id: number }>(sql`insert into contacts (company_id, name, number)
      values (${id}, 'Cliente', '5511900000001') returning id`);
    const ticket = await db.one<{ id: number }>(sql`insert into tickets (company_id, contact_id)
      values (${id}, ${contact.id}) returning id`);
    await db.run(sql`insert into ticket_tracking (company_id, ticket_id, created_at, accepted_at)
      values (${id}, ${ticket.id}, now(), now())`);
  });
  const island = [...Deno.readDirSync("static/build")]
    .find((entry) => entry.name.startsWith("island-DashboardPage-"));
  if (!island) throw new Error("static/build has no DashboardPage island: build first.");
  const code = await Deno.readTextFile(`static/build/${island.name}`);
  const lazy = [...code.matchAll(/import\("\.\/([^"]+)"\)/g)].map((m) => m[1]!);
  let raw = 0;
  let gzipped = 0;
  for (const file of lazy) {
    const bytes = await Deno.readFile(`static/build/${file}`);
    raw += bytes.length;
    gzipped += await gzipSize(bytes);
  }
  return [
    ...figures,
    { name: "JS loaded on the first chart (uPlot), raw", value: round(raw / 1024, 1), unit: "KB" },
    {
      name: "JS loaded on the first chart (uPlot), gzipped",
      value: round(gzipped / 1024, 1),
      unit: "KB",
    },
  ];
}
