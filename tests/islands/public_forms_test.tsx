import "../helpers/dom.ts";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/preact";
import assert from "node:assert/strict";
import LoginForm from "../../islands/LoginForm.tsx";
import SignupForm from "../../islands/SignupForm.tsx";
import ForgotPasswordForm from "../../islands/ForgotPasswordForm.tsx";
import Toaster from "../../islands/Toaster.tsx";
import { configureApi, resetApi } from "../../lib/client/api.ts";
import { initClientI18n } from "../../lib/i18n/client.ts";
import { i18nClientData, type Lang } from "../../lib/i18n/mod.ts";
import { browserActions } from "../../lib/ui/browser.ts";
import { setFlash, takeFlash } from "../../lib/ui/flash.ts";
import { clearToasts } from "../../lib/ui/toast.ts";
import type { PublicPlan } from "../../services/accounts/signup.ts";

interface Call {
  path: string;
  body: unknown;
}

/**
 * Renders with a fake server answering `answer(path, body)`, and the navigation recorded
 * instead of performed.
 */
async function withServer(
  lang: Lang,
  answer: (path: string, body: unknown) => Response,
  body: (calls: Call[], navigations: string[]) => Promise<void>,
) {
  initClientI18n(i18nClientData(lang, ["public"]));
  const calls: Call[] = [];
  const navigations: string[] = [];
  const original = browserActions.navigate;
  browserActions.navigate = (url) => void navigations.push(url);
  configureApi({
    fetch: (input, init) => {
      const path = String(input);
      const sent = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ path, body: sent });
      return Promise.resolve(answer(path, sent));
    },
  });
  try {
    await body(calls, navigations);
  } finally {
    browserActions.navigate = original;
    resetApi();
    cleanup();
    clearToasts();
    takeFlash();
  }
}

const json = (status: number, value: unknown) =>
  new Response(JSON.stringify(value), { status, headers: { "content-type": "application/json" } });

function type(label: string | RegExp, value: string) {
  fireEvent.input(screen.getByLabelText(label), { target: { value } });
}

const submit = (name: string) => fireEvent.click(screen.getByRole("button", { name }));

Deno.test("LoginForm: field messages first, then sign in and go to next", async () => {
  await withServer("pt-BR", () => json(200, { token: "t", user: {} }), async (calls, nav) => {
    render(<LoginForm next="/tickets?tab=open" />);
    submit("Entrar");
    screen.getByText("Obrigatório", { selector: "#login-email-error" });
    assert.equal(calls.length, 0, "nothing sent with empty fields");
    type("E-mail*", "ana@example.com");
    type("Senha*", "segredo1");
    submit("Entrar");
    await waitFor(() => assert.deepEqual(nav, ["/tickets?tab=open"]));
    assert.deepEqual(calls, [{
      path: "/api/auth/login",
      body: { email: "ana@example.com", password: "segredo1" },
    }]);
  });
});

Deno.test("LoginForm: the expired subscription names its date; rate limits say when", async () => {
  let answer = json(403, { error: "ERR_SUBSCRIPTION_EXPIRED", dueDate: "2026-11-20" });
  await withServer("pt-BR", () => answer, async () => {
    render(<LoginForm next="/" />);
    type("E-mail*", "ana@example.com");
    type("Senha*", "segredo1");
    submit("Entrar");
    const alert = await screen.findByRole("alert");
    assert.equal(
      alert.textContent,
      "Sua assinatura expirou em 20/11/2026. Entre em contato com o suporte.",
    );
    answer = json(429, { error: "ERR_TOO_MANY_ATTEMPTS", retryAfter: 119 });
    submit("Entrar");
    await waitFor(() =>
      assert.equal(
        screen.getByRole("alert").textContent,
        "Muitas tentativas. Tente novamente em 2 min.",
      )
    );
    answer = json(401, { error: "ERR_INVALID_CREDENTIALS" });
    submit("Entrar");
    await waitFor(() =>
      assert.equal(
        screen.getByRole("alert").textContent,
        "E-mail ou senha incorretos. Confira e tente novamente.",
      )
    );
  });
  await withServer(
    "en",
    () => json(403, { error: "ERR_SUBSCRIPTION_EXPIRED", dueDate: "2026-11-20" }),
    async () => {
      render(<LoginForm next="/" />);
      type("E-mail*", "ana@example.com");
      type("Password*", "secret1");
      submit("Sign in");
      const alert = await screen.findByRole("alert");
      assert.equal(
        alert.textContent,
        "Your subscription expired on 11/20/2026. Please contact support.",
      );
    },
  );
});

Deno.test("LoginForm shows the toast and e-mail a previous page left", async () => {
  await withServer("pt-BR", () => json(200, {}), async () => {
    setFlash({
      toast: { tone: "success", messageKey: "public.signup.success" },
      email: "ana@example.com",
    });
    render(
      <>
        <LoginForm next="/" />
        <Toaster />
      </>,
    );
    await screen.findByText("Cadastro realizado com sucesso! Entre com seu e-mail e senha.");
    assert.equal((screen.getByLabelText("E-mail*") as HTMLInputElement).value, "ana@example.com");
    assert.equal(takeFlash(), null, "read once");
  });
});

