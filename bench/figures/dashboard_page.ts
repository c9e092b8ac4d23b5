/**
 * The admin dashboard (`/` once the company is ready): server time per request and the
 * JavaScript the page loads, then the chart library (uPlot), which the dashboard island
 * imports on its first chart as a chunk of its own.
 */
import { type Figure, gzipSize, round } from "../figure.ts";
import { budgetOf } from "../js_budgets.ts";
import { signedInPageFigures } from "../page_bench.ts";

export default async function dashboardPageFigures(): Promise<Figure[]> {
  const figures = await signedInPageFigures(budgetOf("/ admin dashboard, whole app"));
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
