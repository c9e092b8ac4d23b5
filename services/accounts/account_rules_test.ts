import assert from "node:assert/strict";
import {
  checkEmail,
  checkName,
  checkPassword,
  checkPhone,
  checkResetCode,
  checkStrongPassword,
  formatPhone,
  normalizeResetCode,
  passwordStrength,
  phoneDigits,
  safeNextPath,
} from "./account_rules.ts";
import { trialDueDate } from "./signup.ts";

Deno.test("account rules - the phone mask (99) 99999-9999, as typed", () => {
  const steps = ["", "1", "11", "119", "11912", "119123", "1191234", "11912345", "1191234567"];
  assert.deepEqual(steps.map(formatPhone), [
    "",
    "(1",
    "(11",
    "(11) 9",
    "(11) 912",
    "(11) 9123",
    "(11) 9123-4",
    "(11) 9123-45",
    "(11) 9123-4567",
  ]);
  assert.equal(formatPhone("11912345678"), "(11) 91234-5678");
  assert.equal(formatPhone("(11) 91234-56789"), "(11) 91234-5678", "at most 11 digits");
  assert.equal(formatPhone("ab11c9"), "(11) 9");
});

Deno.test("account rules - phone digits: mask punctuation goes, letters are refused", () => {
  assert.equal(phoneDigits("(11) 91234-5678"), "11912345678");
  assert.equal(phoneDigits("+55 11 91234.5678"), "5511912345678");
  assert.equal(phoneDigits("11 9abc"), null);
  assert.equal(checkPhone(""), null, "optional");
  assert.equal(checkPhone("11912345678"), null);
  assert.equal(checkPhone("119123456789")?.code, "ERR_INVALID_PHONE");
  assert.equal(checkPhone("11-x")?.code, "ERR_INVALID_PHONE");
});

Deno.test("account rules - names, e-mails and passwords", () => {
  assert.deepEqual(checkName(" A "), { code: "ERR_TOO_SHORT", minimum: 2 }, "with its limit");
  assert.deepEqual(checkPassword("x".repeat(51)), { code: "ERR_TOO_LONG", maximum: 50 });
  assert.equal(checkName(" ")?.code, "ERR_REQUIRED");
  assert.equal(checkName(" A ")?.code, "ERR_TOO_SHORT");
  assert.equal(checkName("Ab"), null);
  assert.equal(checkName("x".repeat(50)), null);
  assert.equal(checkName("x".repeat(51))?.code, "ERR_TOO_LONG");
  assert.equal(checkEmail("")?.code, "ERR_REQUIRED");
  assert.equal(checkEmail("a@b")?.code, "ERR_INVALID_EMAIL");
  assert.equal(checkEmail(" ana.souza+vendas@padaria.com.br "), null);
  assert.equal(checkPassword("")?.code, "ERR_REQUIRED");
  assert.equal(checkPassword("1234")?.code, "ERR_TOO_SHORT");
  assert.equal(checkPassword("12345"), null);
  assert.equal(checkPassword("x".repeat(51))?.code, "ERR_TOO_LONG");
});

Deno.test("account rules - the strong password rule of the reset (admin §5)", () => {
  assert.deepEqual(passwordStrength("abc"), {
    length: false,
    upper: false,
    lower: true,
    digit: false,
  });
  assert.equal(checkStrongPassword("")?.code, "ERR_REQUIRED");
  assert.equal(checkStrongPassword("Abcdef1")?.code, "ERR_WEAK_PASSWORD", "7 characters");
  assert.equal(checkStrongPassword("abcdefg1")?.code, "ERR_WEAK_PASSWORD", "no upper case");
  assert.equal(checkStrongPassword("ABCDEFG1")?.code, "ERR_WEAK_PASSWORD", "no lower case");
  assert.equal(checkStrongPassword("Abcdefgh")?.code, "ERR_WEAK_PASSWORD", "no digit");
  assert.equal(checkStrongPassword("Abcdefg1"), null);
  assert.equal(checkStrongPassword("Ção12345"), null, "accented letters count");
  assert.equal(checkStrongPassword("Ab1" + "x".repeat(48))?.code, "ERR_TOO_LONG");
});

Deno.test("account rules - reset codes as typed from the mail", () => {
  assert.equal(normalizeResetCode(" 1234 5678 "), "12345678");
  assert.equal(normalizeResetCode("1234-5678"), "12345678");
  assert.equal(checkResetCode("")?.code, "ERR_REQUIRED");
  assert.equal(checkResetCode("1234 5678"), null);
  assert.deepEqual(checkResetCode("1"), { code: "ERR_INVALID_RESET_CODE", length: 8 });
  assert.equal(checkResetCode("1234567")?.code, "ERR_INVALID_RESET_CODE");
  assert.equal(checkResetCode("1234567a")?.code, "ERR_INVALID_RESET_CODE");
});

Deno.test("account rules - after signing in, only same-site paths", () => {
  assert.equal(safeNextPath(undefined), "/");
  assert.equal(safeNextPath(""), "/");
  assert.equal(safeNextPath("/tickets/7?tab=open#m1"), "/tickets/7?tab=open#m1");
  for (
    const bad of [
      "//evil.example",
      "/\\evil.example",
      "https://evil.example",
      "javascript:alert(1)",
      "tickets",
      "/\tevil",
      "/a\\b",
    ]
  ) {
    assert.equal(safeNextPath(bad), "/", bad);
  }
});

Deno.test("sign-up - the trial ends three days after today (UTC)", () => {
  assert.equal(trialDueDate(new Date("2026-02-27T23:59:00Z")), "2026-03-02");
  assert.equal(trialDueDate(new Date("2026-12-30T00:00:00Z")), "2027-01-02");
});
