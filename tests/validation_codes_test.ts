/**
 * Validation answers are codes, never prose (issue 16 item 7): a zod schema in routes/,
 * services/ or lib/ states rules, and any message it gives is itself a code (`"ERR_…"`),
 * whose sentence lives in locales/. This reads the source, so a "Too Long!" or an
 * "Opção inválida" cannot come back unnoticed: lib/http/validate.ts would ignore it, and the
 * screen would show something else than the schema's author meant.
 */
import assert from "node:assert/strict";
import { dirname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = normalize(join(dirname(fileURLToPath(import.meta.url)), ".."));

/**
 * lib/config.ts checks the environment at start-up and prints its problems to the operator
 * in English; it never answers a request.
 */
const NOT_REQUEST_VALIDATION = new Set(["lib/config.ts"]);

/** zod methods whose message is the argument after the rule's value. */
const MESSAGE_SECOND = new Set([
  "min",
  "max",
  "length",
  "gt",
  "gte",
  "lt",
  "lte",
  "multipleOf",
  "regex",
  "refine",
  "startsWith",
  "endsWith",
  "includes",
  "enum",
  "array",
  "object",
  "literal",
]);
/** zod methods and types whose message (or error option) is the first argument. */
const MESSAGE_FIRST = new Set([
  "string",
  "number",
  "boolean",
  "bigint",
  "date",
  "email",
  "url",
  "uuid",
  "int",
  "positive",
  "negative",
  "nonnegative",
  "nonpositive",
  "nonempty",
  "finite",
  "safe",
  "iso",
  "datetime",
  "time",
]);

/** The text of a quoted literal starting at `text[start]`, and where it ends. */
function readQuoted(text: string, start: number): { value: string; end: number } {
  const quote = text[start]!;
  let index = start + 1;
  let value = "";
  while (index < text.length && text[index] !== quote) {
    if (text[index] === "\\") index++;
    value += text[index];
    index++;
  }
  return { value, end: index + 1 };
}

/**
 * The arguments of the call whose `(` is at `open`, as source texts (strings, regex
 * literals and nested brackets kept whole), split at the call's own commas.
 */
export function callArguments(text: string, open: number): string[] {
  const args: string[] = [];
  let depth = 0;
  let current = "";
  let index = open;
  while (index < text.length) {
    const char = text[index]!;
    if (char === '"' || char === "'" || char === "`") {
      const { end } = readQuoted(text, index);
      current += text.slice(index, end);
      index = end;
      continue;
    }
    // A regex literal follows an opening bracket or a comma.
    if (char === "/" && /[(,[]\s*$/.test(current.slice(-20)) && text[index + 1] !== "/") {
      let end = index + 1;
      let inClass = false;
      while (end < text.length && (text[end] !== "/" || inClass)) {
        if (text[end] === "\\") end++;
        else if (text[end] === "[") inClass = true;
        else if (text[end] === "]") inClass = false;
        end++;
      }
      current += text.slice(index, end + 1);
      index = end + 1;
      continue;
    }
    if ("([{".includes(char)) {
      depth++;
      if (depth === 1) {
        index++;
        continue;
      }
    }
    if (")]}".includes(char)) {
      depth--;
      if (depth === 0) {
        if (current.trim()) args.push(current.trim());
        return args;
      }
    }
    if (char === "," && depth === 1) {
      args.push(current.trim());
      current = "";
    } else current += char;
    index++;
  }
  return args;
}

/** A literal message (quoted, whole argument or an `error`/`message` option) that is prose. */
function proseIn(argument: string | undefined): string | null {
  if (argument === undefined) return null;
  const whole = /^(["'`])(.*)\1$/s.exec(argument);
  const option = /^\{[^{}]*\b(?:error|message)\s*:\s*(["'`])(.*?)\1/s.exec(argument);
  const message = whole?.[2] ?? option?.[2];
  return message !== undefined && !message.startsWith("ERR_") ? message : null;
}

/** Each prose message a zod schema in `text` carries, as "line: message". */
export function proseMessages(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/\.(\w+)\(/g)) {
    const method = match[1]!;
    const position = MESSAGE_SECOND.has(method) ? 1 : MESSAGE_FIRST.has(method) ? 0 : -1;
    if (position < 0) continue;
    const open = match.index! + match[0].length - 1;
    const prose = proseIn(callArguments(text, open)[position]);
    if (prose !== null) {
      found.push(`${text.slice(0, open).split("\n").length}: ${method}(… "${prose}")`);
    }
  }
  // Issues a custom check adds by hand.
  for (const match of text.matchAll(/addIssue\(/g)) {
    const open = match.index! + match[0].length - 1;
    const prose = proseIn(callArguments(text, open)[0]);
    if (prose !== null) {
      found.push(`${text.slice(0, open).split("\n").length}: addIssue "${prose}"`);
    }
  }
  return found;
}

async function zodFiles(dir: string): Promise<string[]> {
  const files: string[] = [];
  for await (const entry of Deno.readDir(join(ROOT, dir))) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory) files.push(...await zodFiles(path));
    else if (/\.tsx?$/.test(entry.name) && !/_test\.tsx?$/.test(entry.name)) {
      const text = await Deno.readTextFile(join(ROOT, path));
      if (/from "zod"/.test(text) && !NOT_REQUEST_VALIDATION.has(path)) files.push(path);
    }
  }
  return files;
}

Deno.test("validation codes - no zod schema in routes/, services/ or lib/ carries a prose message", async () => {
  const offences: string[] = [];
  for (const dir of ["routes", "services", "lib"]) {
    for (const file of await zodFiles(dir)) {
      for (const found of proseMessages(await Deno.readTextFile(join(ROOT, file)))) {
        offences.push(`${file}:${found}`);
      }
    }
  }
  assert.deepEqual(offences, []);
});

Deno.test("validation codes - the scan sees prose in each way a schema can give it", () => {
  const source = `
    const A = z.string({ error: "Obrigatório" }).trim().min(1, "Required").max(50, "Too Long!");
    const B = z.string().regex(/^[0-9+()\\-.\\s]+$/, "Digits only").email("Invalid email");
    const C = z.enum(["a", "b"], { message: "Opção inválida" }).refine((v) => f(v, 2), 'Bad');
    const D = z.number("Required").int().positive();
    ctx.addIssue({ code: "custom", message: \`Too many\` });
    const fine = z.string().min(2).max(9, "ERR_TOO_LONG").refine(ok, { error: "ERR_X" });
    const data = z.literal("Required").default("Too Long!").startsWith("x");
  `;
  assert.deepEqual(proseMessages(source).map((line) => line.replace(/^\d+: /, "")), [
    'string(… "Obrigatório")',
    'min(… "Required")',
    'max(… "Too Long!")',
    'regex(… "Digits only")',
    'email(… "Invalid email")',
    'enum(… "Opção inválida")',
    'refine(… "Bad")',
    'number(… "Required")',
    'addIssue "Too many"',
  ]);
});
