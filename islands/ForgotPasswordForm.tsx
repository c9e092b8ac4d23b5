/**
 * Password reset, /forgetpsw (admin §2, §4, §5): step 1 asks for the e-mail and has a code
 * sent; step 2 takes the code, the new password and its confirmation, then goes to /login.
 * The strength rule and "the passwords do not match" are checked here before anything is
 * sent, and again by the server.
 */
import { useState } from "preact/hooks";
import { Button } from "../components/ui/Button.tsx";
import { Input } from "../components/ui/Input.tsx";
import { CheckIcon } from "../components/icons.tsx";
import { cx } from "../components/ui/cx.ts";
import { FormAlert } from "../components/public/FormAlert.tsx";
import { FormCard } from "../components/public/PublicLayout.tsx";
import { PasswordInput } from "../components/public/PasswordInput.tsx";
import { type FieldErrors, focusFirstError, formErrorText, ruleText } from "./public/form_text.ts";
import { api, ApiError } from "../lib/client/api.ts";
import { useT } from "../lib/i18n/client.ts";
import type { TFunction } from "../lib/i18n/languages.ts";
import { browserActions } from "../lib/ui/browser.ts";
import { setFlash } from "../lib/ui/flash.ts";
import { pushToast } from "../lib/ui/toast.ts";
import { fieldErrorsOf, hasFieldErrors } from "../lib/ui/field_errors.ts";
import { REQUIRED } from "../lib/http/field_errors.ts";
import {
  checkEmail,
  checkResetCode,
  checkStrongPassword,
  normalizeResetCode,
  PASSWORD_MAX,
  PASSWORDS_DIFFER,
  passwordStrength,
  RESET_CODE_DIGITS,
} from "../services/accounts/account_rules.ts";

export interface ForgotPasswordFormProps {
  /** From `?email=` (the link in the e-mail): opens step 2 with it filled in. */
  initialEmail: string;
  /** How long a code is valid, for the hint. */
  codeMinutes: number;
}

type Field = "email" | "code" | "password" | "confirm";
const ORDER: Array<[Field, string]> = [
  ["email", "forgot-email"],
  ["code", "forgot-code"],
  ["password", "forgot-password"],
  ["confirm", "forgot-confirm"],
];

