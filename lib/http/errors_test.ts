import assert from "node:assert/strict";
import { AppError, conflictOnDuplicate } from "./errors.ts";

Deno.test("conflictOnDuplicate() turns a unique violation from either driver into a 409", async () => {
  // PGlite names the constraint `constraint`, postgres.js `constraint_name`.
  for (
    const err of [{ code: "23505", constraint: "tags_name" }, {
      code: "23505",
      constraint_name: "x",
    }]
  ) {
    await assert.rejects(
      conflictOnDuplicate("ERR_DUPLICATED_TAG", () => Promise.reject(err)),
      (thrown: unknown) =>
        thrown instanceof AppError && thrown.code === "ERR_DUPLICATED_TAG" && thrown.status === 409,
    );
  }
  const other = { code: "23503" };
  await assert.rejects(
    conflictOnDuplicate("ERR_X", () => Promise.reject(other)),
    (e) => e === other,
  );
  assert.equal(await conflictOnDuplicate("ERR_X", () => Promise.resolve(7)), 7);
});
