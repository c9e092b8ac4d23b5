import assert from "node:assert/strict";
import { can, PERMISSIONS } from "./permissions.ts";

Deno.test("can: admins and the super user hold every named permission, users none", () => {
  for (const permission of PERMISSIONS) {
    assert.equal(can({ profile: "admin", super: false }, permission), true);
    assert.equal(can({ profile: "user", super: true }, permission), true);
    assert.equal(can({ profile: "user", super: false }, permission), false);
  }
});
