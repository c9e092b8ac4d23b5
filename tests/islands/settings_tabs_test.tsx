import { testWindow } from "../helpers/dom.ts";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/preact";
import assert from "node:assert/strict";
import SettingsTabs from "../../islands/SettingsTabs.tsx";
import { DEFAULT_SETTINGS } from "../../services/accounts/settings.ts";
import { initClientI18n } from "../../lib/i18n/client.ts";
import { i18nClientData } from "../../lib/i18n/mod.ts";
import { clearToasts, toasts } from "../../lib/ui/toast.ts";
import { fakeApi } from "../helpers/fake_api.ts";

// The island keeps the tab in the address through the History API.
Object.defineProperty(globalThis, "history", {
  value: testWindow.history,
  configurable: true,
  writable: true,
});

const SETTINGS = Object.entries(DEFAULT_SETTINGS).map(([key, value]) => ({ key, value }));
const CREDENTIALS = [
  { key: "ipixc", value: "" },
  { key: "tokenixc", value: "••••••••9f3a" },
  { key: "ipmkauth", value: "" },
  { key: "clientidmkauth", value: "" },
  { key: "clientsecretmkauth", value: "" },
  { key: "asaas", value: "" },
];
const VIEWERS = {
  agent: { isAdmin: false, isSuper: false },
  admin: { isAdmin: true, isSuper: false },
  super: { isAdmin: true, isSuper: true },
};

function renderTabs(viewer: keyof typeof VIEWERS, overrides: Record<string, string> = {}) {
  const settings = SETTINGS.map((s) => ({ ...s, value: overrides[s.key] ?? s.value }));
  return render(
    <SettingsTabs
      settings={settings}
      credentials={viewer === "agent" ? [] : CREDENTIALS}
      companyId={7}
      schedules={[]}
      {...VIEWERS[viewer]}
    />,
  );
}

function tabNames(): string[] {
  return screen.getAllByRole("tab").map((tab) => tab.textContent ?? "");
}

function lastToast() {
  return toasts.value.at(-1);
}

function test(name: string, fn: () => Promise<void> | void) {
  Deno.test(`SettingsTabs - ${name}`, async () => {
    initClientI18n(i18nClientData("pt-BR", ["settings", "admin"]));
    testWindow.history.replaceState(null, "", "/settings");
    try {
      await fn();
    } finally {
      cleanup();
      clearToasts();
    }
  });
}

test("a plain user sees only Options, read-only", () => {
  fakeApi({});
  renderTabs("agent", { scheduleType: "company" });
  assert.deepEqual(tabNames(), ["Opções"]);
  screen.getByText("Somente administradores podem alterar estas opções.");
  const rating = screen.getByLabelText("Avaliações") as HTMLSelectElement;
  assert.equal(rating.disabled, true);
});

test("an admin changes an option: saved at once, with the spec's toast", async () => {
  const server = fakeApi({
    "PUT /api/settings/userRating": (call) => ({ key: "userRating", ...(call.body as object) }),
  });
  renderTabs("admin");
  assert.deepEqual(tabNames(), ["Opções"]);
  const rating = screen.getByLabelText("Avaliações") as HTMLSelectElement;
  assert.equal(rating.value, "disabled");
  fireEvent.change(rating, { target: { value: "enabled" } });
  await waitFor(() => assert.equal(lastToast()?.message, "Operação atualizada com sucesso."));
  assert.deepEqual(server.calls.map((c) => [c.route, c.body]), [
    ["PUT /api/settings/userRating", { value: "enabled" }],
  ]);
  assert.equal((screen.getByLabelText("Avaliações") as HTMLSelectElement).value, "enabled");
});

test("the ISP credentials: only admins see them, masked; a new value is saved on change", async () => {
  const server = fakeApi({
    "PUT /api/settings/asaas": () => ({ key: "asaas", value: "••••••••wMDA", masked: true }),
    "PUT /api/settings/tokenixc": () => ({ key: "tokenixc", value: "", masked: true }),
  });
  renderTabs("admin");
  const token = screen.getByLabelText("IXC: token") as HTMLInputElement;
  assert.equal(token.value, "", "a stored value is never put back in the box");
  assert.equal(token.placeholder, "••••••••9f3a");
  assert.equal(token.type, "password");
  const asaas = screen.getByLabelText("Asaas: chave da API") as HTMLInputElement;
  assert.equal(asaas.placeholder, "Digite o valor");
  fireEvent.input(asaas, { target: { value: " $aact_new_key_0000 " } });
  fireEvent.change(asaas, { target: { value: " $aact_new_key_0000 " } });
  await waitFor(() => assert.equal(lastToast()?.message, "Operação atualizada com sucesso."));
  await waitFor(() => assert.equal(asaas.placeholder, "••••••••wMDA"));
  assert.equal(asaas.value, "", "the typed secret leaves the page once saved");
  fireEvent.click(screen.getByRole("button", { name: "Remover IXC: token" }));
  await waitFor(() => assert.equal(token.placeholder, "Digite o valor"));
  assert.deepEqual(server.calls.map((c) => [c.route, c.body]), [
    ["PUT /api/settings/asaas", { value: "$aact_new_key_0000" }],
    ["PUT /api/settings/tokenixc", { value: "" }],
  ]);

  cleanup();
  renderTabs("agent");
  assert.equal(screen.queryByText("Integrações de provedores (ISP)"), null);
});

