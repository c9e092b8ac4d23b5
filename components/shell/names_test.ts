import assert from "node:assert/strict";
import { firstName, initialsOf } from "./names.ts";

Deno.test("firstName and initialsOf", () => {
  assert.equal(firstName("  Ana Ribeiro "), "Ana");
  assert.equal(firstName("Mariana"), "Mariana");
  assert.equal(initialsOf("Ana Ribeiro Lima"), "AL");
  assert.equal(initialsOf("ana"), "A");
  assert.equal(initialsOf("Élodie Ørsted"), "ÉØ");
  assert.equal(initialsOf("   "), "?");
});
