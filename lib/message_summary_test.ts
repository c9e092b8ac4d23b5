import assert from "node:assert/strict";
import { kindSummary, readSummary } from "./message_summary.ts";

Deno.test("message summary: a contact card keeps its name, other kinds only the kind", () => {
  assert.equal(kindSummary("contactMessage", "Maria Souza"), "contactMessage:Maria Souza");
  assert.equal(kindSummary("contactMessage"), "contactMessage");
  assert.equal(kindSummary("locationMessage", "ignored"), "locationMessage");
});

Deno.test("message summary: read back, and ordinary text is left alone", () => {
  assert.deepEqual(readSummary("contactMessage:Maria Souza"), {
    kind: "contactMessage",
    name: "Maria Souza",
  });
  assert.deepEqual(readSummary("call_log"), { kind: "call_log", name: "" });
  assert.deepEqual(readSummary("image"), { kind: "image", name: "" });
  assert.equal(readSummary("Olá, tudo bem?"), null);
  assert.equal(readSummary("image: veja a foto"), null);
  assert.equal(readSummary(""), null);
});
