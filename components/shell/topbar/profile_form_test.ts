import assert from "node:assert/strict";
import { profileBody, serverFieldErrors, validateProfile } from "./profile_form.ts";

Deno.test("profile form: name 2 to 50, e-mail valid, password empty or 5 to 50", () => {
  assert.deepEqual(validateProfile({ name: "Ana", email: "ana@example.com", password: "" }), {});
  assert.deepEqual(validateProfile({ name: " ", email: "", password: "abc" }), {
    name: "required",
    email: "required",
    password: "tooShort",
  });
  assert.deepEqual(
    validateProfile({ name: "A", email: "ana@", password: "x".repeat(51) }),
    { name: "tooShort", email: "invalidEmail", password: "tooLong" },
  );
  assert.deepEqual(validateProfile({ name: "x".repeat(51), email: "a@b.co", password: "12345" }), {
    name: "tooLong",
  });
});

Deno.test("profile form: the body carries the password only when one was typed", () => {
  assert.deepEqual(profileBody({ name: " Ana ", email: " ana@example.com ", password: "" }), {
    name: "Ana",
    email: "ana@example.com",
  });
  assert.deepEqual(profileBody({ name: "Ana", email: "a@b.co", password: " secret " }), {
    name: "Ana",
    email: "a@b.co",
    password: " secret ",
  });
});

Deno.test("profile form: the spec's server texts become keys, others are shown as sent", () => {
  assert.deepEqual(
    serverFieldErrors({ name: "Too Short!", email: "Already taken", other: "Required" }),
    { keys: { name: "tooShort" }, raw: { email: "Already taken" } },
  );
  assert.deepEqual(serverFieldErrors(undefined), { keys: {}, raw: {} });
});
