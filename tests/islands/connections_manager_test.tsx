/**
 * The /connections island with a scripted API and a fake socket: each status shows its
 * label and the spec's buttons, the QR dialog draws the QR and closes itself when the
 * session push clears it, deleting asks first, and the menu's attention signal follows.
 * DOM nodes never go to `assert` directly (printing one prints the whole window).
 */
import "../helpers/dom.ts";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/preact";
import assert from "node:assert/strict";
import ConnectionsManager from "../../islands/ConnectionsManager.tsx";
import { applyConnectionEvent, type ConnectionRow } from "../../islands/connections/list_state.ts";
import { resetApi } from "../../lib/client/api.ts";
import { setSharedRealtime } from "../../lib/client/session.ts";
import { initClientI18n } from "../../lib/i18n/client.ts";
import { i18nClientData } from "../../lib/i18n/mod.ts";
import { connectionsNeedAttention } from "../../lib/ui/shell_signals.ts";
import { fakeApi } from "../helpers/fake_api.ts";
import { fakeSocket } from "../helpers/fake_socket.ts";

function row(id: number, name: string, status: string, extra: Partial<ConnectionRow> = {}) {
  return {
    id,
    companyId: 7,
    name,
    status,
    qrcode: "",
    retries: 0,
    isDefault: false,
    provider: "sandbox",
    token: `tok-${id}`,
    greetingMessage: "",
    complationMessage: "",
    outOfHoursMessage: "",
    ratingMessage: "",
    expiresInactiveMessage: "",
    expiresTicket: 0,
    timeUseBotQueues: 0,
    maxUseBotQueues: 3,
    timeToTransfer: 0,
    transferQueueId: null,
    promptId: null,
    integrationId: null,
    schedules: [],
    timeSendQueue: 0,
    sendIdQueue: null,
    queues: [],
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-02T10:00:00.000Z",
    ...extra,
  } as ConnectionRow;
}

const ROWS = [
  row(1, "Aberta", "CONNECTED", { isDefault: true }),
  row(2, "Bravo", "qrcode", { qrcode: "balcao-sandbox:2:abc" }),
  row(3, "Charlie", "DISCONNECTED", { provider: "beta" }),
  row(4, "Delta", "TIMEOUT"),
  row(5, "Echo", "OPENING"),
  row(6, "Foxtrot", "PAIRING"),
];

function setup() {
  initClientI18n(i18nClientData("pt-BR", ["connections"]));
  const socket = fakeSocket();
  setSharedRealtime(socket.client);
  const server = fakeApi({
    "POST /api/whatsappsession/3": () => ({ message: "Session updated." }),
    "PUT /api/whatsappsession/3": () => ({ message: "Session updated." }),
    "DELETE /api/whatsapp/4": () => ({ message: "Whatsapp deleted." }),
  });
  render(
    <ConnectionsManager
      companyId={7}
      initial={ROWS}
      queues={[]}
      canManage
      schedulesApply={false}
    />,
  );
  return { socket, server };
}

function teardown() {
  cleanup();
  setSharedRealtime(null);
  resetApi();
  connectionsNeedAttention.value = false;
}

const textOf = (element: Element | null) => element?.textContent?.trim() ?? "";
const button = (text: string) =>
  [...document.querySelectorAll("button")].find((b) => textOf(b) === text) as HTMLButtonElement;

