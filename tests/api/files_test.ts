/**
 * File lists (`/api/files`, admin §2 "Files", §5, §7; issue 20 item 2): the checks on name
 * and message, names unique per company, each option's upload, options dropped with their
 * files, tenancy, and a campaign sending its file list's files before its media with the
 * message as caption.
 */
import assert from "node:assert/strict";
import { random } from "../../services/campaigns/shipping.ts";
import { answer } from "../helpers/api_as.ts";
import { openCampaignEnv } from "../helpers/campaign_env.ts";

const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

/** No jitter: the first shipment is due at once. */
random.next = () => 0;

function uploadForm(pairs: [number, File][]): FormData {
  const form = new FormData();
  form.append("typeArch", "fileList");
  for (const [id, file] of pairs) {
    form.append("files", file);
    form.append("id", String(id));
  }
  return form;
}

Deno.test("[api] file lists: checks, unique names, uploads, tenancy, campaign order", async (t) => {
  const env = await openCampaignEnv();
  const { admin, otherAdmin, agent, ok, services } = env;
  try {
    let list: {
      id: number;
      options: { id: number; name: string; path: string | null; mediaName: string | null }[];
    };

    await t.step("a short name and a missing message are refused with their codes", async () => {
      const refused = await answer(await admin("POST", "/api/files", { name: "ab", message: " " }));
      assert.equal(refused.status, 400);
      assert.deepEqual([refused.body.fields.name.code, refused.body.fields.message.code], [
        "ERR_FILE_NAME_TOO_SHORT",
        "ERR_FILE_MESSAGE_REQUIRED",
      ]);
      const { files } = await ok(admin("GET", "/api/files"));
      assert.deepEqual(files, []);
    });

    await t.step("create with options; the same name in another case is a 409", async () => {
      list = await ok(admin("POST", "/api/files", {
        name: "Catálogo",
        message: "Nossos arquivos",
        options: [{ name: "Tabela" }, { name: "Foto" }],
      }));
      assert.deepEqual(list.options.map((o) => [o.name, o.path]), [["Tabela", null], [
        "Foto",
        null,
      ]]);
      const taken = await answer(
        await admin("POST", "/api/files", { name: "CATÁLOGO", message: "x" }),
      );
      assert.deepEqual([taken.status, taken.body.error], [409, "ERR_FILE_NAME_EXISTS"]);
      // Another company may use the name.
      await ok(otherAdmin("POST", "/api/files", { name: "Catálogo", message: "Deles" }));
      const found = await ok(admin("GET", "/api/files?searchParam=catál"));
      assert.deepEqual(found.files.map((f: { id: number }) => f.id), [list.id]);
    });

    await t.step("each option gets its file; only this company's admins may upload", async () => {
      const [tabela, foto] = list.options;
      const form = () =>
        uploadForm([
          [tabela!.id, new File([PDF], "tabela de preços.pdf", { type: "application/pdf" })],
          [foto!.id, new File([PNG], "foto.png", { type: "image/png" })],
        ]);
      const foreign = await answer(
        await otherAdmin("POST", `/api/files/uploadList/${list.id}`, form()),
      );
      assert.equal(foreign.status, 404);
      const notAdmin = await answer(
        await agent("POST", `/api/files/uploadList/${list.id}`, form()),
      );
      assert.equal(notAdmin.status, 403);
      const mismatched = uploadForm([[tabela!.id, new File([PDF], "a.pdf")]]);
      mismatched.append("id", String(foto!.id));
      const pairs = await answer(
        await admin("POST", `/api/files/uploadList/${list.id}`, mismatched),
      );
      assert.deepEqual([pairs.status, pairs.body.fields], [400, {
        files: "ERR_FILE_UPLOAD_PAIRS",
      }]);
      list = await ok(admin("POST", `/api/files/uploadList/${list.id}`, form()));
      assert.deepEqual(list.options.map((o) => o.mediaName), ["tabela_de_preços.pdf", "foto.png"]);
      assert.ok(await services.media.read(list.options[1]!.path!));
    });

    await t.step("options left out of an update are deleted with their files", async () => {
      const [tabela, foto] = list.options;
      const updated = await ok(admin("PUT", `/api/files/${list.id}`, {
        name: "Catálogo",
        message: "Nossos arquivos",
        options: [{ id: tabela!.id, name: "Tabela 2026" }, { name: "Extra" }],
      }));
      assert.deepEqual(updated.options.map((o: { name: string }) => o.name), [
        "Tabela 2026",
        "Extra",
      ]);
      assert.equal(updated.options[0].path, tabela!.path);
      assert.equal(await services.media.read(foto!.path!), undefined);
      const foreign = await answer(await otherAdmin("GET", `/api/files/${list.id}`));
      assert.equal(foreign.status, 404);
      list = updated;
    });

    await t.step("a campaign sends the list's files, then its media with the caption", async () => {
      const listId = await env.makeList("Arquivos", [["Rui", "11987654001"]]);
      const campaign = await ok(admin("POST", "/api/campaigns", {
        name: "Com arquivos",
        message1: "Veja, {nome}",
        contactListId: listId,
        whatsappId: env.connectionId,
        fileListId: list.id,
      }));
      const media = new FormData();
      media.append("file", new File([PNG], "banner.png", { type: "image/png" }));
      const withMedia = await ok(
        admin("POST", `/api/campaigns/${campaign.id}/media-upload`, media),
      );
      assert.equal(withMedia.mediaName, "banner.png");
      await ok(admin("PUT", `/api/campaigns/${campaign.id}`, {
        name: "Com arquivos",
        message1: "Veja, {nome}",
        contactListId: listId,
        whatsappId: env.connectionId,
        fileListId: list.id,
        scheduledAt: new Date(env.clock.now().getTime() - 60_000).toISOString(),
      }));
      await env.sweep();
      await env.drain();
      // The option without a file ("Extra") sends nothing; spaces in names became "_".
      assert.deepEqual(await env.received("5511987654001"), [
        { body: "", mediaName: "tabela_de_preços.pdf" },
        { body: "Veja, Rui", mediaName: "banner.png" },
      ]);
    });

    await t.step(
      "delete (even in use by a campaign) removes the files; again is a 404",
      async () => {
        const path = list.options[0]!.path!;
        const res = await admin("DELETE", `/api/files/${list.id}`);
        assert.equal(res.status, 204);
        assert.equal(await services.media.read(path), undefined);
        assert.equal((await answer(await admin("DELETE", `/api/files/${list.id}`))).status, 404);
      },
    );
  } finally {
    await env.close();
  }
});
