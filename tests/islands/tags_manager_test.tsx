import "../helpers/dom.ts";
import assert from "node:assert/strict";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/preact";
import TagsManager from "../../islands/TagsManager.tsx";
import { initClientI18n } from "../../lib/i18n/client.ts";
import { i18nClientData } from "../../lib/i18n/mod.ts";
import { clearToasts, toasts } from "../../lib/ui/toast.ts";
import { createTestCompany, createTestUser } from "../helpers/accounts.ts";
import { callerFor } from "../helpers/api_client.ts";
import { actAs } from "../helpers/island_backend.ts";
import { openRealtimeTestApp } from "../helpers/realtime_app.ts";
import { until } from "../helpers/until.ts";

const names = () =>
  screen.queryAllByRole("row").slice(1).map((row) => row.querySelector("td")?.textContent);

Deno.test("TagsManager: pages, search, add, edit, delete and live updates", async (t) => {
  initClientI18n(i18nClientData("pt-BR", ["tags"]));
  const env = await openRealtimeTestApp();
  const companyId = await createTestCompany(env.db);
  const admin = await callerFor(env.app, env.jwtKey, await createTestUser(env.db, companyId));
  const colleague = await callerFor(
    env.app,
    env.jwtKey,
    await createTestUser(env.db, companyId, { profile: "user" }),
  );
  for (let i = 1; i <= 24; i++) {
    await admin.json("POST", "/api/tags", { name: `Bulk ${String(i).padStart(2, "0")}` });
  }
  const backend = actAs(env, admin);
  try {
    render(<TagsManager companyId={companyId} canSetKanban />);
    await backend.ready;

    await t.step("the first page, then the next one when scrolled to the end", async () => {
      await until(() => screen.getByText("Bulk 01"));
      assert.equal(names().length, 20);
      // happy-dom lays nothing out, so every scroll position counts as "at the end".
      fireEvent.scroll(screen.getByTestId("tags-scroll"));
      await until(() => screen.getByText("Bulk 24"));
      assert.equal(names().length, 24);
    });

    await t.step("search waits for typing to pause, lowercases and starts over", async () => {
      fireEvent.input(screen.getByRole("searchbox", { name: "Pesquisar tags" }), {
        target: { value: "BULK 2" },
      });
      assert.equal(names().length, 24, "nothing happens while typing");
      await until(
        () => assert.deepEqual(names(), ["Bulk 20", "Bulk 21", "Bulk 22", "Bulk 23", "Bulk 24"]),
        {
          timeoutMs: 2000,
        },
      );
      fireEvent.input(screen.getByRole("searchbox"), { target: { value: "" } });
      await until(() => assert.equal(names().length, 20), { timeoutMs: 2000 });
    });

    await t.step("the dialog checks the name, then creates the tag", async () => {
      fireEvent.click(screen.getByRole("button", { name: "Nova tag" }));
      const dialog = within(await screen.findByRole("dialog"));
      fireEvent.click(dialog.getByRole("button", { name: "Salvar" }));
      await dialog.findByText("Obrigatório");
      fireEvent.input(dialog.getByLabelText(/Nome/), { target: { value: "AB" } });
      fireEvent.click(dialog.getByRole("button", { name: "Salvar" }));
      await dialog.findByText("Muito curto! Mínimo de 3 caracteres.");
      fireEvent.input(dialog.getByLabelText(/Nome/), { target: { value: "Aaa Prioridade" } });
      fireEvent.click(dialog.getByRole("radio", { name: "Cor #ef4444" }));
      fireEvent.click(dialog.getByRole("switch", { name: "Mostrar no Kanban" }));
      fireEvent.click(dialog.getByRole("button", { name: "Salvar" }));
      await until(() => document.querySelector("dialog") === null);
      assert.equal(names()[0], "Aaa Prioridade");
      const row = screen.getAllByRole("row")[1]!;
      within(row).getByText("Sim");
      assert.ok(toasts.value.some((toast) => toast.message === "Tag salva."));
      const saved = (await admin.json("GET", "/api/tags/list")).body
        .find((tag: { name: string }) => tag.name === "Aaa Prioridade");
      assert.equal(saved.color, "#ef4444");
      assert.equal(saved.kanban, 1);
    });

    await t.step("a duplicate name shows the server's answer", async () => {
      fireEvent.click(screen.getByRole("button", { name: "Editar a tag Bulk 01" }));
      const dialog = within(await screen.findByRole("dialog"));
      fireEvent.input(dialog.getByLabelText(/Nome/), { target: { value: "bulk 02" } });
      fireEvent.click(dialog.getByRole("button", { name: "Salvar" }));
      await until(() =>
        assert.ok(toasts.value.some((toast) => toast.messageKey === "errors.ERR_DUPLICATED_TAG"))
      );
      fireEvent.input(dialog.getByLabelText(/Nome/), { target: { value: "Bulk Um" } });
      fireEvent.click(dialog.getByRole("button", { name: "Salvar" }));
      await until(() => document.querySelector("dialog") === null);
      screen.getByText("Bulk Um");
    });

    await t.step("delete asks first", async () => {
      fireEvent.click(screen.getByRole("button", { name: "Excluir a tag Bulk Um" }));
      const dialog = within(await screen.findByRole("dialog"));
      dialog.getByText(/A tag “Bulk Um” será excluída/);
      fireEvent.click(dialog.getByRole("button", { name: "Excluir" }));
      await until(() => screen.queryByText("Bulk Um") === null);
      assert.equal((await admin.json("GET", "/api/tags/list")).body.length, 24);
    });

    await t.step("changes made elsewhere appear by themselves", async () => {
      const made = await colleague.json("POST", "/api/tags", { name: "Aab De outra aba" });
      await until(() => screen.getByText("Aab De outra aba"));
      await colleague.json("PUT", `/api/tags/${made.body.id}`, { name: "Aab Renomeada" });
      await until(() => screen.getByText("Aab Renomeada"));
      await colleague.request("DELETE", `/api/tags/${made.body.id}`);
      await until(() => screen.queryByText("Aab Renomeada") === null);
    });
  } finally {
    cleanup();
    clearToasts();
    backend.stop();
    await env.close();
  }
});

Deno.test("TagsManager: plain users get no kanban switch", async () => {
  initClientI18n(i18nClientData("en", ["tags"]));
  const env = await openRealtimeTestApp();
  const companyId = await createTestCompany(env.db);
  const agent = await callerFor(
    env.app,
    env.jwtKey,
    await createTestUser(env.db, companyId, { profile: "user" }),
  );
  const backend = actAs(env, agent);
  try {
    render(<TagsManager companyId={companyId} canSetKanban={false} />);
    // In its rooms before the test ends: a socket still connecting when the server shuts
    // down keeps the shutdown waiting.
    await backend.ready;
    await until(() => screen.getByText("No tags yet"));
    fireEvent.click(screen.getAllByRole("button", { name: "New tag" })[0]!);
    const dialog = within(await screen.findByRole("dialog"));
    assert.equal(dialog.queryByRole("switch"), null);
    fireEvent.input(dialog.getByLabelText(/Name/), { target: { value: "Support" } });
    fireEvent.click(dialog.getByRole("button", { name: "Save" }));
    await until(() => document.querySelector("dialog") === null);
    assert.deepEqual(names(), ["Support"]);
  } finally {
    cleanup();
    clearToasts();
    backend.stop();
    await env.close();
  }
});
