/**
 * axe-core (npm, pinned in deno.json) run inside a Chromium page: the serious and critical
 * accessibility violations of the page, or of the parts named by `include`, as readable
 * lines ("color-contrast: #x .y"), so a test can assert there are none.
 */
import { createRequire } from "node:module";
import type { Page } from "puppeteer-core";

const require = createRequire(import.meta.url);
let source: string | null = null;

interface AxeResult {
  violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[];
}

export async function seriousViolations(page: Page, include?: string[]): Promise<string[]> {
  source ??= await Deno.readTextFile(require.resolve("axe-core/axe.min.js"));
  // Evaluated through the DevTools protocol, so the page's script policy does not apply.
  const installed = await page.evaluate(() => "axe" in globalThis);
  if (!installed) await page.evaluate(source);
  const result = await page.evaluate(async (parts) => {
    const axe = (globalThis as unknown as {
      axe: { run: (context: unknown, options: unknown) => Promise<unknown> };
    }).axe;
    const context = parts ? { include: parts.map((part) => [part]) } : document;
    return await axe.run(context, { resultTypes: ["violations"] });
  }, include ?? null) as AxeResult;
  return result.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) =>
      `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`
    );
}
