/**
 * The company form's fields: identity, plan and billing cycle first; the optional billing
 * address folded away below, since most companies never need it.
 */
import type { Plan } from "../../services/plans/plans.ts";
import { RECURRENCES } from "../../services/companies/due_date.ts";
import { useT } from "../../lib/i18n/client.ts";
import { Input } from "../ui/Input.tsx";
import { Select } from "../ui/Select.tsx";
import { BILLING_FIELDS, type CompanyValues } from "./company_form.ts";
import { formatBRL } from "./format.ts";
import type { FieldTexts } from "../../lib/ui/field_errors.ts";

export interface CompanyFieldsProps {
  values: CompanyValues;
  errors: FieldTexts;
  plans: Plan[];
  creating: boolean;
  setField: <K extends keyof CompanyValues>(field: K, value: CompanyValues[K]) => void;
}

export function CompanyFields({ values, errors, plans, creating, setField }: CompanyFieldsProps) {
  const t = useT();
  const text = (field: keyof CompanyValues) => ({
    id: `company-form-${field}`,
    label: t(`admin.companies.${field}`),
    value: values[field] as string,
    error: errors[field],
    onInput: (e: { currentTarget: HTMLInputElement }) => setField(field, e.currentTarget.value),
  });
  const yesNo = [
    { value: "true", label: t("admin.yes") },
    { value: "false", label: t("admin.no") },
  ];
  return (
    <>
      <Input {...text("name")} required maxLength={100} autoComplete="organization" />
      <Input {...text("email")} type="email" required maxLength={200} autoComplete="off" />
      <Input {...text("phone")} type="tel" maxLength={30} />
      <Select
        id="company-form-planId"
        label={t("admin.companies.plan")}
        required
        placeholder={t("admin.companies.choosePlan")}
        value={values.planId}
        error={errors.planId}
        options={plans.map((plan) => ({
          value: String(plan.id),
          label: `${plan.name} · ${formatBRL(plan.value)}`,
        }))}
        onChange={(e) => setField("planId", e.currentTarget.value)}
      />
      <Select
        id="company-form-status"
        label={t("admin.companies.status")}
        value={String(values.status)}
        options={yesNo}
        onChange={(e) => setField("status", e.currentTarget.value === "true")}
      />
      <Select
        id="company-campaignsEnabled"
        label={t("admin.companies.campaigns")}
        value={String(values.campaignsEnabled)}
        options={[
          { value: "true", label: t("admin.enabledPlural") },
          { value: "false", label: t("admin.disabledPlural") },
        ]}
        onChange={(e) => setField("campaignsEnabled", e.currentTarget.value === "true")}
      />
      <Input {...text("dueDate")} type="date" />
      <Select
        id="company-form-recurrence"
        label={t("admin.companies.recurrence")}
        value={values.recurrence}
        options={RECURRENCES.map((r) => ({
          value: r,
          label: t(`admin.companies.recurrences.${r}`),
        }))}
        onChange={(e) =>
          setField("recurrence", e.currentTarget.value as CompanyValues["recurrence"])}
      />
      {creating && (
        <Input
          {...text("password")}
          type="password"
          required
          minLength={5}
          maxLength={50}
          autoComplete="new-password"
          hint={t("admin.companies.passwordHint")}
          class="flex flex-col gap-1.5 sm:col-span-2"
        />
      )}
      <details class="group sm:col-span-2 xl:col-span-4" open={hasBilling(values)}>
        <summary class="cursor-pointer select-none text-sm font-medium text-brand-700 hover:underline dark:text-brand-300">
          {t("admin.companies.billing")}
        </summary>
        <div class="mt-4 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {BILLING_FIELDS.map((field) => <Input key={field} {...text(field)} maxLength={200} />)}
        </div>
      </details>
    </>
  );
}

function hasBilling(values: CompanyValues): boolean {
  return BILLING_FIELDS.some((field) => values[field] !== "");
}
