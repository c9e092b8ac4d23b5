import assert from "node:assert/strict";
import { titleWithCount } from "./tab_title.ts";

Deno.test("tab title: the unread count leads, capped at 99+, absent at zero", () => {
  assert.equal(titleWithCount("Atendimentos – Balcão", 0), "Atendimentos – Balcão");
  assert.equal(titleWithCount("Atendimentos – Balcão", 3), "(3) Atendimentos – Balcão");
  assert.equal(titleWithCount("Atendimentos – Balcão", 150), "(99+) Atendimentos – Balcão");
});
