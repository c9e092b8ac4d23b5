import assert from "node:assert/strict";
import { mediaFile } from "./disk_store.ts";
import { displayName } from "./store.ts";
import { checkMediaType, fileTypeOf } from "./types.ts";

Deno.test("media - shown names: spaces become underscores, folders and control bytes go", () => {
  assert.equal(displayName("tabela de preços.pdf"), "tabela_de_preços.pdf");
  assert.equal(displayName("C:\\Users\\ana\\foto 1.png"), "foto_1.png");
  assert.equal(displayName("../../etc/passwd"), "passwd");
  assert.equal(displayName("..hidden\u0000.txt"), "hidden.txt");
  assert.equal(displayName("   "), "arquivo");
  const long = displayName(`${"a".repeat(300)}.pdf`);
  assert.equal(long.length, 120);
  assert.ok(long.endsWith(".pdf"));
});

Deno.test("media - only paths inside the media folder resolve", () => {
  assert.equal(mediaFile("/data", "3/quick-messages/a.png"), "/data/media/3/quick-messages/a.png");
  assert.equal(mediaFile("/data", "../secret"), undefined);
  assert.equal(mediaFile("/data", "3/../../secret"), undefined);
  assert.equal(mediaFile("/data", "/etc/passwd"), undefined);
  assert.equal(mediaFile("/data", ""), undefined);
});

Deno.test("media - a file must be an allowed type and look like one", () => {
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  assert.equal(checkMediaType("a.PNG", png), "image");
  assert.equal(checkMediaType("a.txt", new TextEncoder().encode("olá")), "document");
  for (
    const [name, head] of [["a.jpg", png], ["a.svg", png], ["a", png], ["a.txt", [0]]] as const
  ) {
    assert.throws(
      () => checkMediaType(name, new Uint8Array(head)),
      (err: Error & { code?: string; status?: number }) =>
        err.code === "ERR_MEDIA_TYPE_NOT_ALLOWED" && err.status === 415,
      name,
    );
  }
  assert.deepEqual(fileTypeOf("x.mp4"), { mime: "video/mp4", kind: "video" });
  assert.equal(fileTypeOf("x.html"), undefined);
});
