/**
 * `deno task bench`: runs every figure source in bench/figures/ (file-name order), prints a
 * table and writes bench/results.json as `{ figures: [{ name, value, unit, target? }] }`.
 * To add a figure, add a module there whose default export is a `FigureSource`.
 */
import { fromFileUrl } from "./paths.ts";
import type { Figure, FigureSource } from "./figure.ts";

const FIGURES_DIR = new URL("./figures/", import.meta.url);
const RESULTS = new URL("./results.json", import.meta.url);

async function sources(): Promise<{ file: string; run: FigureSource }[]> {
  const files: string[] = [];
  for await (const entry of Deno.readDir(FIGURES_DIR)) {
    if (entry.isFile && /\.tsx?$/.test(entry.name) && !entry.name.includes("_test")) {
      files.push(entry.name);
    }
  }
  files.sort();
  const found = [];
  for (const file of files) {
    const mod = await import(new URL(file, FIGURES_DIR).href);
    if (typeof mod.default !== "function") {
      throw new Error(`bench/figures/${file} must default-export a function returning figures.`);
    }
    found.push({ file, run: mod.default as FigureSource });
  }
  return found;
}

function verdict(f: Figure): string {
  if (f.target === undefined) return "";
  const ok = f.better === "higher" ? f.value >= f.target : f.value <= f.target;
  return ok ? "ok" : "MISSED";
}

function printTable(figures: Figure[]): void {
  const rows = figures.map((f) => [
    f.name,
    `${f.value} ${f.unit}`,
    f.target === undefined ? "" : `${f.better === "higher" ? "≥" : "≤"} ${f.target} ${f.unit}`,
    verdict(f),
  ]);
  const head = ["figure", "value", "target", ""];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join(" | ").trimEnd();
  console.log(line(head));
  console.log(widths.map((w) => "-".repeat(w)).join("-|-"));
  rows.forEach((r) => console.log(line(r)));
}

if (import.meta.main) {
  const figures: Figure[] = [];
  for (const { file, run } of await sources()) {
    const started = performance.now();
    figures.push(...await run());
    console.error(`${file}: ${Math.round(performance.now() - started)} ms`);
  }
  printTable(figures);
  await Deno.writeTextFile(RESULTS, JSON.stringify({ figures }, null, 2) + "\n");
  console.log(`\nWrote ${fromFileUrl(RESULTS)}`);
}
