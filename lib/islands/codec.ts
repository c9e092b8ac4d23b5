/**
 * The props codec: turns island props into a string on the server and back into values in
 * the browser, preserving identity.
 *
 * Why not JSON: two islands given the same server signal must receive the same client signal
 * (that is how islands share state), and props may hold dates, maps, cycles and the like.
 * So the format is one flat JSON array where every distinct value is stored once, at an
 * index, and containers hold indices instead of nested values:
 *
 * - a string, boolean, null or finite number (other than -0) is stored as itself;
 * - an array is stored as an array of references;
 * - a plain object is stored as an object whose values are references;
 * - anything else is a tagged array whose first item is a string: `["Date", ms]`,
 *   `["URL", href]`, `["BigInt", "12"]`, `["Map", k, v, …]`, `["Set", v, …]`,
 *   `["Signal", ref]`. A computed signal is written as a Signal of its current value.
 *
 * A reference is an index into the array, or a negative constant for the values JSON cannot
 * hold (see SPECIAL). When the root itself is such a constant, the whole output is that
 * number. The module has no DOM dependency: it runs on both sides.
 */
import { Signal, signal } from "@preact/signals";

const UNDEFINED = -1;
const NAN = -2;
const POS_INF = -3;
const NEG_INF = -4;
const NEG_ZERO = -5;
const HOLE = -6;

/** Describes where in the value a bad item sits, for the error message. */
export type PathDescriber = (path: readonly (string | number)[]) => string;

export interface StringifyOptions {
  /** Turns a path into words such as `the prop "a.b" of island "Counter"`. */
  describe?: PathDescriber;
}

/** Thrown when a value cannot be serialised; the message names where it was found. */
export class CodecError extends Error {
  override name = "CodecError";
}

function defaultDescribe(path: readonly (string | number)[]): string {
  return path.length === 0 ? "the value" : `the value at "${formatPath(path)}"`;
}

/** `["items", 2, "name"]` → `items[2].name`. */
export function formatPath(path: readonly (string | number)[]): string {
  let out = "";
  for (const part of path) {
    out += typeof part === "number" ? `[${part}]` : out === "" ? part : `.${part}`;
  }
  return out;
}

function special(value: unknown): number | undefined {
  if (value === undefined) return UNDEFINED;
  if (typeof value !== "number") return undefined;
  if (Number.isNaN(value)) return NAN;
  if (value === Infinity) return POS_INF;
  if (value === -Infinity) return NEG_INF;
  if (Object.is(value, -0)) return NEG_ZERO;
  return undefined;
}

/** Preact vnodes carry an own `constructor: undefined` so they can never come from JSON. */
function isVNode(value: object): boolean {
  return Object.hasOwn(value, "constructor") && (value as { constructor?: unknown }).constructor ===
      undefined &&
    "props" in value && "type" in value;
}

