import "../helpers/dom.ts";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/preact";
import assert from "node:assert/strict";
import { CompaniesPanel } from "../../islands/admin/CompaniesPanel.tsx";
import { HelpsPanel } from "../../islands/admin/HelpsPanel.tsx";
import { PlansPanel } from "../../islands/admin/PlansPanel.tsx";
import { addRecurrence, localDay } from "../../services/companies/due_date.ts";
import { initClientI18n } from "../../lib/i18n/client.ts";
import { i18nClientData } from "../../lib/i18n/mod.ts";
import { clearToasts, toasts } from "../../lib/ui/toast.ts";
import { fakeApi } from "../helpers/fake_api.ts";
import { NEW_PLAN_DEFAULTS } from "../../services/plans/plan_defaults.ts";
import { billingFieldsOf } from "../../services/companies/billing_fields.ts";

const PLAN = {
  ...NEW_PLAN_DEFAULTS,
  id: 3,
  name: "Ouro",
  users: 5,
  value: 30,
  createdAt: "",
  updatedAt: "",
};

function daysFromToday(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return localDay(date);
}

function company(id: number, name: string, dueInDays: number | null) {
  return {
    id,
    name,
    email: `${id}@example.com`,
    phone: null,
    status: true,
    dueDate: dueInDays === null ? null : daysFromToday(dueInDays),
    recurrence: "MENSAL",
    planId: PLAN.id,
    plan: { id: PLAN.id, name: PLAN.name, value: PLAN.value },
    campaignsEnabled: false,
    ...billingFieldsOf(() => null),
    schedules: [],
    createdAt: "",
    updatedAt: "",
  };
}

const lastToast = () => toasts.value.at(-1);

function test(name: string, fn: () => Promise<void>) {
  Deno.test(`admin panels - ${name}`, async () => {
    initClientI18n(i18nClientData("pt-BR", ["settings", "admin"]));
    try {
      await fn();
    } finally {
      cleanup();
      clearToasts();
    }
  });
}

test("Plans: create mode has the spec's defaults and posts them", async () => {
  const server = fakeApi({
    "GET /api/plans": () => ({ plans: [], hasMore: false }),
    "POST /api/plans": (call) => ({ ...PLAN, id: 9, ...(call.body as object) }),
  });
  render(<PlansPanel />);
  await screen.findByText("Nenhum registro encontrado");
  assert.equal((screen.getByLabelText("Usuários") as HTMLInputElement).value, "0");
  assert.equal((screen.getByLabelText("Kanban") as HTMLSelectElement).value, "true");
  fireEvent.click(screen.getByRole("button", { name: "Salvar" }));
  screen.getByText("Obrigatório");
  assert.deepEqual(server.routes(), ["GET /api/plans"], "nothing sent without a name");

  fireEvent.input(screen.getByLabelText(/^Nome/), { target: { value: "Prata" } });
  fireEvent.input(screen.getByLabelText("Valor (R$)"), { target: { value: "1.234,50" } });
  fireEvent.click(screen.getByRole("button", { name: "Salvar" }));
  await waitFor(() => assert.equal(lastToast()?.message, "Operação realizada com sucesso!"));
  assert.deepEqual(server.calls.at(-1)?.body, {
    ...NEW_PLAN_DEFAULTS,
    name: "Prata",
    value: 1234.5,
  });
  screen.getByText("R$ 1.234,50/mês");
});

test("Plans: editing shows delete; a plan in use is refused with its reason", async () => {
  const server = fakeApi({
    "GET /api/plans": () => ({ plans: [PLAN], hasMore: false }),
    "DELETE /api/plans/3": () => [409, { error: "ERR_PLAN_IN_USE" }],
  });
  render(<PlansPanel />);
  assert.equal(screen.queryByRole("button", { name: "Excluir" }), null);
  fireEvent.click(await screen.findByRole("button", { name: "Editar Ouro" }));
  screen.getByText("Editando: Ouro");
  assert.equal((screen.getByLabelText(/^Nome/) as HTMLInputElement).value, "Ouro");
  fireEvent.click(screen.getByRole("button", { name: "Excluir" }));
  const dialog = screen.getByRole("dialog", { hidden: true });
  within(dialog).getByText(/“Ouro” será excluído/);
  fireEvent.click(within(dialog).getByRole("button", { name: "Excluir", hidden: true }));
  await waitFor(() => assert.equal(lastToast()?.tone, "error"));
  assert.equal(
    lastToast()?.message,
    "Este plano está em uso por empresas e não pode ser excluído. Troque o plano delas antes.",
  );
  assert.equal(server.routes().at(-1), "DELETE /api/plans/3");
  screen.getByText("Ouro", { selector: "td" });
});

test("Plans: a failed load says the spec's sentence", async () => {
  fakeApi({ "GET /api/plans": () => [500, { error: "ERR_INTERNAL" }] });
  render(<PlansPanel />);
  await waitFor(() =>
    assert.equal(lastToast()?.messageKey, "admin.loadError", "Não foi possível carregar…")
  );
});