const PLANS: PublicPlan[] = [1, 2].map((id) => ({
  id,
  name: `Plano ${id}`,
  users: id,
  connections: 1,
  queues: 3,
  value: id === 1 ? 49.9 : 1299,
  useCampaigns: id === 2,
  useSchedules: true,
  useInternalChat: true,
  useExternalApi: false,
  useKanban: true,
  useOpenAi: false,
  useIntegrations: false,
}));

Deno.test("SignupForm: plans with prices, the phone mask, and digits sent", async () => {
  await withServer("pt-BR", () => json(201, { id: 9 }), async (calls, nav) => {
    render(<SignupForm plans={PLANS} />);
    screen.getByText("R$ 49,90/mês");
    screen.getByText("R$ 1.299,00/mês");
    screen.getByText("1 usuário");
    screen.getByText("2 usuários");
    submit("Criar conta");
    screen.getByText("Escolha um plano");
    assert.equal(calls.length, 0);

    type("Nome da empresa*", "Padaria Central");
    type(/^E-mail/, "Ana@Example.com ");
    const phone = screen.getByLabelText("Telefone") as HTMLInputElement;
    fireEvent.input(phone, { target: { value: "11912345678" } });
    assert.equal(phone.value, "(11) 91234-5678");
    fireEvent.input(phone, { target: { value: "(11) 91234-56789" } });
    assert.equal(phone.value, "(11) 91234-5678", "at most 11 digits");
    type(/^Senha/, "segredo");
    fireEvent.click(screen.getByRole("radio", { name: /Plano 2/ }));
    submit("Criar conta");
    await waitFor(() => assert.deepEqual(nav, ["/login"]));
    assert.deepEqual(calls[0], {
      path: "/api/companies/cadastro",
      body: {
        name: "Padaria Central",
        email: "Ana@Example.com",
        phone: "11912345678",
        password: "segredo",
        planId: 2,
      },
    });
    const flash = takeFlash();
    assert.equal(flash?.email, "ana@example.com");
    assert.equal(flash?.toast?.messageKey, "public.signup.success");
  });
});

Deno.test("SignupForm puts the server's conflicts on their fields", async () => {
  let answer = json(409, { error: "ERR_EMAIL_TAKEN" });
  await withServer("pt-BR", () => answer, async () => {
    render(<SignupForm plans={PLANS.slice(0, 1)} />);
    type("Nome da empresa*", "Padaria Central");
    type(/^E-mail/, "ana@example.com");
    type(/^Senha/, "segredo");
    submit("Criar conta");
    await screen.findByText("Este e-mail já está em uso.", { selector: "#signup-email-error" });
    answer = json(409, { error: "ERR_COMPANY_NAME_TAKEN" });
    submit("Criar conta");
    await screen.findByText("Já existe uma empresa com este nome.", {
      selector: "#signup-name-error",
    });
  });
});

Deno.test("ForgotPasswordForm: the e-mail, then code and a matching strong password", async () => {
  await withServer(
    "pt-BR",
    (path) => path === "/api/forgetpassword" ? json(200, { ok: true }) : json(200, { ok: true }),
    async (calls, nav) => {
      render(
        <>
          <ForgotPasswordForm initialEmail="" codeMinutes={15} />
          <Toaster />
        </>,
      );
      screen.getByText("Passo 1 de 2");
      type("E-mail*", "ana@example.com");
      submit("Enviar código");
      await screen.findByText(
        "Pronto! Se houver uma conta com este e-mail, o código chegará em instantes.",
      );
      screen.getByText("Passo 2 de 2");
      assert.deepEqual(calls[0], {
        path: "/api/forgetpassword",
        body: { email: "ana@example.com" },
      });

      type("Código de verificação*", "1234 5678");
      type("Nova senha*", "NovaSenha1");
      type("Confirme a nova senha*", "NovaSenha2");
      submit("Redefinir senha");
      screen.getByText("As senhas não correspondem");
      type("Nova senha*", "fraca");
      type("Confirme a nova senha*", "fraca");
      submit("Redefinir senha");
      screen.getByText(
        "Sua senha precisa ter no mínimo 8 caracteres, sendo uma letra maiúscula, uma minúscula e um número.",
      );
      assert.equal(calls.length, 1, "mismatched or weak passwords send nothing");

      type("Nova senha*", "NovaSenha1");
      type("Confirme a nova senha*", "NovaSenha1");
      submit("Redefinir senha");
      await waitFor(() => assert.deepEqual(nav, ["/login"]));
      assert.deepEqual(calls[1], {
        path: "/api/resetpasswords",
        body: { email: "ana@example.com", token: "12345678", password: "NovaSenha1" },
      });
      assert.equal(takeFlash()?.toast?.messageKey, "public.forgot.success");
    },
  );
});

Deno.test("ForgotPasswordForm: a refused code is shown on the code field", async () => {
  await withServer("pt-BR", () => json(400, { error: "ERR_RESET_CODE_INVALID" }), async () => {
    render(<ForgotPasswordForm initialEmail="ana@example.com" codeMinutes={15} />);
    screen.getByText("Passo 2 de 2");
    type("Código de verificação*", "12345678");
    type("Nova senha*", "NovaSenha1");
    type("Confirme a nova senha*", "NovaSenha1");
    submit("Redefinir senha");
    await screen.findByText("Código inválido ou expirado. Confira o código ou peça um novo.", {
      selector: "#forgot-code-error",
    });
  });
});
