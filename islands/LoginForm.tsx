/**
 * The sign-in form of /login (core §2): e-mail and password, sent to POST /api/auth/login,
 * which sets the session cookies. On success the browser goes to `next` (already checked
 * by the server to be a path on this site), else to "/".
 */
import { useEffect, useState } from "preact/hooks";
import { Button } from "../components/ui/Button.tsx";
import { Input } from "../components/ui/Input.tsx";
import { FormAlert } from "../components/public/FormAlert.tsx";
import { PasswordInput } from "../components/public/PasswordInput.tsx";
import { type FieldErrors, focusFirstError, loginErrorText, ruleText } from "./public/form_text.ts";
import { api, ApiError } from "../lib/client/api.ts";
import { clientLanguage, useT } from "../lib/i18n/client.ts";
import { browserActions } from "../lib/ui/browser.ts";
import { takeFlash } from "../lib/ui/flash.ts";
import { pushToast } from "../lib/ui/toast.ts";
import { fieldErrorsOf, hasFieldErrors } from "../lib/ui/field_errors.ts";
import { REQUIRED } from "../lib/http/field_errors.ts";
import { checkEmail } from "../services/accounts/account_rules.ts";

export interface LoginFormProps {
  /** Where to go once signed in: a same-site path. */
  next: string;
}

type LoginField = "email" | "password";
const ORDER: Array<[LoginField, string]> = [
  ["email", "login-email"],
  ["password", "login-password"],
];

export default function LoginForm({ next }: LoginFormProps) {
  const t = useT();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<FieldErrors<LoginField>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [tried, setTried] = useState(false);

  // A form that sent the visitor here (sign-up, password reset) may have left a message.
  useEffect(() => {
    const flash = takeFlash();
    if (!flash) return;
    if (flash.toast) pushToast(flash.toast);
    if (flash.email) {
      setEmail(flash.email);
      document.getElementById("login-password")?.focus();
    }
  }, []);

  function check(values: { email: string; password: string }): FieldErrors<LoginField> {
    return {
      email: ruleText(t, checkEmail(values.email)),
      password: values.password ? undefined : ruleText(t, REQUIRED),
    };
  }

  function update(field: LoginField, value: string) {
    const values = { email, password, [field]: value };
    if (field === "email") setEmail(value);
    else setPassword(value);
    // After a first attempt, messages follow the typing (and go away once fixed).
    if (tried) setErrors(check(values));
  }

  async function submit(event: Event) {
    event.preventDefault();
    if (submitting) return;
    setTried(true);
    setAlert(null);
    const found = check({ email, password });
    setErrors(found);
    if (focusFirstError(found, ORDER)) return;
    setSubmitting(true);
    try {
      const answer = await api<{ billingOnly?: boolean }>("/api/auth/login", {
        method: "POST",
        body: { email: email.trim(), password },
        session: false,
      });
      // The button stays busy while the next page loads. A past-due company's admin signs
      // in to pay: the invoices, whatever page was asked for.
      browserActions.navigate(answer?.billingOnly ? "/financeiro" : next);
    } catch (err) {
      setSubmitting(false);
      const refused = fieldErrorsOf(err, t);
      if (hasFieldErrors(refused)) {
        const fromServer = { email: refused.email, password: refused.password };
        setErrors(fromServer);
        if (focusFirstError(fromServer, ORDER)) return;
      }
      setAlert(loginErrorText(err, t, clientLanguage()));
      if (err instanceof ApiError && err.code === "ERR_INVALID_CREDENTIALS") {
        document.getElementById("login-password")?.focus();
      }
    }
  }

  return (
    <form onSubmit={submit} noValidate class="flex flex-col gap-4">
      <Input
        id="login-email"
        name="email"
        type="email"
        label={t("public.login.email")}
        placeholder={t("public.login.emailPlaceholder")}
        autocomplete="username"
        inputMode="email"
        required
        value={email}
        error={errors.email}
        onInput={(e) => update("email", e.currentTarget.value)}
      />
      <div class="flex flex-col gap-1.5">
        <PasswordInput
          id="login-password"
          name="password"
          label={t("public.login.password")}
          t={t}
          autocomplete="current-password"
          required
          value={password}
          error={errors.password}
          onInput={(e) => update("password", e.currentTarget.value)}
        />
        <a
          href="/forgetpsw"
          class="self-end rounded text-[13px] font-medium text-brand-700 hover:underline dark:text-brand-300"
        >
          {t("public.login.forgot")}
        </a>
      </div>
      <FormAlert message={alert} />
      <Button type="submit" size="lg" loading={submitting} class="w-full">
        {t("public.login.submit")}
      </Button>
    </form>
  );
}
