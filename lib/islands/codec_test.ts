import assert from "node:assert/strict";
import { computed, signal } from "@preact/signals";
import { CodecError, parse, stringify } from "./codec.ts";

const roundTrip = <T>(value: T): T => parse(stringify(value)) as T;

Deno.test("codec - round-trips a table of values", () => {
  const table: [string, unknown][] = [
    ["string", "olá </script> <!--"],
    ["number", 42.5],
    ["negative number", -7],
    ["zero", 0],
    ["booleans", [true, false]],
    ["null", null],
    ["undefined at the root", undefined],
    ["NaN at the root", NaN],
    ["specials in an array", [undefined, NaN, Infinity, -Infinity, -0, null]],
    ["nested objects", { a: { b: { c: [1, "x", { d: null }] } }, e: [] }],
    ["date", new Date("2026-11-22T10:00:00.000Z")],
    ["invalid date", new Date(NaN)],
    ["url", new URL("https://example.com/a?b=1#c")],
    ["bigint", 12345678901234567890n],
    ["map", new Map<unknown, unknown>([["k", 1], [2, { v: true }]])],
    ["set", new Set([1, "two", 3])],
    ["empty object", {}],
    ["proto key stays a key", JSON.parse('{"__proto__": {"polluted": true}}')],
  ];
  for (const [name, value] of table) {
    assert.deepEqual(roundTrip(value), value, name);
  }
  assert.ok(Object.is(roundTrip(-0), -0), "-0 at the root");
  assert.equal(({} as Record<string, unknown>).polluted, undefined, "no prototype pollution");
});

Deno.test("codec - keeps array holes", () => {
  // deno-lint-ignore no-sparse-arrays
  const back = roundTrip([1, , 3]);
  assert.equal(back.length, 3);
  assert.ok(!(1 in back));
});

Deno.test("codec - shared references and cycles come back shared", () => {
  const shared = { name: "shared" };
  const cyclic: Record<string, unknown> = { shared };
  cyclic.self = cyclic;
  const back = roundTrip({ a: shared, b: shared, cyclic, list: [shared] });
  assert.equal(back.a, back.b);
  assert.equal(back.list[0], back.a);
  assert.equal((back.cyclic as Record<string, unknown>).self, back.cyclic);
  assert.equal((back.cyclic as Record<string, unknown>).shared, back.a);
});

Deno.test("codec - a signal given to two islands becomes one client signal", () => {
  const count = signal(3);
  const double = computed(() => count.value * 2);
  const back = roundTrip([{ count }, { count, double }]) as Record<string, unknown>[];
  const first = back[0]!.count as typeof count;
  assert.equal(first, back[1]!.count);
  assert.equal(first.value, 3);
  first.value = 4;
  assert.equal((back[1]!.count as typeof count).value, 4);
  // A computed arrives as a signal of its server value.
  assert.equal((back[1]!.double as typeof count).value, 6);
});

Deno.test("codec - a signal holding itself survives", () => {
  const s = signal<unknown>(null);
  s.value = { back: s };
  const out = roundTrip(s) as typeof s;
  assert.equal((out.value as { back: unknown }).back, out);
});

Deno.test("codec - rejects functions, JSX and class instances with the path", () => {
  assert.throws(
    () => stringify({ items: [{ onClick() {} }] }),
    (err: unknown) =>
      err instanceof CodecError && err.message.includes('"items[0].onClick"') &&
      err.message.includes("functions"),
  );
  assert.throws(
    () => stringify({ child: { type: "p", props: {}, constructor: undefined } }),
    /JSX elements/,
  );
  assert.throws(() => stringify({ when: new (class Thing {})() }), /instances of Thing/);
  assert.throws(
    () => stringify({ f: () => 1 }, { describe: (p) => `prop ${p.join(".")} of island "X"` }),
    /prop f of island "X"/,
  );
});

Deno.test("codec - refuses malformed input", () => {
  assert.throws(() => parse('{"a":1}'), CodecError);
  assert.throws(() => parse("[[5]]"), /Bad reference/);
  assert.throws(() => parse('[["Nope", 1]]'), /Unknown tag/);
});
