/**
 * "My profile" against a scripted API: the contract with the users API
 * (`PUT /api/users/{id}` with `{name, email, password?}`, answering the user), the greeting
 * following a saved name, and refusals shown on the fields.
 */
import "../helpers/dom.ts";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/preact";
import assert from "node:assert/strict";
import { useState } from "preact/hooks";
import { ProfileDialog } from "../../islands/shell/ProfileDialog.tsx";
import { configureApi, resetApi } from "../../lib/client/api.ts";
import { initClientI18n } from "../../lib/i18n/client.ts";
import { i18nClientData } from "../../lib/i18n/mod.ts";
import { clearToasts, toasts } from "../../lib/ui/toast.ts";

interface Sent {
  method: string;
  url: string;
  body: unknown;
}

function fakeApi(answer: (body: Record<string, string>) => Response) {
  const sent: Sent[] = [];
  configureApi({
    baseUrl: "http://app.test",
    fetch: (input, init = {}) => {
      const body = JSON.parse(String(init.body ?? "null"));
      sent.push({ method: init.method ?? "GET", url: String(input), body });
      return Promise.resolve(answer(body));
    },
  });
  return sent;
}

function Harness() {
  const [user, setUser] = useState({ id: 5, name: "Ana Ribeiro", email: "ana@example.com" });
  const [open, setOpen] = useState(true);
  return (
    <div>
      <p data-testid="greeting">{user.name}</p>
      <ProfileDialog
        user={user}
        open={open}
        onClose={() => setOpen(false)}
        onSaved={(saved) => setUser({ ...user, ...saved })}
      />
    </div>
  );
}

function type(label: string, value: string) {
  fireEvent.input(screen.getByLabelText(label, { exact: false }), { target: { value } });
}

Deno.test("my profile shows a wrong current password on its field", async () => {
  initClientI18n(i18nClientData("pt-BR", ["shell", "errors"]));
  try {
    // The answer as services/users/account_guards.ts gives it: the code, and the field.
    const sent = fakeApi(() =>
      Response.json({
        error: "ERR_WRONG_CURRENT_PASSWORD",
        fields: { currentPassword: { code: "ERR_WRONG_CURRENT_PASSWORD" } },
      }, { status: 400 })
    );
    render(<Harness />);
    type("E-mail", "nova@example.com");
    type("Senha atual", "errada");
    const form = screen.getByLabelText("Nome", { exact: false }).closest("form")!;
    await act(() => void fireEvent.submit(form));
    await waitFor(() =>
      screen.getByText("A senha atual não confere.", {
        selector: "#shell-profile-current-password-error",
      })
    );
    assert.deepEqual(sent[0]!.body, {
      name: "Ana Ribeiro",
      email: "nova@example.com",
      currentPassword: "errada",
    });
  } finally {
    reset();
  }
});

function reset() {
  cleanup();
  clearToasts();
  resetApi();
}

Deno.test("my profile saves name and e-mail, and a new password only when typed", async () => {
  initClientI18n(i18nClientData("pt-BR", ["shell"]));
  try {
    const sent = fakeApi((body) => Response.json({ id: 5, ...body }));
    render(<Harness />);
    type("Nome", "Ana R. Lima");
    fireEvent.submit(screen.getByLabelText("Nome", { exact: false }).closest("form")!);
    await waitFor(() => assert.equal(screen.getByTestId("greeting").textContent, "Ana R. Lima"));
    assert.deepEqual(sent, [{
      method: "PUT",
      url: "http://app.test/api/users/5",
      body: { name: "Ana R. Lima", email: "ana@example.com" },
    }]);
    assert.equal(toasts.value[0]?.messageKey, "shell.profile.saved");
  } finally {
    reset();
  }
});

Deno.test("my profile checks the fields first and shows the server's refusals", async () => {
  initClientI18n(i18nClientData("pt-BR", ["shell"]));
  try {
    const sent = fakeApi(() =>
      Response.json({ error: "ERR_VALIDATION", fields: { email: { code: "ERR_INVALID_EMAIL" } } }, {
        status: 400,
      })
    );
    render(<Harness />);
    type("Nome", "A");
    type("Nova senha", "123");
    const form = screen.getByLabelText("Nome", { exact: false }).closest("form")!;
    fireEvent.submit(form);
    screen.getByText("Muito curto! Mínimo de 2 caracteres.", {
      selector: "#shell-profile-name-error",
    });
    screen.getByText("Muito curto! Mínimo de 5 caracteres.", {
      selector: "#shell-profile-password-error",
    });
    assert.equal(sent.length, 0, "nothing sent while the form is wrong");

    type("Nome", "Ana");
    type("Nova senha", "segredo1");
    fireEvent.submit(form);
    screen.getByText("Digite sua senha atual para alterar seu e-mail ou sua senha.", {
      selector: "#shell-profile-current-password-error",
    });
    assert.equal(sent.length, 0, "a new password is not sent without the current one");

    type("Senha atual", "antiga1");
    await act(() => void fireEvent.submit(form));
    await waitFor(() => screen.getByText("E-mail inválido"));
    assert.deepEqual(sent[0]!.body, {
      name: "Ana",
      email: "ana@example.com",
      password: "segredo1",
      currentPassword: "antiga1",
    });
    assert.equal(toasts.value.at(-1)?.tone, "error");
  } finally {
    reset();
  }
});

for (
  const [lang, sentence] of [
    ["pt-BR", "Muito longo! Máximo de 50 caracteres."],
    ["en", "Too Long! At most 50 characters."],
  ] as const
) {
  Deno.test(`my profile shows the server's field code as a sentence with its limit (${lang})`, async () => {
    initClientI18n(i18nClientData(lang, ["shell"]));
    try {
      fakeApi(() =>
        Response.json({
          error: "ERR_VALIDATION",
          fields: { name: { code: "ERR_TOO_LONG", maximum: 50 } },
        }, { status: 400 })
      );
      render(<Harness />);
      type(lang === "en" ? "Name" : "Nome", "Ana Maria");
      const form = document.getElementById("shell-profile-form")!;
      await act(() => void fireEvent.submit(form));
      await waitFor(() => screen.getByText(sentence, { selector: "#shell-profile-name-error" }));
    } finally {
      reset();
    }
  });
}
