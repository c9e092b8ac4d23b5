import "../helpers/dom.ts";
import assert from "node:assert/strict";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/preact";
import QuickMessagesManager from "../../islands/QuickMessagesManager.tsx";
import { initClientI18n } from "../../lib/i18n/client.ts";
import { i18nClientData } from "../../lib/i18n/mod.ts";
import { clearToasts } from "../../lib/ui/toast.ts";
import { createTestCompany, createTestUser } from "../helpers/accounts.ts";
import { callerFor } from "../helpers/api_client.ts";
import { actAs } from "../helpers/island_backend.ts";
import { openRealtimeTestApp } from "../helpers/realtime_app.ts";
import { until } from "../helpers/until.ts";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 7, 7]);

/** The first cell of each body row. */
const shortcodes = () =>
  screen.queryAllByRole("row").slice(1).map((row) =>
    row.querySelector("td span.font-mono")?.textContent
  );

/** Chooses `file` in the dialog's hidden file input, as the browser would. */
function chooseFile(dialog: HTMLElement, file: File) {
  const input = dialog.querySelector<HTMLInputElement>("input[type=file]")!;
  Object.defineProperty(input, "files", { value: [file], configurable: true });
  fireEvent.change(input);
}

Deno.test("QuickMessagesManager: own and shared messages, dialog, attachment, live", async (t) => {
  initClientI18n(i18nClientData("pt-BR", ["quickMessages"]));
  const dataDir = await Deno.makeTempDir({ prefix: "balcao-qm-island-" });
  const env = await openRealtimeTestApp({ DATA_DIR: dataDir });
  const companyId = await createTestCompany(env.db);
  const make = async (profile: "user" | "admin") =>
    await callerFor(env.app, env.jwtKey, await createTestUser(env.db, companyId, { profile }));
  const ana = await make("user");
  const bia = await make("user");
  await bia.json("POST", "/api/quick-messages", { shortcode: "horario", geral: true });
  await bia.json("POST", "/api/quick-messages", { shortcode: "segredo-da-bia" });
  await ana.json("POST", "/api/quick-messages", { shortcode: "oi", message: "Olá!" });
  const backend = actAs(env, ana);
  try {
    render(<QuickMessagesManager companyId={companyId} userId={ana.user.id} isAdmin={false} />);
    await backend.ready;

    await t.step("the list shows mine and the shared ones; only mine can be changed", async () => {
      await until(() => screen.getByText("/oi"));
      assert.deepEqual(shortcodes(), ["/horario", "/oi"]);
      const rows = screen.getAllByRole("row");
      within(rows[1]!).getByText("Empresa");
      within(rows[1]!).getByText("Sem anexo");
      assert.equal(within(rows[1]!).queryByRole("button"), null, "bia's shared one is read-only");
      within(rows[2]!).getByRole("button", { name: "Editar a resposta /oi" });
    });

    await t.step("a new message with a variable, shared, with an attachment", async () => {
      fireEvent.click(screen.getByRole("button", { name: "Nova resposta" }));
      const dialog = await screen.findByRole("dialog");
      const inDialog = within(dialog);
      fireEvent.click(inDialog.getByRole("button", { name: "Salvar" }));
      await inDialog.findByText("Obrigatório");
      fireEvent.input(inDialog.getByLabelText(/Atalho/), { target: { value: "/preco" } });
      fireEvent.input(inDialog.getByLabelText("Mensagem"), {
        target: { value: "Olá , segue a tabela." },
      });
      const text = inDialog.getByLabelText("Mensagem") as HTMLTextAreaElement;
      text.setSelectionRange(4, 4);
      fireEvent.click(inDialog.getByRole("button", { name: "{{firstName}}" }));
      assert.equal(text.value, "Olá {{firstName}}, segue a tabela.");
      fireEvent.click(inDialog.getByRole("switch", { name: "Disponível para toda a empresa" }));
      chooseFile(dialog, new File([PNG], "tabela de preços.png", { type: "image/png" }));
      inDialog.getByText("tabela de preços.png");
      fireEvent.click(inDialog.getByRole("button", { name: "Salvar" }));
      await until(() => document.querySelector("dialog") === null);
      assert.deepEqual(shortcodes(), ["/horario", "/oi", "/preco"]);
      const row = screen.getAllByRole("row")[3]!;
      const link = within(row).getByRole("link", { name: "tabela_de_preços.png" });
      assert.match(link.getAttribute("href")!, /^\/api\/media\/\d+\/quick-messages\//);
      const served = await bia.request("GET", link.getAttribute("href")!);
      assert.deepEqual(new Uint8Array(await served.arrayBuffer()), PNG);
      const stored = (await bia.json("GET", "/api/quick-messages/list")).body
        .find((m: { shortcode: string }) => m.shortcode === "preco");
      assert.equal(stored.message, "Olá {{firstName}}, segue a tabela.");
    });

    await t.step("a refused file is explained under the field; removing drops it", async () => {
      fireEvent.click(screen.getByRole("button", { name: "Editar a resposta /preco" }));
      const dialog = await screen.findByRole("dialog");
      const inDialog = within(dialog);
      chooseFile(dialog, new File(["<html></html>"], "pagina.png", { type: "image/png" }));
      fireEvent.click(inDialog.getByRole("button", { name: "Salvar" }));
      await until(() => inDialog.getByText(/Tipo de arquivo não permitido/));
      fireEvent.click(inDialog.getByRole("button", { name: "Remover" }));
      inDialog.getByText("Sem anexo");
      fireEvent.click(inDialog.getByRole("button", { name: "Salvar" }));
      await until(() => document.querySelector("dialog") === null);
      within(screen.getAllByRole("row")[3]!).getByText("Sem anexo");
      const folder = `${dataDir}/media/${companyId}/quick-messages`;
      assert.deepEqual([...Deno.readDirSync(folder)], [], "the file left the disk too");
    });

    await t.step("delete asks first", async () => {
      fireEvent.click(screen.getByRole("button", { name: "Excluir a resposta /oi" }));
      const dialog = within(await screen.findByRole("dialog"));
      fireEvent.click(dialog.getByRole("button", { name: "Excluir" }));
      await until(() => screen.queryByText("/oi") === null);
      assert.deepEqual(shortcodes(), ["/horario", "/preco"]);
    });

    await t.step("others' shared messages come and go live; private ones never", async () => {
      const shared = await bia.json("POST", "/api/quick-messages", {
        shortcode: "boas-vindas",
        geral: true,
      });
      await bia.json("POST", "/api/quick-messages", { shortcode: "rascunho" });
      await until(() => screen.getByText("/boas-vindas"));
      await bia.json("PUT", `/api/quick-messages/${shared.body.id}`, { geral: false });
      await until(() => screen.queryByText("/boas-vindas") === null);
      assert.deepEqual(shortcodes(), ["/horario", "/preco"]);
    });
  } finally {
    cleanup();
    clearToasts();
    backend.stop();
    await env.close();
    await Deno.remove(dataDir, { recursive: true });
  }
});
