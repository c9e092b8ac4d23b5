/**
 * The /users island against the real app: its API calls reach a served app on a test
 * database, and its live updates come through the real hub and a real socket.
 *
 * DOM nodes never go to `assert` directly: a failing assertion would print the node with
 * everything it references, the whole window, which takes minutes.
 */
import { DenoEvent } from "../helpers/deno_event.ts";
import "../helpers/dom.ts";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/preact";
import assert from "node:assert/strict";
import UsersManager from "../../islands/UsersManager.tsx";
import Toaster from "../../islands/Toaster.tsx";
import { configureApi, resetApi } from "../../lib/client/api.ts";
import { connectRealtime } from "../../lib/client/realtime.ts";
import { setSharedRealtime } from "../../lib/client/session.ts";
import { sql } from "../../lib/db/mod.ts";
import { initClientI18n } from "../../lib/i18n/client.ts";
import { i18nClientData } from "../../lib/i18n/mod.ts";
import { clearToasts } from "../../lib/ui/toast.ts";
import { usersPageData } from "../../services/users/page_data.ts";
import { createTestCompany, createTestUser } from "../helpers/accounts.ts";
import { call, createTestQueue, tokenFor } from "../helpers/users.ts";
import { openServedApp } from "../helpers/served_app.ts";

const SLOW = { timeout: 3000 };

async function openWorld() {
  const served = await openServedApp();
  const { db, jwtKey, wsUrl, httpUrl } = served;
  const companyId = await createTestCompany(db);
  const admin = await createTestUser(db, companyId);
  const token = await tokenFor(db, jwtKey, admin);
  configureApi({
    baseUrl: httpUrl,
    fetch: (input, init = {}) =>
      fetch(input, {
        ...init,
        headers: { ...init.headers as Record<string, string>, Authorization: `Bearer ${token}` },
      }),
    onSignedOut: () => {
      throw new Error("the island signed out");
    },
  });
  const domEvent = globalThis.Event;
  globalThis.Event = DenoEvent;
  const realtime = connectRealtime({ url: `${wsUrl}?token=${token}` });
  setSharedRealtime(realtime);
  initClientI18n(i18nClientData("pt-BR", ["users"]));
  return {
    db,
    app: served.app,
    companyId,
    admin,
    token,
    realtime,
    async close() {
      cleanup();
      clearToasts();
      realtime.close();
      setSharedRealtime(null);
      globalThis.Event = domEvent;
      resetApi();
      await served.close();
    },
  };
}

const row = (name: string | RegExp) => screen.getByRole("row", { name });
const rowNames = () =>
  screen.getAllByRole("row").slice(1).map((tr) => tr.querySelector("td p")?.textContent ?? "");

