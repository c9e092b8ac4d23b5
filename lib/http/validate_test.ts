import assert from "node:assert/strict";
import { z } from "zod";
import { AppError } from "./errors.ts";
import { pageNumberField } from "./list_query.ts";
import { idField, MAX_INTEGER_ID, queryIdField } from "./params.ts";
import { dayField, fieldRefusal, validate } from "./validate.ts";

/** The `fields` of the 400 answer `validate` throws for `value`. */
function refusal(schema: z.ZodType, value: unknown): unknown {
  try {
    validate(schema, value);
  } catch (err) {
    assert.ok(err instanceof AppError);
    assert.deepEqual([err.code, err.status], ["ERR_VALIDATION", 400]);
    return err.details?.fields;
  }
  assert.fail("the value was accepted");
}

const name = z.object({ name: z.string().trim().min(1).min(2).max(50) });

Deno.test("a missing value, a null and a blank text are ERR_REQUIRED", () => {
  for (const body of [{}, { name: null }, { name: "   " }]) {
    assert.deepEqual(refusal(name, body), { name: { code: "ERR_REQUIRED" } });
  }
  assert.deepEqual(refusal(z.object({ planId: z.union([z.number(), z.string()]) }), {}), {
    planId: { code: "ERR_REQUIRED" },
  });
});

Deno.test("texts too short or too long carry their limit", () => {
  assert.deepEqual(refusal(name, { name: "A" }), { name: { code: "ERR_TOO_SHORT", minimum: 2 } });
  assert.deepEqual(refusal(name, { name: "x".repeat(51) }), {
    name: { code: "ERR_TOO_LONG", maximum: 50 },
  });
});

Deno.test("numbers out of range carry their limit; a positive number excludes 0", () => {
  const order = z.object({ order: z.number().int().min(0).max(9999) });
  assert.deepEqual(refusal(order, { order: -1 }), { order: { code: "ERR_TOO_SMALL", minimum: 0 } });
  assert.deepEqual(refusal(order, { order: 10_000 }), {
    order: { code: "ERR_TOO_LARGE", maximum: 9999 },
  });
  assert.deepEqual(refusal(z.object({ id: z.number().positive() }), { id: 0 }), {
    id: { code: "ERR_TOO_SMALL", minimum: 0, exclusive: true },
  });
});

Deno.test("lists too short or too long are ERR_TOO_FEW and ERR_TOO_MANY", () => {
  const tags = z.object({ tags: z.array(z.number()).min(1).max(2) });
  assert.deepEqual(refusal(tags, { tags: [] }), { tags: { code: "ERR_TOO_FEW", minimum: 1 } });
  assert.deepEqual(refusal(tags, { tags: [1, 2, 3] }), {
    tags: { code: "ERR_TOO_MANY", maximum: 2 },
  });
});

Deno.test("a number that is not one, or not whole, is ERR_INVALID_NUMBER", () => {
  const order = z.object({ order: z.coerce.number().int() });
  assert.deepEqual(refusal(order, { order: "abc" }), { order: { code: "ERR_INVALID_NUMBER" } });
  assert.deepEqual(refusal(order, { order: 1.5 }), { order: { code: "ERR_INVALID_NUMBER" } });
  assert.deepEqual(refusal(z.object({ n: z.number() }), { n: "1" }), {
    n: { code: "ERR_INVALID_NUMBER" },
  });
});

Deno.test("an e-mail, an option and a date out of form have their own codes", () => {
  assert.deepEqual(refusal(z.object({ email: z.email() }), { email: "not-mail" }), {
    email: { code: "ERR_INVALID_EMAIL" },
  });
  assert.deepEqual(
    refusal(z.object({ email: z.string().trim().pipe(z.email()) }), { email: "a@b" }),
    { email: { code: "ERR_INVALID_EMAIL" } },
  );
  assert.deepEqual(refusal(z.object({ status: z.enum(["open", "closed"]) }), { status: "x" }), {
    status: { code: "ERR_INVALID_OPTION" },
  });
  assert.deepEqual(refusal(z.object({ day: z.iso.date() }), { day: "2026-13-45" }), {
    day: { code: "ERR_INVALID_DATE" },
  });
});

