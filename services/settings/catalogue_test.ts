/**
 * The settings catalogue is the one list of keys: every key the code reads or writes is in
 * it (a key missing from it would read as nothing, and the option it drives silently off),
 * and its entries are coherent.
 */
import assert from "node:assert/strict";
import { dirname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import {
  DEFAULT_SETTINGS,
  EDITABLE_SETTINGS,
  isSetting,
  OPEN_SETTINGS,
  SECRET_SETTINGS,
  SETTINGS,
  type SettingSpec,
} from "./catalogue.ts";

const ROOT = normalize(join(dirname(fileURLToPath(import.meta.url)), "../.."));

/**
 * The setting keys a source text names: `optionOn(…, "key")`, a `settings` query's
 * `key = 'key'` or inserted `(…, 'key', …)`, and a session's `settings.key`.
 */
function settingKeysNamed(text: string): string[] {
  const keys = new Set<string>();
  for (const [, key] of text.matchAll(/\boptionOn\([^()]*,\s*"(\w+)"\s*\)/g)) keys.add(key!);
  for (const [, query] of text.matchAll(/\bsql`([^`]*\bsettings\b[^`]*)`/g)) {
    for (const [, key] of query!.matchAll(/\bkey\s*=\s*'(\w+)'/g)) keys.add(key!);
    for (const [, key] of query!.matchAll(/\(\$\{[^}]+\},\s*'(\w+)'/g)) keys.add(key!);
  }
  for (const [, key] of text.matchAll(/\b(?:session|viewer)\??\.settings\.(\w+)/g)) keys.add(key!);
  return [...keys];
}

async function sourceFiles(dir: string): Promise<string[]> {
  const files: string[] = [];
  for await (const entry of Deno.readDir(join(ROOT, dir))) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory) files.push(...await sourceFiles(path));
    else if (/\.tsx?$/.test(entry.name) && !entry.name.includes("_test.")) files.push(path);
  }
  return files;
}

Deno.test("settings catalogue: every key the code reads or writes is in it", async () => {
  const missing: string[] = [];
  let seen = 0;
  for (const dir of ["services", "routes", "islands", "components", "lib"]) {
    for (const file of await sourceFiles(dir)) {
      const text = await Deno.readTextFile(join(ROOT, file));
      for (const key of settingKeysNamed(text)) {
        seen++;
        if (!isSetting(key)) missing.push(`${file}: ${key}`);
      }
    }
  }
  assert.deepEqual(missing, []);
  assert.ok(seen >= 10, `only ${seen} readings found: the finder has lost its patterns`);
});

Deno.test("settings catalogue: the finder sees each way a key is named", () => {
  const text = [
    'if (await optionOn(deps.db, companyId, "userRating")) return;',
    "sql`select value from settings where company_id = ${id} and key = 'campaignsEnabled'`",
    "sql`insert into settings (company_id, key, value) values (${id}, 'forgotten', ${v})`",
    'const perQueue = session?.settings.scheduleType === "queue";',
  ].join("\n");
  assert.deepEqual(settingKeysNamed(text), [
    "userRating",
    "campaignsEnabled",
    "forgotten",
    "scheduleType",
  ]);
  assert.equal(isSetting("forgotten"), false);
});

Deno.test("settings catalogue: defaults are allowed values; credentials are secret text", () => {
  for (const [key, spec] of Object.entries(SETTINGS) as [string, SettingSpec][]) {
    if (spec.secret) {
      assert.equal(spec.values, "text", key);
      assert.equal(spec.default, undefined, `${key}: a credential has no default`);
      continue;
    }
    assert.ok(Array.isArray(spec.values) && spec.values.includes(spec.default!), key);
  }
  assert.deepEqual(Object.keys(DEFAULT_SETTINGS), OPEN_SETTINGS);
  assert.deepEqual(
    [...OPEN_SETTINGS, ...SECRET_SETTINGS].sort(),
    Object.keys(SETTINGS).sort(),
  );
  // The super user's key is read by everyone but changed by no admin.
  assert.ok(OPEN_SETTINGS.includes("campaignsEnabled"));
  assert.ok(!Object.hasOwn(EDITABLE_SETTINGS, "campaignsEnabled"));
});
