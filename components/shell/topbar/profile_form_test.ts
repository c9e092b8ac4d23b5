import assert from "node:assert/strict";
import { profileBody, validateProfile } from "./profile_form.ts";

const SAVED = "ana@example.com";

Deno.test("profile form: name 2 to 50, e-mail valid, password empty or 5 to 50", () => {
  const current = { currentPassword: "old-pass" };
  assert.deepEqual(
    validateProfile({ name: "Ana", email: SAVED, password: "", currentPassword: "" }, SAVED),
    {},
  );
  assert.deepEqual(validateProfile({ name: " ", email: "", password: "abc", ...current }, SAVED), {
    name: { code: "ERR_REQUIRED" },
    email: { code: "ERR_REQUIRED" },
    password: { code: "ERR_TOO_SHORT", minimum: 5 },
  });
  assert.deepEqual(
    validateProfile({ name: "A", email: "ana@", password: "x".repeat(51), ...current }, SAVED),
    {
      name: { code: "ERR_TOO_SHORT", minimum: 2 },
      email: { code: "ERR_INVALID_EMAIL" },
      password: { code: "ERR_TOO_LONG", maximum: 50 },
    },
  );
  assert.deepEqual(
    validateProfile(
      { name: "x".repeat(51), email: "a@b.co", password: "12345", ...current },
      SAVED,
    ),
    { name: { code: "ERR_TOO_LONG", maximum: 50 } },
  );
});

Deno.test("profile form: a new e-mail or password needs the current password", () => {
  const base = { name: "Ana", email: SAVED, password: "", currentPassword: "" };
  const required = { currentPassword: { code: "ERR_CURRENT_PASSWORD_REQUIRED" } };
  assert.deepEqual(validateProfile({ ...base, email: " ANA@example.com " }, SAVED), {});
  assert.deepEqual(validateProfile({ ...base, email: "nova@example.com" }, SAVED), required);
  assert.deepEqual(validateProfile({ ...base, password: "segredo1" }, SAVED), required);
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
