import assert from "node:assert/strict";
import { profileBody, serverFieldErrors, validateProfile } from "./profile_form.ts";

const SAVED = "ana@example.com";

Deno.test("profile form: name 2 to 50, e-mail valid, password empty or 5 to 50", () => {
  const current = { currentPassword: "old-pass" };
  assert.deepEqual(
    validateProfile({ name: "Ana", email: SAVED, password: "", currentPassword: "" }, SAVED),
    {},
  );
  assert.deepEqual(validateProfile({ name: " ", email: "", password: "abc", ...current }, SAVED), {
    name: "required",
    email: "required",
    password: "tooShort",
  });
  assert.deepEqual(
    validateProfile({ name: "A", email: "ana@", password: "x".repeat(51), ...current }, SAVED),
    { name: "tooShort", email: "invalidEmail", password: "tooLong" },
  );
  assert.deepEqual(
    validateProfile(
      { name: "x".repeat(51), email: "a@b.co", password: "12345", ...current },
      SAVED,
    ),
    { name: "tooLong" },
  );
});

Deno.test("profile form: a new e-mail or password needs the current password", () => {
  const base = { name: "Ana", email: SAVED, password: "", currentPassword: "" };
  assert.deepEqual(validateProfile({ ...base, email: " ANA@example.com " }, SAVED), {});
  assert.deepEqual(validateProfile({ ...base, email: "nova@example.com" }, SAVED), {
    currentPassword: "currentRequired",
  });
  assert.deepEqual(validateProfile({ ...base, password: "segredo1" }, SAVED), {
    currentPassword: "currentRequired",
  });
  assert.deepEqual(profileBody({ ...base, currentPassword: "typed anyway" }, SAVED), {
    name: "Ana",
    email: SAVED,
  }, "not sent when nothing asks for it");
  assert.deepEqual(profileBody({ ...base, password: "segredo1", currentPassword: "old" }, SAVED), {
    name: "Ana",
    email: SAVED,
    password: "segredo1",
    currentPassword: "old",
  });
});

Deno.test("profile form: the body carries the password only when one was typed", () => {
  const none = { currentPassword: "" };
  assert.deepEqual(
    profileBody({ name: " Ana ", email: " ana@example.com ", password: "", ...none }, SAVED),
    { name: "Ana", email: "ana@example.com" },
  );
  assert.deepEqual(
    profileBody({ name: "Ana", email: "a@b.co", password: " secret ", ...none }, SAVED),
    { name: "Ana", email: "a@b.co", password: " secret " },
  );
});

Deno.test("profile form: the spec's server texts become keys, others are shown as sent", () => {
  assert.deepEqual(
    serverFieldErrors({ name: "Too Short!", email: "Already taken", other: "Required" }),
    { keys: { name: "tooShort" }, raw: { email: "Already taken" } },
  );
  assert.deepEqual(serverFieldErrors(undefined), { keys: {}, raw: {} });
});