test("Companies: rows coloured by due date, with the reason in words", async () => {
  fakeApi({
    "GET /api/plans/all": () => [PLAN],
    "GET /api/companies": () => ({
      companies: [
        company(1, "Longe", 30),
        company(2, "Cinco", 5),
        company(3, "Quatro", 4),
        company(4, "Atrasada", -3),
        company(5, "Vencida", -4),
        company(6, "Sem data", null),
      ],
      hasMore: false,
    }),
  });
  render(<CompaniesPanel />);
  const row = async (name: string) => (await screen.findByText(name)).closest("tr")!;
  assert.doesNotMatch((await row("Longe")).className, /bg-(yellow|orange|red)/);
  assert.match((await row("Cinco")).className, /bg-yellow-50/);
  assert.match((await row("Quatro")).className, /bg-orange-50/);
  assert.match((await row("Atrasada")).className, /bg-orange-50/);
  assert.match((await row("Vencida")).className, /bg-red-50/);
  within(await row("Cinco")).getByText("Vence em 5 dias");
  within(await row("Vencida")).getByText("Venceu há 4 dias");
  within(await row("Sem data")).getByText("Sem vencimento");
  assert.equal(within(await row("Longe")).getAllByText("Sim").length, 1, "status shows Sim");
});

test("Companies: create needs e-mail, plan and password; + Vencimento adds by recurrence", async () => {
  const due = daysFromToday(10);
  const server = fakeApi({
    "GET /api/plans/all": () => [PLAN],
    "GET /api/companies": () => ({ companies: [company(1, "Padaria", 10)], hasMore: false }),
    "PUT /api/companies/1": (call) => ({ ...company(1, "Padaria", 10), ...(call.body as object) }),
  });
  render(<CompaniesPanel />);
  await screen.findByText("Padaria");
  assert.equal(screen.queryByRole("button", { name: "+ Vencimento" }), null, "edit mode only");
  fireEvent.click(screen.getByRole("button", { name: "Salvar" }));
  assert.equal(screen.getAllByText("Obrigatório").length, 4, "name, e-mail, plan, password");
  assert.equal(server.routes().filter((r) => r.startsWith("POST")).length, 0);

  fireEvent.click(screen.getByRole("button", { name: "Editar Padaria" }));
  assert.equal(screen.queryByLabelText(/Senha do administrador/), null, "no password on edit");
  fireEvent.change(screen.getByLabelText("Recorrência"), { target: { value: "TRIMESTRAL" } });
  fireEvent.click(screen.getByRole("button", { name: "+ Vencimento" }));
  const expected = addRecurrence(due, "TRIMESTRAL");
  assert.equal((screen.getByLabelText("Vencimento") as HTMLInputElement).value, expected);
  fireEvent.click(screen.getByRole("button", { name: "Salvar" }));
  await waitFor(() => assert.equal(lastToast()?.message, "Operação realizada com sucesso!"));
  const body = server.calls.at(-1)?.body as Record<string, unknown>;
  assert.equal(body.dueDate, expected);
  assert.equal(body.recurrence, "TRIMESTRAL");
  assert.equal("password" in body, false);
});

test("Companies: a refused save shows the field errors and the spec's sentence", async () => {
  fakeApi({
    "GET /api/plans/all": () => [PLAN],
    "GET /api/companies": () => ({ companies: [], hasMore: false }),
    "POST /api/companies":
      () => [400, { error: "ERR_VALIDATION", fields: { phone: { code: "ERR_INVALID" } } }],
  });
  render(<CompaniesPanel />);
  await screen.findByText("Nenhum registro encontrado");
  fireEvent.input(screen.getByLabelText(/^Nome/), { target: { value: "Nova" } });
  fireEvent.input(screen.getByLabelText(/^E-mail/), { target: { value: "a@b.example" } });
  await screen.findByText("Ouro · R$ 30,00");
  fireEvent.change(screen.getByLabelText(/^Plano/), { target: { value: "3" } });
  fireEvent.input(screen.getByLabelText(/^Senha do administrador/), {
    target: { value: "segredo" },
  });
  fireEvent.click(screen.getByRole("button", { name: "Salvar" }));
  await waitFor(() => assert.equal(lastToast()?.tone, "error"));
  assert.match(
    lastToast()?.message ?? "",
    /^Não foi possível realizar a operação\. Verifique se já existe uma empresa/,
  );
  screen.getByText("Valor inválido");
});

test("Help: a video that is not YouTube is caught before sending", async () => {
  const server = fakeApi({
    "GET /api/helps": () => ({ helps: [], hasMore: false }),
    "POST /api/helps": (call) => ({ id: 1, ...(call.body as object), video: "dQw4w9WgXcQ" }),
  });
  render(<HelpsPanel />);
  await screen.findByText("Nenhum registro encontrado");
  fireEvent.input(screen.getByLabelText(/^Título/), { target: { value: "Primeiros passos" } });
  fireEvent.input(screen.getByLabelText(/^Vídeo do YouTube/), {
    target: { value: "https://vimeo.com/1" },
  });
  fireEvent.click(screen.getByRole("button", { name: "Salvar" }));
  screen.getByText("Informe um link ou código de vídeo do YouTube");
  fireEvent.input(screen.getByLabelText(/^Vídeo do YouTube/), {
    target: { value: "https://youtu.be/dQw4w9WgXcQ" },
  });
  fireEvent.click(screen.getByRole("button", { name: "Salvar" }));
  await screen.findByText("dQw4w9WgXcQ");
  assert.deepEqual(server.routes(), ["GET /api/helps", "POST /api/helps"]);
});