test("a refused change goes back to the stored value and says why", async () => {
  fakeApi({ "PUT /api/settings/call": () => [403, { error: "ERR_NO_PERMISSION" }] });
  renderTabs("admin");
  const call = screen.getByLabelText("Aceitar chamadas") as HTMLSelectElement;
  fireEvent.change(call, { target: { value: "disabled" } });
  await waitFor(() => assert.equal(lastToast()?.tone, "error"));
  assert.equal(call.value, "enabled");
});

test("choosing 'Por empresa' shows the Schedules tab to an admin at once", async () => {
  fakeApi({
    "PUT /api/settings/scheduleType": () => ({ key: "scheduleType", value: "company" }),
  });
  renderTabs("admin");
  fireEvent.change(screen.getByLabelText("Agendamento de expediente"), {
    target: { value: "company" },
  });
  await waitFor(() => assert.deepEqual(tabNames(), ["Opções", "Horários"]));
});

test("Schedules: the default week, a wrong day blocks saving, saving sends the week", async () => {
  const server = fakeApi({
    "PUT /api/companies/7/schedules": (call) => call.body,
  });
  renderTabs("admin", { scheduleType: "company" });
  fireEvent.click(screen.getByRole("tab", { name: "Horários" }));
  assert.equal(testWindow.location.search, "?tab=schedules");
  const mondayEnd = screen.getByLabelText("Segunda-feira: Fim") as HTMLInputElement;
  assert.equal(mondayEnd.value, "18:00");
  assert.equal((screen.getByLabelText("Domingo: Início") as HTMLInputElement).value, "00:00");

  fireEvent.input(mondayEnd, { target: { value: "07:00" } });
  screen.getByText("O fim não pode ser antes do início.");
  const save = screen.getByRole("button", { name: "Salvar horários" }) as HTMLButtonElement;
  assert.equal(save.disabled, true);

  fireEvent.input(mondayEnd, { target: { value: "17:30" } });
  fireEvent.click(save);
  await waitFor(() => assert.equal(lastToast()?.message, "Horários atualizados com sucesso."));
  const sent = (server.calls[0]?.body as { schedules: { weekdayEn: string; endTime: string }[] })
    .schedules;
  assert.equal(sent.length, 7);
  assert.deepEqual(sent[0], {
    weekday: "Segunda-feira",
    weekdayEn: "monday",
    startTime: "08:00",
    endTime: "17:30",
  });
});

test("the super user also gets Companies, Plans and Help, and ?tab= opens one", async () => {
  fakeApi({
    "GET /api/plans": () => ({
      plans: [{
        id: 1,
        name: "Ouro",
        users: 5,
        connections: 2,
        queues: 3,
        value: 1234.5,
        useCampaigns: true,
        useSchedules: true,
        useInternalChat: true,
        useExternalApi: false,
        useKanban: true,
        useOpenAi: true,
        useIntegrations: true,
      }],
      hasMore: false,
    }),
  });
  render(
    <SettingsTabs
      settings={SETTINGS}
      credentials={CREDENTIALS}
      companyId={1}
      schedules={[]}
      isAdmin
      isSuper
      initialTab="plans"
    />,
  );
  assert.deepEqual(tabNames(), ["Opções", "Empresas", "Planos", "Ajuda"]);
  assert.equal(
    screen.getByRole("tab", { name: "Planos" }).getAttribute("aria-selected"),
    "true",
  );
  await screen.findByText("R$ 1.234,50/mês");
  await act(() => void fireEvent.click(screen.getByRole("tab", { name: "Opções" })));
  assert.equal(testWindow.location.search, "", "Options needs no ?tab=");
});

test("a tab the viewer may not see falls back to Options", () => {
  fakeApi({});
  render(
    <SettingsTabs
      settings={SETTINGS}
      credentials={CREDENTIALS}
      companyId={7}
      schedules={[]}
      {...VIEWERS.admin}
      initialTab="companies"
    />,
  );
  assert.equal(screen.getByRole("tab", { name: "Opções" }).getAttribute("aria-selected"), "true");
});
