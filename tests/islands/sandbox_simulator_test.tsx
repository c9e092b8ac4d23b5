/**
 * The sandbox simulator's "typing…" (issue 18): shown under the open customer's name while
 * Balcão says it is composing in that chat (the session channel's `presence` event), gone
 * when it says it paused or when its next message arrives; another chat's or another
 * connection's typing is not shown here.
 */
import "../helpers/dom.ts";
import assert from "node:assert/strict";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/preact";
import SandboxSimulator from "../../islands/SandboxSimulator.tsx";
import { setSharedRealtime } from "../../lib/client/session.ts";
import { initClientI18n } from "../../lib/i18n/client.ts";
import { i18nClientData } from "../../lib/i18n/mod.ts";
import { channels } from "../../lib/realtime/channels.ts";
import { resetApi } from "../../lib/client/api.ts";
import { clearToasts } from "../../lib/ui/toast.ts";
import { fakeApi } from "../helpers/fake_api.ts";
import { fakeSocket } from "../helpers/fake_socket.ts";

const ANA = "5511900000001";
const message = (id: string, direction: "in" | "out", body: string) => ({
  id,
  direction,
  name: direction === "in" ? "Ana" : "",
  body,
  ack: direction === "out" ? 3 : 0,
  quotedId: null,
  media: null,
  location: null,
  vcard: null,
  isDeleted: false,
  createdAt: "2026-11-26T10:00:00.000Z",
});

Deno.test("sandbox simulator: 'typing…' while Balcão composes in the open chat", async () => {
  initClientI18n(i18nClientData("pt-BR", ["simulator", "connections"]));
  const socket = fakeSocket();
  setSharedRealtime(socket.client);
  const conversation = [message("in-1", "in", "Oi"), message("out-1", "out", "Olá!")];
  fakeApi({
    "GET /api/sandbox/3/conversation": () => ({ messages: conversation }),
    "GET /api/sandbox/3/customers": () => ({ customers: [] }),
    "POST /api/sandbox/3/inbound": () => {
      conversation.push(message("in-2", "in", "Quero um orçamento"));
      conversation.push(message("out-2", "out", "Claro! Para quando?"));
      return { id: "in-2" };
    },
  });
  try {
    render(
      <SandboxSimulator
        companyId={7}
        connection={{ id: 3, name: "Loja", status: "CONNECTED" }}
        customers={[{ number: ANA, name: "Ana", lastBody: "Olá!", lastAt: "" }]}
      />,
    );
    await waitFor(() => screen.getByText("Olá!"));
    const typing = () => screen.getByTestId("sim-typing").textContent;
    const presence = (data: Record<string, unknown>) =>
      socket.push(channels.whatsappSession(7), { action: "presence", ...data });
    assert.equal(typing(), "");

    presence({ connectionId: 3, number: "5511900000002", presence: "composing" });
    presence({ connectionId: 4, number: ANA, presence: "composing" });
    assert.equal(typing(), "", "another chat's or another connection's typing");

    presence({ connectionId: 3, number: ANA, presence: "composing" });
    assert.equal(typing(), "digitando…");
    presence({ connectionId: 3, number: ANA, presence: "paused" });
    assert.equal(typing(), "");

    presence({ connectionId: 3, number: ANA, presence: "composing" });
    assert.equal(typing(), "digitando…");
    // The customer writes; the conversation read after it holds Balcão's answer.
    fireEvent.input(screen.getByPlaceholderText("Escreva como o cliente…"), {
      target: { value: "Quero um orçamento" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Enviar" }));
    await waitFor(() => screen.getByText("Claro! Para quando?"));
    assert.equal(typing(), "", "Balcão's next message ends it");
  } finally {
    cleanup();
    setSharedRealtime(null);
    resetApi();
    clearToasts();
  }
});
