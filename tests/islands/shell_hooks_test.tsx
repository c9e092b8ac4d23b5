/**
 * The shell's hook points (lib/ui/shell_signals.ts) as the menu badges and the bells show
 * them: other features only set signals, and these components must follow.
 */
import "../helpers/dom.ts";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/preact";
import assert from "node:assert/strict";
import { ChatDot, ConnectionsWarning } from "../../islands/MenuBadges.tsx";
import { AnnouncementsBell, ChatBell } from "../../components/shell/topbar/NotificationBells.tsx";
import { initClientI18n } from "../../lib/i18n/client.ts";
import { i18nClientData } from "../../lib/i18n/mod.ts";
import {
  announcementNotices,
  chatNotices,
  CONNECTION_WARNING_DELAY_MS,
  connectionNeedsAttention,
  connectionsNeedAttention,
  unreadChats,
} from "../../lib/ui/shell_signals.ts";

function reset() {
  cleanup();
  connectionsNeedAttention.value = false;
  unreadChats.value = 0;
  announcementNotices.value = [];
  chatNotices.value = [];
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

Deno.test("connection statuses that need attention", () => {
  for (const status of ["qrcode", "PAIRING", "DISCONNECTED", "TIMEOUT", "OPENING"]) {
    assert.equal(connectionNeedsAttention(status), true, status);
  }
  assert.equal(connectionNeedsAttention("CONNECTED"), false);
});

Deno.test("the connections warning shows only after 2 s of trouble", async () => {
  initClientI18n(i18nClientData("pt-BR", ["shell"]));
  try {
    render(<ConnectionsWarning />);
    act(() => void (connectionsNeedAttention.value = true));
    await wait(CONNECTION_WARNING_DELAY_MS / 2);
    assert.equal(screen.queryByRole("img"), null, "not at once");
    // Recovering within the delay never shows it.
    act(() => void (connectionsNeedAttention.value = false));
    await wait(CONNECTION_WARNING_DELAY_MS / 2 + 100);
    assert.equal(screen.queryByRole("img"), null);
    act(() => void (connectionsNeedAttention.value = true));
    await act(async () => void (await wait(CONNECTION_WARNING_DELAY_MS + 100)));
    screen.getByRole("img", { name: "Há conexões que precisam de atenção" });
    act(() => void (connectionsNeedAttention.value = false));
    assert.equal(screen.queryByRole("img"), null, "gone as soon as all is well");
  } finally {
    reset();
  }
});

Deno.test("the chat dot follows the unread count", () => {
  initClientI18n(i18nClientData("en", ["shell"]));
  try {
    render(<ChatDot />);
    assert.equal(screen.queryByRole("img"), null);
    act(() => void (unreadChats.value = 2));
    screen.getByRole("img", { name: "There are unread internal chat messages" });
  } finally {
    reset();
  }
});

Deno.test("the bells say when there is nothing, and list what features put there", () => {
  initClientI18n(i18nClientData("pt-BR", ["shell"]));
  try {
    render(
      <div>
        <AnnouncementsBell />
        <ChatBell />
      </div>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Informativos" }));
    screen.getByText("Nenhum informativo por enquanto.");
    act(() =>
      void (announcementNotices.value = [{
        id: 1,
        title: "Manutenção sábado",
        text: "O sistema fica fora do ar das 22h às 23h.",
        priority: 1,
        mediaPath: null,
        read: false,
        createdAt: "2026-03-01T12:00:00Z",
      }])
    );
    screen.getByText("Manutenção sábado");
    assert.equal(screen.queryByText("Nenhum informativo por enquanto."), null);
    screen.getByRole("button", { name: "Informativos (1)" });

    act(() => {
      unreadChats.value = 3;
      chatNotices.value = [{ uuid: "abc", title: "Vendas", lastMessage: "Oi!", unreads: 3 }];
    });
    fireEvent.click(screen.getByRole("button", { name: "Chat interno (3)" }));
    const link = screen.getByRole("link", { name: /Vendas/ });
    assert.equal(link.getAttribute("href"), "/chats/abc");
    screen.getByRole("link", { name: "Abrir o chat interno" });
  } finally {
    reset();
  }
});
