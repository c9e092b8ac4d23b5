/**
 * DESIGN §2: the database plumbing knows no web layer and no domain. Nothing in lib/db
 * imports from lib/http, services/ or routes/ (a unique violation becomes a 409 in
 * lib/http/errors.ts, which may use lib/db; not the other way round).
 */
import assert from "node:assert/strict";

function importsOf(text: string): string[] {
  return [...text.matchAll(/^\s*(?:import|export)[^;]*?from\s+"([^"]+)"/gm)].map((m) => m[1]!);
}

Deno.test("lib/db imports nothing from lib/http, services/ or routes/", async () => {
  const dir = new URL(".", import.meta.url);
  const wrong: string[] = [];
  for await (const entry of Deno.readDir(dir)) {
    if (!entry.isFile || !/\.tsx?$/.test(entry.name)) continue;
    const file = new URL(entry.name, dir);
    for (const target of importsOf(await Deno.readTextFile(file))) {
      const into = new URL(target, file).pathname;
      if (/\/(lib\/http|services|routes)\//.test(into)) wrong.push(`${entry.name} → ${target}`);
    }
  }
  assert.deepEqual(wrong, []);
});
