import assert from "node:assert/strict";
import { join } from "node:path";
import { buildIslands } from "./build.ts";

/** Preact core's non-dimensional CSS property test: exactly once per copy of Preact. */
const PREACT_MARKER = "acit|ex(?:s|g|n|p|$)|rph|grid|ows|mnc|ntw|ine[ch]|zoo|^ord|itera";

Deno.test("islands - build writes content-hashed files with one Preact copy", async () => {
  const outDir = await Deno.makeTempDir({ prefix: "islands-build-" });
  try {
    const built = await buildIslands({ islandsDir: "tests/fixtures/islands", outDir });
    assert.match(built.boot, /^\/static\/build\/boot-[0-9a-f]{12}\.js$/);
    assert.deepEqual(Object.keys(built.islands).sort(), ["Counter", "Total"]);
    assert.match(built.islands.Counter!, /^\/static\/build\/island-Counter-[0-9a-f]{12}\.js$/);

    const names = [...Deno.readDirSync(outDir)].map((e) => e.name).sort();
    assert.deepEqual(names, Object.keys(built.files).sort(), "only the reported files");
    let preactCopies = 0;
    for (const name of names) {
      assert.match(name, /^(boot|chunk|island-\w+)-[0-9a-f]{12}\.js$/);
      const text = await Deno.readTextFile(join(outDir, name));
      preactCopies += text.split(PREACT_MARKER).length - 1;
      // Every relative import points at a file that exists.
      for (const m of text.matchAll(/from\s*"\.\/([^"]+)"|import\s*"\.\/([^"]+)"/g)) {
        assert.ok(names.includes(m[1] ?? m[2]!), `${name} imports a missing file`);
      }
    }
    assert.equal(preactCopies, 1, "exactly one Preact in the bundles");

    // The import graph covers the island's shared chunk.
    const deps = built.imports[built.islands.Counter!] ?? [];
    assert.ok(deps.length > 0 && deps.every((d) => d.includes("/chunk-")));

    // Same input, same names: safe to cache forever.
    const again = await Deno.makeTempDir({ prefix: "islands-build-" });
    try {
      const second = await buildIslands({ islandsDir: "tests/fixtures/islands", outDir: again });
      assert.deepEqual(second.files, built.files);
    } finally {
      await Deno.remove(again, { recursive: true });
    }
  } finally {
    await Deno.remove(outDir, { recursive: true });
  }
});

Deno.test("islands - build without an islands folder still ships boot", async () => {
  const outDir = await Deno.makeTempDir({ prefix: "islands-build-" });
  try {
    const built = await buildIslands({ islandsDir: join(outDir, "none"), outDir });
    assert.deepEqual(built.islands, {});
    assert.match(built.boot, /boot-[0-9a-f]{12}\.js$/);
  } finally {
    await Deno.remove(outDir, { recursive: true });
  }
});
