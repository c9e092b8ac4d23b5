/**
 * The sign-up form of /signup (core §2, admin §7): company name, e-mail, phone with the
 * mask (99) 99999-9999, password and a plan. The server creates the company, its settings
 * and its first admin; the visitor then lands on /login with a success toast and the
 * e-mail filled in.
 */
import { useState } from "preact/hooks";
import { Button } from "../components/ui/Button.tsx";
import { Input } from "../components/ui/Input.tsx";
import { FormAlert } from "../components/public/FormAlert.tsx";
import { PasswordInput } from "../components/public/PasswordInput.tsx";
import { PlanPicker } from "../components/public/PlanPicker.tsx";
import { type FieldErrors, focusFirstError, formErrorText, ruleText } from "./public/form_text.ts";
import { api } from "../lib/client/api.ts";
import { useT } from "../lib/i18n/client.ts";
import { browserActions } from "../lib/ui/browser.ts";
import { setFlash } from "../lib/ui/flash.ts";
import { fieldErrorsOf, hasFieldErrors } from "../lib/ui/field_errors.ts";
import {
  checkEmail,
  checkName,
  checkPassword,
  checkPhone,
  formatPhone,
  NAME_MAX,
  PASSWORD_MAX,
  phoneDigits,
  PLAN_REQUIRED,
} from "../services/accounts/account_rules.ts";
import type { PublicPlan } from "../services/accounts/signup.ts";

export interface SignupFormProps {
  plans: PublicPlan[];
}

type SignupField = "name" | "email" | "phone" | "password" | "plan";
const ORDER: Array<[SignupField, string]> = [
  ["name", "signup-name"],
  ["email", "signup-email"],
  ["phone", "signup-phone"],
  ["password", "signup-password"],
  ["plan", "signup-plan"],
];

interface Values {
  name: string;
  email: string;
  phone: string;
  password: string;
  plan: number | null;
}

/** Server error codes that belong to one field. */
const FIELD_OF_CODE: Record<string, SignupField> = {
  ERR_COMPANY_NAME_TAKEN: "name",
  ERR_EMAIL_TAKEN: "email",
  ERR_PLAN_NOT_FOUND: "plan",
};

export default function SignupForm({ plans }: SignupFormProps) {
  const t = useT();
  const [values, setValues] = useState<Values>({
    name: "",
    email: "",
    phone: "",
    password: "",
    // With a single plan there is nothing to choose.
    plan: plans.length === 1 ? plans[0]!.id : null,
  });
  const [errors, setErrors] = useState<FieldErrors<SignupField>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [tried, setTried] = useState(false);

  function check(v: Values): FieldErrors<SignupField> {
    return {
      name: ruleText(t, checkName(v.name)),
      email: ruleText(t, checkEmail(v.email)),
      phone: ruleText(t, checkPhone(v.phone)),
      password: ruleText(t, checkPassword(v.password)),
      plan: v.plan === null ? ruleText(t, PLAN_REQUIRED) : undefined,
    };
  }

  function update(patch: Partial<Values>) {
    const next = { ...values, ...patch };
    setValues(next);
    if (tried) setErrors(check(next));
  }

  /** Keeps the mask while typing, with the caret after the same digit as before. */
  function onPhoneInput(event: Event) {
    const input = event.currentTarget as HTMLInputElement;
    const caret = input.selectionStart ?? input.value.length;
    let digits = input.value.replace(/\D/g, "");
    let digitsBefore = input.value.slice(0, caret).replace(/\D/g, "").length;
    // Backspace over a mask character ("-", ")") removed no digit: remove the one before it.
    const deleting = (event as InputEvent).inputType === "deleteContentBackward";
    if (deleting && digits === values.phone.replace(/\D/g, "") && digitsBefore > 0) {
      digits = digits.slice(0, digitsBefore - 1) + digits.slice(digitsBefore);
      digitsBefore--;
    }
    const formatted = formatPhone(digits);
    input.value = formatted;
    let position = 0;
    for (let seen = 0; position < formatted.length && seen < digitsBefore; position++) {
      if (/\d/.test(formatted[position]!)) seen++;
    }
    if (document.activeElement === input) input.setSelectionRange(position, position);
    update({ phone: formatted });
  }

  async function submit(event: Event) {
    event.preventDefault();
    if (submitting) return;
    setTried(true);
    setAlert(null);
    const found = check(values);
    setErrors(found);
    if (focusFirstError(found, ORDER)) return;
    setSubmitting(true);
    const email = values.email.trim();
    try {
      await api("/api/companies/cadastro", {
        method: "POST",
        body: {
          name: values.name.trim(),
          email,
          phone: phoneDigits(values.phone) ?? "",
          password: values.password,
          planId: values.plan,
        },
        session: false,
      });
      setFlash({
        toast: { tone: "success", messageKey: "public.signup.success" },
        email: email.toLowerCase(),
      });
      browserActions.navigate("/login");
    } catch (err) {
      setSubmitting(false);
      const serverErrors = serverFieldErrors(err);
      if (serverErrors) {
        setErrors(serverErrors);
        if (focusFirstError(serverErrors, ORDER)) return;
      }
      setAlert(formErrorText(err, t));
    }
  }

  function serverFieldErrors(err: unknown): FieldErrors<SignupField> | null {
    const f = fieldErrorsOf(err, t, {
      keyOf: (path) => path === "planId" ? "plan" : path,
      codeFields: FIELD_OF_CODE,
    });
    if (!hasFieldErrors(f)) return null;
    return { name: f.name, email: f.email, phone: f.phone, password: f.password, plan: f.plan };
  }

  return (
    <form onSubmit={submit} noValidate class="flex flex-col gap-4">
      <Input
        id="signup-name"
        name="name"
        label={t("public.signup.companyName")}
        placeholder={t("public.signup.companyNamePlaceholder")}
        autocomplete="organization"
        maxLength={NAME_MAX}
        required
        value={values.name}
        error={errors.name}
        onInput={(e) => update({ name: e.currentTarget.value })}
      />
      <div class="grid gap-4 sm:grid-cols-2">
        <Input
          id="signup-email"
          name="email"
          type="email"
          label={t("public.signup.email")}
          hint={t("public.signup.emailHint")}
          autocomplete="email"
          inputMode="email"
          required
          value={values.email}
          error={errors.email}
          onInput={(e) => update({ email: e.currentTarget.value })}
        />
        <Input
          id="signup-phone"
          name="phone"
          type="tel"
          label={t("public.signup.phone")}
          hint={t("public.signup.phoneHint")}
          placeholder="(99) 99999-9999"
          autocomplete="tel-national"
          inputMode="tel"
          maxLength={15}
          value={values.phone}
          error={errors.phone}
          onInput={onPhoneInput}
        />
      </div>
      <PasswordInput
        id="signup-password"
        name="password"
        label={t("public.signup.password")}
        hint={t("public.signup.passwordHint")}
        t={t}
        autocomplete="new-password"
        maxLength={PASSWORD_MAX}
        required
        value={values.password}
        error={errors.password}
        onInput={(e) => update({ password: e.currentTarget.value })}
      />
      <PlanPicker
        id="signup-plan"
        t={t}
        plans={plans}
        value={values.plan}
        error={errors.plan}
        onChange={(plan) => update({ plan })}
      />
      <FormAlert message={alert} />
      <Button
        type="submit"
        size="lg"
        loading={submitting}
        disabled={plans.length === 0}
        class="w-full"
      >
        {t("public.signup.submit")}
      </Button>
    </form>
  );
}