function isPlainObject(value: object): boolean {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Serialises `value` (see the module comment for the format). Throws CodecError. */
export function stringify(value: unknown, options: StringifyOptions = {}): string {
  const describe = options.describe ?? defaultDescribe;
  const out: unknown[] = [];
  const seen = new Map<unknown, number>();

  function fail(path: (string | number)[], what: string): never {
    throw new CodecError(
      `Cannot serialise ${describe(path)}: ${what}. Island props must be data ` +
        `(strings, numbers, arrays, plain objects, dates, maps, sets, signals…); keep ` +
        `behaviour and JSX inside the island.`,
    );
  }

  function ref(v: unknown, path: (string | number)[]): number {
    const constant = special(v);
    if (constant !== undefined) return constant;
    const known = seen.get(v);
    if (known !== undefined) return known;
    const index = out.length;
    out.push(null);
    // Registered before recursing, so cycles point back at this slot.
    seen.set(v, index);
    out[index] = encode(v, path);
    return index;
  }

  function encode(v: unknown, path: (string | number)[]): unknown {
    switch (typeof v) {
      case "string":
      case "boolean":
      case "number":
        return v;
      case "bigint":
        return ["BigInt", v.toString()];
      case "function":
        return fail(path, `functions cannot be sent to the browser (${v.name || "anonymous"})`);
      case "symbol":
        return fail(path, "symbols cannot be sent to the browser");
    }
    if (v === null) return null;
    const obj = v as object;
    if (Array.isArray(obj)) {
      const refs: number[] = [];
      for (let i = 0; i < obj.length; i++) {
        refs.push(i in obj ? ref(obj[i], [...path, i]) : HOLE);
      }
      return refs;
    }
    if (obj instanceof Signal) return ["Signal", ref(obj.peek(), [...path, "value"])];
    if (obj instanceof Date) return ["Date", ref(obj.getTime(), path)];
    if (obj instanceof URL) return ["URL", obj.href];
    if (obj instanceof Map) {
      const items: unknown[] = ["Map"];
      let i = 0;
      for (const [k, item] of obj) {
        items.push(ref(k, [...path, `<key ${i}>`]), ref(item, [...path, `<value ${i}>`]));
        i++;
      }
      return items;
    }
    if (obj instanceof Set) {
      const items: unknown[] = ["Set"];
      let i = 0;
      for (const item of obj) items.push(ref(item, [...path, `<item ${i++}>`]));
      return items;
    }
    if (isVNode(obj)) return fail(path, "JSX elements cannot be sent to the browser");
    if (!isPlainObject(obj)) {
      return fail(path, `instances of ${obj.constructor?.name ?? "a class"} are not data`);
    }
    const refs: Record<string, number> = {};
    for (const key of Object.keys(obj)) {
      const r = ref((obj as Record<string, unknown>)[key], [...path, key]);
      // defineProperty: a key named "__proto__" must stay a plain key.
      Object.defineProperty(refs, key, { value: r, enumerable: true, writable: true });
    }
    return refs;
  }

  const root = ref(value, []);
  return root < 0 ? String(root) : JSON.stringify(out);
}

const CONSTANTS: Record<number, unknown> = {
  [UNDEFINED]: undefined,
  [NAN]: NaN,
  [POS_INF]: Infinity,
  [NEG_INF]: -Infinity,
  [NEG_ZERO]: -0,
};

/** Rebuilds the value written by `stringify`; shared references come back shared. */
export function parse(text: string): unknown {
  const json: unknown = JSON.parse(text);
  if (typeof json === "number") return CONSTANTS[json];
  if (!Array.isArray(json)) throw new CodecError("Serialised props must be an array.");
  const data: unknown[] = json;
  const revived = new Map<number, unknown>();

  function get(r: unknown): unknown {
    if (typeof r !== "number" || !Number.isInteger(r) || r >= data.length) {
      throw new CodecError(`Bad reference ${String(r)} in serialised props.`);
    }
    if (r < 0) return CONSTANTS[r];
    if (revived.has(r)) return revived.get(r);
    return revive(r, data[r]);
  }

  function revive(index: number, entry: unknown): unknown {
    if (entry === null || typeof entry !== "object") {
      revived.set(index, entry);
      return entry;
    }
    if (Array.isArray(entry) && typeof entry[0] === "string") return reviveTagged(index, entry);
    if (Array.isArray(entry)) {
      const arr: unknown[] = new Array(entry.length);
      revived.set(index, arr);
      entry.forEach((r, i) => {
        if (r !== HOLE) arr[i] = get(r);
      });
      return arr;
    }
    const obj: Record<string, unknown> = {};
    revived.set(index, obj);
    for (const [key, r] of Object.entries(entry)) {
      Object.defineProperty(obj, key, {
        value: get(r),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return obj;
  }

  function reviveTagged(index: number, entry: unknown[]): unknown {
    const [tag, ...rest] = entry;
    let value: unknown;
    switch (tag) {
      case "Date":
        value = new Date(get(rest[0]) as number);
        break;
      case "URL":
        value = new URL(rest[0] as string);
        break;
      case "BigInt":
        value = BigInt(rest[0] as string);
        break;
      case "Signal": {
        // Created empty first, so a value that refers back to its own signal resolves.
        const s = signal<unknown>(undefined);
        revived.set(index, s);
        s.value = get(rest[0]);
        return s;
      }
      case "Map": {
        const map = new Map<unknown, unknown>();
        revived.set(index, map);
        for (let i = 0; i < rest.length; i += 2) map.set(get(rest[i]), get(rest[i + 1]));
        return map;
      }
      case "Set": {
        const set = new Set<unknown>();
        revived.set(index, set);
        for (const r of rest) set.add(get(r));
        return set;
      }
      default:
        throw new CodecError(`Unknown tag ${JSON.stringify(tag)} in serialised props.`);
    }
    revived.set(index, value);
    return value;
  }

  return get(0);
}