Deno.test("connections: labels and buttons per status", async () => {
  try {
    const { server } = setup();
    const rowText = (name: string) => textOf(screen.getByText(name).closest("tr"));
    assert.match(rowText("Aberta"), /Conectado.*Desconectar/);
    assert.match(rowText("Bravo"), /Aguardando leitura do QR.*QR CODE/);
    assert.match(rowText("Charlie"), /Desconectado.*Tentar novamente.*Novo QR CODE/);
    assert.ok(!rowText("Charlie").includes("Simulador"), "no simulator for a phone");
    assert.match(rowText("Delta"), /Tempo esgotado.*Tentar novamente.*Novo QR CODE.*Desconectar/);
    assert.match(rowText("Echo"), /Conectando/);
    assert.match(rowText("Foxtrot"), /Pareando.*Desconectar/);
    assert.equal(button("Conectando").disabled, true);
    assert.equal(connectionsNeedAttention.value, true);

    const charlie = screen.getByText("Charlie").closest("tr")!;
    fireEvent.click(
      [...charlie.querySelectorAll("button")].find((b) => textOf(b) === "Tentar novamente")!,
    );
    // A row's buttons wait for the call in flight, so the second click comes after it.
    await waitFor(() => assert.equal(server.calls.length, 1));
    await waitFor(() =>
      assert.ok(
        [...charlie.querySelectorAll("button")].every((b) => !b.disabled),
        "the row's buttons are enabled again",
      )
    );
    fireEvent.click(
      [...charlie.querySelectorAll("button")].find((b) => textOf(b) === "Novo QR CODE")!,
    );
    await waitFor(() => assert.equal(server.calls.length, 2));
    assert.deepEqual(server.calls.map((c) => c.route), [
      "POST /api/whatsappsession/3",
      "PUT /api/whatsappsession/3",
    ]);
    const links = [...document.querySelectorAll("a")].map((a) => a.getAttribute("href"));
    assert.ok(links.includes("/connections/2/simulator"));
  } finally {
    teardown();
  }
});

Deno.test("connections: the QR dialog draws the QR and closes when it is cleared", async () => {
  try {
    const { socket } = setup();
    fireEvent.click(screen.getByText("QR CODE"));
    await waitFor(() => assert.ok(document.querySelector("[data-testid=qr-code] path")));
    const path = document.querySelector("[data-testid=qr-code] path")!.getAttribute("d")!;
    assert.ok(path.length > 100, "the QR has modules");
    act(() =>
      socket.push("company-7-whatsappSession", {
        action: "update",
        session: { ...ROWS[1], status: "CONNECTED", qrcode: "" },
      })
    );
    await waitFor(() =>
      assert.ok(!document.querySelector("[data-testid=qr-code]"), "the QR is gone")
    );
    assert.match(textOf(screen.getByText("Bravo").closest("tr")), /Conectado/);
  } finally {
    teardown();
  }
});

Deno.test("connections: delete asks first; live events keep the list and the signal", async () => {
  try {
    const { socket, server } = setup();
    fireEvent.click(screen.getByLabelText("Excluir a conexão Delta"));
    await waitFor(() => screen.getByText("Excluir a conexão Delta?"));
    assert.equal(server.calls.length, 0, "nothing deleted before confirming");
    const dialog = within(document.getElementById("connection-delete")!);
    fireEvent.click(dialog.getByRole("button", { name: "Excluir", hidden: true }));
    await waitFor(() => assert.ok(!screen.queryByText("Delta"), "Delta is gone"));
    assert.deepEqual(server.calls.map((c) => c.route), ["DELETE /api/whatsapp/4"]);

    for (const id of [2, 3, 5, 6]) {
      act(() => socket.push("company-7-whatsapp", { action: "delete", whatsappId: id }));
    }
    await waitFor(() => assert.equal(connectionsNeedAttention.value, false));
    act(() =>
      socket.push("company-7-whatsapp", {
        action: "update",
        whatsapp: { ...ROWS[0], status: "DISCONNECTED", token: undefined },
      })
    );
    await waitFor(() => assert.equal(connectionsNeedAttention.value, true));
  } finally {
    teardown();
  }
});

Deno.test("connection events keep the token and the QR the page knew", () => {
  const rows = [ROWS[1]!];
  const after = applyConnectionEvent(rows, {
    action: "update",
    whatsapp: { ...ROWS[1], qrcode: "", token: undefined, name: "Bravo 2" },
  });
  assert.equal(after[0]!.qrcode, "balcao-sandbox:2:abc", "the company push blanks no QR");
  assert.equal(after[0]!.token, "tok-2");
  assert.equal(after[0]!.name, "Bravo 2");
  const defaults = applyConnectionEvent([ROWS[0]!, ROWS[1]!], {
    action: "update",
    whatsapp: { id: 2, isDefault: true },
  });
  assert.deepEqual(defaults.map((r) => [r.id, r.isDefault]), [[1, false], [2, true]]);
});
