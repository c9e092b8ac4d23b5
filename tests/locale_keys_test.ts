/**
 * Every translation key the code names literally — `t("area.key")`, `messageKey: "area.key"`
 * — exists in pt-BR, en and es (issue 23 item 9). A key is `namespace.path`, the namespace
 * being a file of locales/<lang>/ (the longest that fits); plural keys count when their
 * `_one`/`_other` forms exist; errors.<area>.json files add to the "errors" namespace. Keys built at run time (template strings) are left to the
 * parity test in lib/i18n/i18n_test.ts.
 */
import assert from "node:assert/strict";
import { dirname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = normalize(join(dirname(fileURLToPath(import.meta.url)), ".."));
const LANGUAGES = ["pt-BR", "en", "es"];
const SOURCES = ["islands", "components", "routes", "lib", "services"];
const USES = [
  /\bt\(\s*"([A-Za-z][\w-]*(?:\.[\w-]+)+)"/g,
  /\bmessageKey:\s*"([A-Za-z][\w-]*(?:\.[\w-]+)+)"/g,
];

async function sourceFiles(dir: string): Promise<string[]> {
  const files: string[] = [];
  for await (const entry of Deno.readDir(join(ROOT, dir))) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory) files.push(...await sourceFiles(path));
    else if (/\.tsx?$/.test(entry.name) && !/_test\.tsx?$/.test(entry.name)) files.push(path);
  }
  return files;
}

async function namespaces(language: string): Promise<Map<string, Record<string, unknown>>> {
  const found = new Map<string, Record<string, unknown>>();
  for await (const entry of Deno.readDir(join(ROOT, "locales", language))) {
    if (!entry.name.endsWith(".json")) continue;
    const text = await Deno.readTextFile(join(ROOT, "locales", language, entry.name));
    const name = entry.name.slice(0, -5);
    // An area's error file (errors.queues.json) adds its codes to the "errors" namespace.
    const namespace = name.startsWith("errors.") ? "errors" : name;
    found.set(namespace, { ...found.get(namespace), ...JSON.parse(text) });
  }
  return found;
}

function has(tree: Record<string, unknown>, path: string[]): boolean {
  let node: unknown = tree;
  for (const [index, part] of path.entries()) {
    if (typeof node !== "object" || node === null) return false;
    const record = node as Record<string, unknown>;
    if (index === path.length - 1) {
      return typeof record[part] === "string" || typeof record[`${part}_one`] === "string" ||
        typeof record[`${part}_other`] === "string" ||
        (typeof record[part] === "object" && record[part] !== null);
    }
    node = record[part];
  }
  return false;
}

function exists(files: Map<string, Record<string, unknown>>, key: string): boolean {
  const parts = key.split(".");
  for (let cut = parts.length - 1; cut >= 1; cut--) {
    const tree = files.get(parts.slice(0, cut).join("."));
    if (tree && has(tree, parts.slice(cut))) return true;
  }
  return false;
}

Deno.test("locales: every key the code names exists in pt-BR, en and es", async () => {
  const used = new Map<string, string>();
  for (const dir of SOURCES) {
    for (const file of await sourceFiles(dir)) {
      const text = await Deno.readTextFile(join(ROOT, file));
      for (const pattern of USES) {
        for (const match of text.matchAll(pattern)) used.set(match[1]!, file);
      }
    }
  }
  assert.ok(used.size > 200, `the scan found ${used.size} keys: the patterns no longer match`);
  const missing: string[] = [];
  for (const language of LANGUAGES) {
    const files = await namespaces(language);
    for (const [key, file] of used) {
      if (!exists(files, key)) missing.push(`${language}: ${key} (${file})`);
    }
  }
  assert.deepEqual(missing, []);
});