export default function ForgotPasswordForm({ initialEmail, codeMinutes }: ForgotPasswordFormProps) {
  const t = useT();
  const startAtCode = checkEmail(initialEmail) === null;
  const [step, setStep] = useState<1 | 2>(startAtCode ? 2 : 1);
  const [email, setEmail] = useState(initialEmail);
  const [code, setCode] = useState("");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState<"send" | "resend" | "reset" | null>(null);
  const [tried, setTried] = useState(false);

  function checkStep2(v: { code: string; password: string; confirm: string }) {
    return {
      code: ruleText(t, checkResetCode(v.code)),
      password: ruleText(t, checkStrongPassword(v.password)),
      confirm: !v.confirm
        ? ruleText(t, REQUIRED)
        : v.confirm !== v.password
        ? ruleText(t, PASSWORDS_DIFFER)
        : undefined,
    };
  }

  function showError(err: unknown) {
    if (err instanceof ApiError) {
      const f = fieldErrorsOf(err, t, {
        keyOf: (path) => path === "token" ? "code" : path,
        codeFields: { ERR_RESET_CODE_INVALID: "code" },
      });
      if (hasFieldErrors(f)) {
        const found = { email: f.email, code: f.code, password: f.password };
        setErrors(found);
        if (found.email && step === 2) setStep(1);
        if (focusFirstError(found, ORDER)) return;
      }
    }
    setAlert(formErrorText(err, t));
  }

  /** Step 1, or "send a new code" on step 2. */
  async function requestCode(kind: "send" | "resend") {
    if (busy) return;
    setAlert(null);
    const emailError = ruleText(t, checkEmail(email));
    setErrors({ email: emailError });
    if (focusFirstError({ email: emailError }, ORDER)) return;
    setBusy(kind);
    try {
      await api("/api/forgetpassword", {
        method: "POST",
        body: { email: email.trim() },
        session: false,
      });
      // Worded so that it does not say whether the e-mail has an account.
      pushToast({ tone: "success", messageKey: "public.forgot.sent" });
      setTried(false);
      setStep(2);
      setCode("");
      setTimeout(() => document.getElementById("forgot-code")?.focus(), 0);
    } catch (err) {
      showError(err);
    } finally {
      setBusy(null);
    }
  }

  async function reset(event: Event) {
    event.preventDefault();
    if (busy) return;
    setTried(true);
    setAlert(null);
    const found = checkStep2({ code, password, confirm });
    setErrors(found);
    // With mismatched or weak passwords nothing is sent (admin §5).
    if (focusFirstError(found, ORDER)) return;
    setBusy("reset");
    try {
      await api("/api/resetpasswords", {
        method: "POST",
        body: { email: email.trim(), token: normalizeResetCode(code), password },
        session: false,
      });
      setFlash({
        toast: { tone: "success", messageKey: "public.forgot.success" },
        email: email.trim().toLowerCase(),
      });
      browserActions.navigate("/login");
    } catch (err) {
      setBusy(null);
      showError(err);
    }
  }

  function update(field: "code" | "password" | "confirm", value: string) {
    const v = { code, password, confirm, [field]: value };
    if (field === "code") setCode(value);
    if (field === "password") setPassword(value);
    if (field === "confirm") setConfirm(value);
    if (tried) setErrors(checkStep2(v));
  }

  if (step === 1) {
    return (
      <FormCard
        eyebrow={t("public.forgot.step", { step: 1 })}
        heading={t("public.forgot.heading")}
        subtitle={t("public.forgot.subtitle")}
      >
        <form
          noValidate
          class="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            void requestCode("send");
          }}
        >
          <Input
            id="forgot-email"
            name="email"
            type="email"
            label={t("public.forgot.email")}
            placeholder={t("public.login.emailPlaceholder")}
            autocomplete="email"
            inputMode="email"
            required
            value={email}
            error={errors.email}
            onInput={(e) => {
              setEmail(e.currentTarget.value);
              if (errors.email) {
                setErrors({ email: ruleText(t, checkEmail(e.currentTarget.value)) });
              }
            }}
          />
          <FormAlert message={alert} />
          <Button type="submit" size="lg" loading={busy === "send"} class="w-full">
            {t("public.forgot.sendCode")}
          </Button>
        </form>
      </FormCard>
    );
  }

  return (
    <FormCard
      eyebrow={t("public.forgot.step", { step: 2 })}
      heading={t("public.forgot.resetHeading")}
      subtitle={t("public.forgot.resetSubtitle", { email: email.trim() })}
    >
      <form noValidate class="flex flex-col gap-4" onSubmit={reset}>
        {/* For password managers: the account whose password changes. */}
        <input type="email" name="email" value={email} autocomplete="username" hidden readOnly />
        <Input
          id="forgot-code"
          name="code"
          label={t("public.forgot.code")}
          hint={t("public.forgot.codeHint", { digits: RESET_CODE_DIGITS, minutes: codeMinutes })}
          placeholder="0000 0000"
          autocomplete="one-time-code"
          inputMode="numeric"
          maxLength={12}
          required
          value={code}
          error={errors.code}
          class="flex flex-col gap-1.5 [&_input]:font-mono [&_input]:tracking-[0.2em]"
          onInput={(e) => update("code", e.currentTarget.value)}
        />
        <div class="flex flex-col gap-2">
          <PasswordInput
            id="forgot-password"
            name="new-password"
            label={t("public.forgot.newPassword")}
            t={t}
            autocomplete="new-password"
            maxLength={PASSWORD_MAX}
            required
            value={password}
            error={errors.password}
            onInput={(e) => update("password", e.currentTarget.value)}
          />
          <StrengthList t={t} password={password} />
        </div>
        <PasswordInput
          id="forgot-confirm"
          name="confirm-password"
          label={t("public.forgot.confirmPassword")}
          t={t}
          autocomplete="new-password"
          maxLength={PASSWORD_MAX}
          required
          value={confirm}
          error={errors.confirm}
          onInput={(e) => update("confirm", e.currentTarget.value)}
        />
        <FormAlert message={alert} />
        <Button type="submit" size="lg" loading={busy === "reset"} class="w-full">
          {t("public.forgot.submit")}
        </Button>
        <div class="flex flex-wrap items-center justify-between gap-2">
          <Button
            variant="ghost"
            size="sm"
            loading={busy === "resend"}
            onClick={() => void requestCode("resend")}
          >
            {t("public.forgot.resend")}
          </Button>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              setStep(1);
              setErrors({});
              setAlert(null);
              setTimeout(() => document.getElementById("forgot-email")?.focus(), 0);
            }}
          >
            {t("public.forgot.changeEmail")}
          </Button>
        </div>
      </form>
    </FormCard>
  );
}

/** The strength rule as a checklist that ticks itself while the password is typed. */
function StrengthList({ t, password }: { t: TFunction; password: string }) {
  const strength = passwordStrength(password);
  const items = [
    ["length", strength.length],
    ["upper", strength.upper],
    ["lower", strength.lower],
    ["digit", strength.digit],
  ] as const;
  return (
    <div class="rounded-lg bg-surface-muted px-3 py-2.5">
      <p class="text-[13px] text-fg-muted" id="forgot-rules">{t("public.forgot.rules.title")}</p>
      <ul class="mt-1.5 flex flex-wrap gap-x-4 gap-y-1">
        {items.map(([key, met]) => (
          <li
            key={key}
            data-met={met ? "true" : "false"}
            class={cx(
              "flex items-center gap-1.5 text-[13px]",
              met ? "text-emerald-700 dark:text-emerald-400" : "text-fg-subtle",
            )}
          >
            <span
              class={cx(
                "grid size-4 shrink-0 place-items-center rounded-full",
                met ? "bg-emerald-100 dark:bg-emerald-900/60" : "border border-line-strong",
              )}
            >
              {met && <CheckIcon size={11} />}
            </span>
            {t(`public.forgot.rules.${key}`)}
          </li>
        ))}
      </ul>
    </div>
  );
}
