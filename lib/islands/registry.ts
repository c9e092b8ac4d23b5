/**
 * The server's island registry. An island is recognised during rendering by the identity of
 * its component function: routes import islands through their module path, and Deno caches
 * modules by URL, so the function a route renders is the very one registered here.
 */
import { basename, extname, join } from "node:path";
import { toFileUrl } from "./paths.ts";

/** What the renderer needs to know about one island component. */
export interface IslandInfo {
  /** Name written into the markers and used by the boot script, e.g. `Counter`. */
  name: string;
  /** Island module name (file stem), the key of `AssetManifest.islands`. */
  module: string;
  /** Export to read from the module in the browser (`default` or a named export). */
  exportName: string;
}

const byComponent = new Map<unknown, IslandInfo>();

/**
 * Registers every exported function of each module as an island. The key is the module
 * name (the file stem, e.g. "ThemeToggle"): the default export takes that name, a named
 * export `X` is called `ThemeToggle.X`.
 */
export function registerIslands(modules: Record<string, Record<string, unknown>>): void {
  for (const [module, exports] of Object.entries(modules)) {
    for (const [exportName, value] of Object.entries(exports)) {
      if (typeof value !== "function") continue;
      const name = exportName === "default" ? module : `${module}.${exportName}`;
      byComponent.set(value, { name, module, exportName });
    }
  }
}

/** The island registered for this component, if it is one. */
export function islandOf(component: unknown): IslandInfo | undefined {
  return byComponent.get(component);
}

/** Forgets every island; for tests that register their own. */
export function clearIslands(): void {
  byComponent.clear();
}

/** True for files that are island modules: `*.tsx`/`*.ts`/`*.jsx`, not tests. */
export function isIslandFile(fileName: string): boolean {
  return /\.(tsx|ts|jsx|js)$/.test(fileName) && !/_test\.|\.test\./.test(fileName);
}

/** Island module files in `dir`, sorted; a missing directory means none. */
export async function listIslandFiles(dir: string): Promise<string[]> {
  const files: string[] = [];
  try {
    for await (const entry of Deno.readDir(dir)) {
      if (entry.isFile && isIslandFile(entry.name)) files.push(join(dir, entry.name));
    }
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) return [];
    throw err;
  }
  return files.sort();
}

/** The module name of an island file: its stem, `islands/ThemeToggle.tsx` → `ThemeToggle`. */
export function moduleNameOf(file: string): string {
  return basename(file, extname(file));
}

/** Imports every island module in `dir` (not `*_test`) and registers it. */
export async function loadIslands(dir: string): Promise<void> {
  const modules: Record<string, Record<string, unknown>> = {};
  for (const file of await listIslandFiles(dir)) {
    modules[moduleNameOf(file)] = await import(toFileUrl(file).href);
  }
  registerIslands(modules);
}