Deno.test("a code the schema states is the code; any other message is ignored", () => {
  const color = z.object({ color: z.string().regex(/^#[0-9a-f]{6}$/i, "ERR_INVALID_COLOR") });
  assert.deepEqual(refusal(color, { color: "blue" }), { color: { code: "ERR_INVALID_COLOR" } });
  const queue = z.object({ queueId: z.number().nullable() }).refine(
    (value) => value.queueId !== null,
    { message: "ERR_QUEUE_REQUIRED", path: ["queueId"] },
  );
  assert.deepEqual(refusal(queue, { queueId: null }), {
    queueId: { code: "ERR_QUEUE_REQUIRED" },
  });
  const prose = z.object({ slug: z.string().regex(/^[a-z]+$/, "Only letters, please") });
  assert.deepEqual(refusal(prose, { slug: "A1" }), { slug: { code: "ERR_INVALID" } });
});

Deno.test("nested paths are joined with dots and each field keeps its first error", () => {
  const contact = z.object({
    extraInfo: z.array(z.object({ name: z.string().trim().min(1).min(3) })),
  });
  assert.deepEqual(refusal(contact, { extraInfo: [{ name: "ok!" }, { name: "" }] }), {
    "extraInfo.1.name": { code: "ERR_REQUIRED" },
  });
});

Deno.test("a value of the wrong kind that no other code names is ERR_INVALID", () => {
  assert.deepEqual(refusal(z.object({ name: z.string() }), { name: 12 }), {
    name: { code: "ERR_INVALID" },
  });
  assert.deepEqual(refusal(z.object({ on: z.boolean() }), { on: "yes" }), {
    on: { code: "ERR_INVALID" },
  });
});

Deno.test("a custom check's code carries the limits it gives in params", () => {
  const password = z.string().superRefine((value, ctx) => {
    if (value.length < 8) {
      ctx.addIssue({ code: "custom", message: "ERR_WEAK_PASSWORD", params: { minimum: 8 } });
    }
  });
  assert.deepEqual(refusal(z.object({ password }), { password: "abc" }), {
    password: { code: "ERR_WEAK_PASSWORD", minimum: 8 },
  });
});

Deno.test("the value sent never travels back in the answer", () => {
  const fields = refusal(name, { name: "x".repeat(51) }) as Record<string, object>;
  assert.equal(JSON.stringify(fields).includes("xxx"), false);
});

Deno.test("ids: missing is ERR_REQUIRED, anything else that names no record ERR_INVALID_OPTION", () => {
  const body = z.object({ planId: idField() });
  assert.deepEqual(refusal(body, {}), { planId: { code: "ERR_REQUIRED" } });
  for (const planId of [0, -3, 1.5, MAX_INTEGER_ID + 1, "7"]) {
    assert.deepEqual(
      refusal(body, { planId }),
      { planId: { code: "ERR_INVALID_OPTION" } },
      String(planId),
    );
  }
  const query = z.object({ whatsappId: queryIdField() });
  for (const whatsappId of ["abc", "0", "99999999999"]) {
    assert.deepEqual(refusal(query, { whatsappId }), {
      whatsappId: { code: "ERR_INVALID_OPTION" },
    });
  }
  assert.deepEqual(validate(query, { whatsappId: "12" }), { whatsappId: 12 });
});

Deno.test("days: a day that does not exist is ERR_INVALID_DATE, a missing one ERR_REQUIRED", () => {
  const body = z.object({ day: dayField() });
  for (const day of ["2026-02-30", "30/01/2026", 20260130]) {
    assert.deepEqual(refusal(body, { day }), { day: { code: "ERR_INVALID_DATE" } });
  }
  assert.deepEqual(refusal(body, {}), { day: { code: "ERR_REQUIRED" } });
});

Deno.test("page numbers carry zod's codes with their limits", () => {
  const query = z.object({ pageNumber: pageNumberField });
  assert.deepEqual(refusal(query, { pageNumber: "abc" }), {
    pageNumber: { code: "ERR_INVALID_NUMBER" },
  });
  assert.deepEqual(refusal(query, { pageNumber: "0" }), {
    pageNumber: { code: "ERR_TOO_SMALL", minimum: 1 },
  });
  assert.deepEqual(refusal(query, { pageNumber: "100001" }), {
    pageNumber: { code: "ERR_TOO_LARGE", maximum: 100_000 },
  });
});

Deno.test("a field checked by hand answers the same shape; text with NUL is ERR_INVALID_TEXT", () => {
  const refused = fieldRefusal("medias", { code: "ERR_TOO_MANY", maximum: 10 });
  assert.deepEqual([refused.code, refused.status, refused.details], [
    "ERR_VALIDATION",
    400,
    { fields: { medias: { code: "ERR_TOO_MANY", maximum: 10 } } },
  ]);
  assert.throws(
    () =>
      validate(z.object({ note: z.object({ body: z.string() }) }), { note: { body: "a\u0000" } }),
    (err) =>
      err instanceof AppError && err.code === "ERR_INVALID_TEXT" && err.status === 400 &&
      JSON.stringify(err.details) ===
        JSON.stringify({ fields: { "note.body": { code: "ERR_INVALID_TEXT" } } }),
  );
});