Deno.test("users island: add, edit, search, delete and live updates", async (t) => {
  const world = await openWorld();
  try {
    const { db, companyId, admin } = world;
    const vendas = await createTestQueue(db, companyId, { name: "Vendas", color: "#16a34a" });
    await createTestQueue(db, companyId, { name: "Suporte", color: "#fde047" });
    const viewer = { userId: admin.id, companyId, profile: "admin", super: false } as const;
    const data = await usersPageData(db, { ...viewer, tokenVersion: 0 });
    render(
      <>
        <UsersManager {...data} />
        <Toaster />
      </>,
    );

    await t.step("the first page comes with the page", () => {
      screen.getByRole("heading", { name: "Usuários" });
      screen.getByText("1 usuário");
      assert.ok(within(row(/\(você\)/)).getAllByText("Administrador").length > 0);
      const ownDelete = screen.getByRole("button", { name: /^Excluir / });
      assert.equal((ownDelete as HTMLButtonElement).disabled, true, "nobody deletes themself");
    });

    await t.step("adding: the server's messages show under their fields, translated", async () => {
      fireEvent.click(screen.getByRole("button", { name: "Adicionar usuário" }));
      const dialog = screen.getByRole("dialog", { name: "Novo usuário" });
      assert.equal((dialog as HTMLDialogElement).open, true);
      within(dialog).getByText(/conexões do WhatsApp aparecem aqui/);
      fireEvent.click(screen.getByRole("button", { name: "Salvar" }));
      await within(dialog).findAllByText("Obrigatório", undefined, SLOW);
      assert.equal(within(dialog).getAllByText("Obrigatório").length, 3);

      fireEvent.input(within(dialog).getByLabelText(/^Nome/), { target: { value: "Carla Souza" } });
      fireEvent.input(within(dialog).getByLabelText(/^E-mail/), {
        target: { value: "carla@example.com" },
      });
      fireEvent.input(within(dialog).getByLabelText(/^Senha/), { target: { value: "12345" } });
      fireEvent.click(within(dialog).getByLabelText("Vendas"));
      fireEvent.click(within(dialog).getByRole("switch", { name: "Ver atendimentos sem fila" }));
      fireEvent.click(screen.getByRole("button", { name: "Salvar" }));
      await screen.findByText("Usuário salvo com sucesso!", undefined, SLOW);
      assert.equal((dialog as HTMLDialogElement).open, false);
      within(row(/Carla Souza/)).getByText("Vendas");
      const stored = await db.one<{ all_ticket: string; queues: number[] }>(sql`
        select all_ticket, array(select queue_id from user_queues where user_id = u.id) as queues
        from users u where email = 'carla@example.com'`);
      assert.deepEqual(stored, { all_ticket: "enabled", queues: [vendas.id] });
    });

    await t.step("editing: the dialog opens filled in; a blank password is kept", async () => {
      fireEvent.click(screen.getByRole("button", { name: "Editar Carla Souza" }));
      const dialog = screen.getByRole("dialog", { name: "Editar usuário" });
      const name = within(dialog).getByLabelText(/^Nome/) as HTMLInputElement;
      assert.equal(name.value, "Carla Souza");
      assert.equal((within(dialog).getByLabelText(/^Senha/) as HTMLInputElement).value, "");
      within(dialog).getByText("Deixe em branco para manter a senha atual.");
      fireEvent.input(name, { target: { value: "Carla Lima" } });
      fireEvent.click(screen.getByRole("button", { name: "Salvar" }));
      await waitFor(() => assert.equal((dialog as HTMLDialogElement).open, false), SLOW);
      screen.getByRole("row", { name: /Carla Lima/ });
      assert.ok(!screen.queryByRole("row", { name: /Carla Souza/ }));
    });

    await t.step("a taken e-mail is shown under the e-mail field", async () => {
      fireEvent.click(screen.getByRole("button", { name: "Editar Carla Lima" }));
      const dialog = screen.getByRole("dialog", { name: "Editar usuário" });
      fireEvent.input(within(dialog).getByLabelText(/^E-mail/), {
        target: { value: admin.email },
      });
      fireEvent.click(screen.getByRole("button", { name: "Salvar" }));
      await within(dialog).findByText("Este e-mail já está em uso.", undefined, SLOW);
      fireEvent.click(within(dialog).getByRole("button", { name: "Cancelar" }));
      assert.equal((dialog as HTMLDialogElement).open, false);
    });

    await t.step("editing oneself, a new e-mail asks for the current password", async () => {
      const { name } = await db.one<{ name: string }>(
        sql`select name from users where id = ${admin.id}`,
      );
      fireEvent.click(screen.getByRole("button", { name: `Editar ${name}` }));
      const dialog = screen.getByRole("dialog", { name: "Editar usuário" });
      fireEvent.input(within(dialog).getByLabelText(/^E-mail/), {
        target: { value: "eu.mesmo@example.com" },
      });
      fireEvent.click(screen.getByRole("button", { name: "Salvar" }));
      await within(dialog).findByText(
        "Digite sua senha atual para alterar seu e-mail ou sua senha.",
        undefined,
        SLOW,
      );
      const before = await db.one(sql`select email from users where id = ${admin.id}`);
      assert.equal(before.email, admin.email, "nothing changed");
      fireEvent.input(within(dialog).getByLabelText(/^Senha atual/), {
        target: { value: admin.password },
      });
      fireEvent.click(screen.getByRole("button", { name: "Salvar" }));
      await waitFor(() => assert.equal((dialog as HTMLDialogElement).open, false), SLOW);
      const after = await db.one(sql`select email from users where id = ${admin.id}`);
      assert.equal(after.email, "eu.mesmo@example.com");
    });

    await t.step("another admin's changes arrive live", async () => {
      const res = await call(world.app, "POST", "/api/users", world.token, {
        name: "Bruno Live",
        email: "bruno.live@example.com",
        password: "12345",
      });
      assert.equal(res.status, 201);
      await screen.findByRole("row", { name: /Bruno Live/ }, SLOW);
      assert.deepEqual(rowNames().slice(0, 2), ["Bruno Live", "Carla Lima"], "in name order");
      await call(world.app, "DELETE", `/api/users/${res.body.id}`, world.token);
      await waitFor(
        () => assert.ok(!screen.queryByRole("row", { name: /Bruno Live/ })),
        SLOW,
      );
    });

    await t.step("search waits for 3 characters and a pause; clearing shows all", async () => {
      const box = screen.getByRole("searchbox", { name: "Pesquisar usuários" });
      fireEvent.input(box, { target: { value: "CA" } });
      await new Promise((resolve) => setTimeout(resolve, 700));
      assert.equal(rowNames().length, 2, "two characters do not search");
      fireEvent.input(box, { target: { value: "CARLA" } });
      await waitFor(() => assert.equal(rowNames().length, 1), SLOW);
      screen.getByText("1 usuário");
      fireEvent.input(box, { target: { value: "nobody-here" } });
      await screen.findByText("Nenhum usuário encontrado", undefined, SLOW);
      fireEvent.input(box, { target: { value: "" } });
      await waitFor(() => assert.equal(rowNames().length, 2), SLOW);
    });

    await t.step("deleting asks first, then removes the row", async () => {
      fireEvent.click(screen.getByRole("button", { name: "Excluir Carla Lima" }));
      const dialog = screen.getByRole("dialog", { name: "Excluir Carla Lima?" });
      fireEvent.click(within(dialog).getByRole("button", { name: "Excluir" }));
      await screen.findByText("Usuário excluído com sucesso!", undefined, SLOW);
      assert.ok(!screen.queryByRole("row", { name: /Carla Lima/ }));
      const left = await db.maybeOne(sql`select 1 from users where name = 'Carla Lima'`);
      assert.equal(left, undefined);
    });
  } finally {
    await world.close();
  }
});

