/**
 * Bundles the client boot module and every island for the browser with `Deno.bundle`
 * (esbuild inside Deno; needs `"unstable": ["bundle"]` in deno.json or `--unstable-bundle`).
 *
 * Code splitting puts Preact, hooks and signals into shared chunks, so boot and every
 * island use one Preact instance (hooks and signals break with two).
 *
 * Naming: `Deno.bundle` has no option for entry file names, so the output is renamed here.
 * Every file, entries and chunks alike, gets the hash of its final content in its name, and
 * the relative imports between files are rewritten to the new names. Files are processed
 * dependencies first, so an importer's hash covers its dependencies' names: any change
 * anywhere below renames the file. That makes every file under /static/build/ safe to serve
 * `immutable`, and an unchanged Preact chunk keeps its URL (and browser cache) across
 * deploys, which a single per-build directory hash would lose.
 */
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { listIslandFiles, moduleNameOf } from "./registry.ts";

const BOOT_ENTRY = fileURLToPath(new URL("./boot.ts", import.meta.url));

export interface BuildIslandsOptions {
  /** Folder of island modules (`islands/`); a missing folder means no islands. */
  islandsDir: string;
  /** Where the files go (flat). The caller clears it. */
  outDir: string;
  /** @default true */
  minify?: boolean;
  /** URL prefix of `outDir`. @default "/static/build/" */
  baseHref?: string;
}

export interface BuiltIslands {
  /** href of the boot module. */
  boot: string;
  /** Island module name → href. */
  islands: Record<string, string>;
  /** href → hrefs it imports statically. */
  imports: Record<string, string[]>;
  /** File name (in outDir) → size in bytes. */
  files: Record<string, number>;
}

interface OutFile {
  /** Path relative to the bundler's output dir, with `/` separators. */
  path: string;
  text: string;
  /** Which name prefix the final file gets. */
  prefix: string;
  /** Relative import specifiers, resolved to `path`s of other outputs. */
  deps: string[];
}

/** `from"./x.js"`, `import"./x.js"`, `import("./x.js")`, as esbuild writes them. */
const IMPORT_RE = /(\bfrom\s*|\bimport\s*\(?\s*)(["'])(\.{1,2}\/[^"'\s]+)\2/g;

export async function buildIslands(options: BuildIslandsOptions): Promise<BuiltIslands> {
  const { islandsDir, outDir, minify = true, baseHref = "/static/build/" } = options;
  if (typeof Deno.bundle !== "function") {
    throw new Error(
      'Deno.bundle is unavailable: run from the project root (deno.json has "unstable": ' +
        '["bundle"]) or pass --unstable-bundle.',
    );
  }
  const islandFiles = (await listIslandFiles(islandsDir)).map((f) => resolve(f));
  const entries = [BOOT_ENTRY, ...islandFiles];
  const bundlerOut = resolve(outDir, ".bundle");
  const result = await Deno.bundle({
    entrypoints: entries,
    outputDir: bundlerOut,
    platform: "browser",
    format: "esm",
    codeSplitting: true,
    minify,
    write: false,
  });
  if (!result.success) {
    const messages = result.errors.map((e) =>
      e.location ? `${e.location.file}:${e.location.line}: ${e.text}` : e.text
    );
    throw new Error(`Bundling the islands failed:\n  ${messages.join("\n  ")}`);
  }

  // The bundler mirrors entry paths below their common directory.
  const base = commonDir(entries);
  const entryPrefix = new Map<string, string>();
  entryPrefix.set(outputPathOf(base, BOOT_ENTRY), "boot");
  for (const file of islandFiles) {
    entryPrefix.set(outputPathOf(base, file), `island-${moduleNameOf(file)}`);
  }

  const outputs = new Map<string, OutFile>();
  for (const file of result.outputFiles ?? []) {
    const path = relative(bundlerOut, file.path).split(sep).join("/");
    outputs.set(path, {
      path,
      text: file.text(),
      prefix: entryPrefix.get(path) ?? "chunk",
      deps: [],
    });
  }
  for (const [path] of entryPrefix) {
    if (!outputs.has(path)) {
      throw new Error(`The bundler wrote no ${path}; got: ${[...outputs.keys()].join(", ")}.`);
    }
  }
  for (const out of outputs.values()) {
    for (const match of out.text.matchAll(IMPORT_RE)) {
      const target = join(dirname(out.path), match[3]!).split(sep).join("/");
      if (!outputs.has(target)) {
        throw new Error(`${out.path} imports ${target}, not in the bundle.`);
      }
      out.deps.push(target);
    }
  }

  const finalName = new Map<string, string>();
  const built: BuiltIslands = { boot: "", islands: {}, imports: {}, files: {} };
  await Deno.mkdir(outDir, { recursive: true });
  for (const out of dependenciesFirst(outputs)) {
    const text = out.text.replace(IMPORT_RE, (_all, lead: string, quote: string, spec: string) => {
      const target = join(dirname(out.path), spec).split(sep).join("/");
      return `${lead}${quote}./${finalName.get(target)}${quote}`;
    });
    const bytes = new TextEncoder().encode(text);
    const name = `${out.prefix}-${await shortHash(bytes)}.js`;
    finalName.set(out.path, name);
    await Deno.writeFile(join(outDir, name), bytes);
    built.files[name] = bytes.length;
    const href = baseHref + name;
    const staticDeps = [...out.text.matchAll(IMPORT_RE)]
      .filter((m) => !m[1]!.includes("("))
      .map((m) => baseHref + finalName.get(join(dirname(out.path), m[3]!).split(sep).join("/")));
    if (staticDeps.length > 0) built.imports[href] = [...new Set(staticDeps)];
    if (out.prefix === "boot") built.boot = href;
    else if (out.prefix.startsWith("island-")) built.islands[out.prefix.slice(7)] = href;
  }
  return built;
}

/** Orders outputs so each comes after everything it imports; a cycle is an error. */
function dependenciesFirst(outputs: Map<string, OutFile>): OutFile[] {
  const order: OutFile[] = [];
  const state = new Map<string, "visiting" | "done">();
  const visit = (out: OutFile, chain: string[]) => {
    const s = state.get(out.path);
    if (s === "done") return;
    if (s === "visiting") {
      throw new Error(`Import cycle between bundle files: ${[...chain, out.path].join(" → ")}.`);
    }
    state.set(out.path, "visiting");
    for (const dep of out.deps) visit(outputs.get(dep)!, [...chain, out.path]);
    state.set(out.path, "done");
    order.push(out);
  };
  for (const out of [...outputs.values()].sort((a, b) => a.path.localeCompare(b.path))) {
    visit(out, []);
  }
  return order;
}

function commonDir(files: string[]): string {
  let dir = dirname(files[0]!);
  while (!files.every((f) => f.startsWith(dir + sep))) dir = dirname(dir);
  return dir;
}

function outputPathOf(base: string, entry: string): string {
  return relative(base, entry).replace(/\.[jt]sx?$/, ".js").split(sep).join("/");
}

async function shortHash(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest.slice(0, 6), (b) => b.toString(16).padStart(2, "0")).join("");
}
