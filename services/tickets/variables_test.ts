import assert from "node:assert/strict";
import { greetingFor, renderVariables } from "./variables.ts";

const at = (hour: number) => new Date(2026, 10, 23, hour, 5, 9);

Deno.test("greeting by the time of day", () => {
  assert.equal(greetingFor(at(3)), "Boa madrugada");
  assert.equal(greetingFor(at(6)), "Bom dia");
  assert.equal(greetingFor(at(12)), "Boa tarde");
  assert.equal(greetingFor(at(18)), "Boa noite");
});

Deno.test("variables are filled in; unknown ones stay as typed", () => {
  const text = renderVariables(
    "{{ms}}, {{firstName}}! {{ name }} · {{protocol}} · {{hora}} · {{other}} {{constructor}}",
    { contactName: " Maria da Silva ", ticketId: 42, now: at(9) },
  );
  assert.equal(
    text,
    "Bom dia, Maria! Maria da Silva · 2026112309050942 · 09:05:09 · {{other}} {{constructor}}",
  );
});
