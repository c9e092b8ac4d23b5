/**
 * Every locale, for the server only: islands receive just what they need at boot.
 *
 * `locales/<lang>/<group>.json` holds one top-level group of keys (`common`, `users`…), and
 * `<group>.<part>.json` adds more keys to the same group (e.g. `errors.accounts.json`), so each
 * area of the product keeps its texts in its own files. A key defined twice is a mistake and
 * stops the server at start.
 */
import { fileURLToPath } from "node:url";
import { type Lang, LANGUAGES, type Resource } from "./languages.ts";

const LOCALES_DIR = fileURLToPath(new URL("../../locales/", import.meta.url));

function mergeInto(target: Resource, source: Resource, path: string): void {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    if (existing === undefined) {
      target[key] = value;
    } else if (typeof existing === "object" && typeof value === "object") {
      mergeInto(existing, value, `${path}.${key}`);
    } else {
      throw new Error(`locales: ${path}.${key} is defined twice`);
    }
  }
}

function loadLanguage(lang: Lang): Resource {
  const dir = `${LOCALES_DIR}${lang}/`;
  const names = [...Deno.readDirSync(dir)]
    .filter((entry) => entry.isFile && entry.name.endsWith(".json"))
    .map((entry) => entry.name)
    .sort();
  const resource: Resource = {};
  for (const name of names) {
    const group = name.slice(0, name.indexOf("."));
    const content = JSON.parse(Deno.readTextFileSync(dir + name)) as Resource;
    mergeInto(resource, { [group]: content }, `${lang}/${name}`);
  }
  return resource;
}

export const RESOURCES: Record<Lang, Resource> = Object.fromEntries(
  LANGUAGES.map((lang) => [lang, loadLanguage(lang)]),
) as Record<Lang, Resource>;