Deno.test("users island: fields follow the permissions; scrolling loads the next page", async () => {
  const world = await openWorld();
  const scrollHeight = Object.getOwnPropertyDescriptor(
    globalThis.HTMLElement.prototype,
    "scrollHeight",
  );
  try {
    const { db, companyId, admin } = world;
    const extras = Array.from(
      { length: 25 },
      (_, i) =>
        sql`(${companyId}, ${`Pessoa ${String(i + 1).padStart(2, "0")}`}, ${`p${i}@example.com`},
        'unusable', 'user')`,
    );
    await db.run(sql`insert into users (company_id, name, email, password_hash, profile)
      values ${sql.join(extras)}`);
    // happy-dom lays nothing out: give the list a height taller than its box, so it scrolls.
    Object.defineProperty(globalThis.HTMLElement.prototype, "scrollHeight", {
      configurable: true,
      get() {
        return 2000;
      },
    });
    const data = await usersPageData(db, {
      userId: admin.id,
      companyId,
      profile: "admin",
      super: false,
      tokenVersion: 0,
    });
    render(
      <UsersManager
        {...data}
        permissions={{ editProfile: false, editQueues: false }}
      />,
    );
    assert.equal(rowNames().length, 20);
    screen.getByText("26 usuários");

    const scroller = screen.getByTestId("users-scroll");
    Object.defineProperty(scroller, "clientHeight", { configurable: true, value: 500 });
    scroller.scrollTop = 1000;
    fireEvent.scroll(scroller);
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.equal(rowNames().length, 20, "600 px from the end: nothing more yet");
    scroller.scrollTop = 1450;
    fireEvent.scroll(scroller);
    await waitFor(() => assert.equal(rowNames().length, 26), SLOW);

    fireEvent.click(screen.getByRole("button", { name: "Adicionar usuário" }));
    const dialog = screen.getByRole("dialog", { name: "Novo usuário" });
    for (const label of [/^Perfil/, /^Conexão padrão/]) {
      assert.ok(!within(dialog).queryByLabelText(label));
    }
    assert.ok(!within(dialog).queryByRole("switch"));
    assert.ok(!within(dialog).queryByRole("group", { name: "Filas" }));
    act(() => void (dialog as HTMLDialogElement).close());
  } finally {
    if (scrollHeight) {
      Object.defineProperty(globalThis.HTMLElement.prototype, "scrollHeight", scrollHeight);
    } else {
      delete (globalThis.HTMLElement.prototype as { scrollHeight?: number }).scrollHeight;
    }
    await world.close();
  }
});
