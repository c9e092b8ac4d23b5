import "../helpers/dom.ts";
import { cleanup, fireEvent, render, screen } from "@testing-library/preact";
import assert from "node:assert/strict";
import ChatsPage from "../../islands/ChatsPage.tsx";
import { initClientI18n } from "../../lib/i18n/client.ts";
import { i18nClientData } from "../../lib/i18n/mod.ts";

const member = (id: number, name: string) => ({ userId: id, unreads: 0, user: { id, name } });
const chat = (id: number, title: string, names: string[]) => ({
  id,
  uuid: `00000000-0000-4000-8000-00000000000${id}`,
  title,
  ownerId: 1,
  lastMessage: "",
  updatedAt: `2026-03-0${id}T10:00:00Z`,
  users: [member(1, "Ana Souza"), ...names.map((name, i) => member(10 * id + i, name))],
});

Deno.test("ChatsPage - the search keeps the chats whose title or a member's name matches", () => {
  initClientI18n(i18nClientData("pt-BR", ["chats"]));
  try {
    render(
      <ChatsPage
        userId={1}
        companyId={1}
        chats={[chat(2, "Plantão noturno", ["Caio"]), chat(1, "Financeiro", ["Bia Lima"])]}
        openId={null}
        colleagues={[]}
      />,
    );
    const titles = () =>
      [...document.querySelectorAll("[data-chat] span span:first-child")].map((el) =>
        el.textContent
      );
    assert.deepEqual(titles(), ["Plantão noturno", "Financeiro"]);
    const search = screen.getAllByRole("searchbox", {
      name: "Buscar por título ou participante",
    })[0]!;
    fireEvent.input(search, { target: { value: "plantao" } });
    assert.deepEqual(titles(), ["Plantão noturno"]);
    fireEvent.input(search, { target: { value: "LIMA" } });
    assert.deepEqual(titles(), ["Financeiro"]);
    fireEvent.input(search, { target: { value: "ninguém" } });
    assert.deepEqual(titles(), []);
    screen.getAllByText("Nenhuma conversa encontrada.");
    fireEvent.input(search, { target: { value: "" } });
    assert.equal(titles().length, 2);
  } finally {
    cleanup();
  }
});
