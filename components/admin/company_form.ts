/**
 * The company form's values and rules (admin §3, §4, §5, §9), apart from its markup so
 * they read (and test) on their own.
 */
import type { Company } from "../../services/companies/companies.ts";
import { normalizeDueDate, type Recurrence } from "../../services/companies/due_date.ts";
import type { TFunction } from "../../lib/i18n/languages.ts";
import {
  BILLING_FIELDS,
  type BillingField,
  billingFieldsOf,
} from "../../services/companies/billing_fields.ts";

export { BILLING_FIELDS };
import type { FieldTexts } from "../../lib/ui/field_errors.ts";
import { fieldText } from "../../lib/ui/field_errors.ts";
import { INVALID_EMAIL, lengthError, REQUIRED } from "../../lib/http/field_errors.ts";

export type CompanyValues = Record<BillingField, string> & {
  name: string;
  email: string;
  phone: string;
  /** The chosen plan's id as the select holds it; "" before a choice. */
  planId: string;
  status: boolean;
  campaignsEnabled: boolean;
  /** `YYYY-MM-DD` as the date input holds it; "" for none. */
  dueDate: string;
  recurrence: Recurrence;
  /** The first admin's password; only asked when creating. */
  password: string;
};

/** Create mode: status on, campaigns off, monthly (admin §9). */
export const BLANK_COMPANY: CompanyValues = {
  name: "",
  email: "",
  phone: "",
  planId: "",
  status: true,
  campaignsEnabled: false,
  dueDate: "",
  recurrence: "MENSAL",
  password: "",
  ...billingFieldsOf(() => ""),
};

export function companyValues(company: Company): CompanyValues {
  return {
    name: company.name,
    email: company.email ?? "",
    phone: company.phone ?? "",
    planId: String(company.planId),
    status: company.status,
    campaignsEnabled: company.campaignsEnabled,
    dueDate: company.dueDate ?? "",
    recurrence: company.recurrence,
    password: "",
    ...billingFieldsOf((field) => company[field] ?? ""),
  };
}

/** The request body; an empty or invalid due date is sent as null (admin §4). */
export function companyBody(values: CompanyValues, editing: Company | null) {
  return {
    name: values.name.trim(),
    email: values.email.trim(),
    phone: values.phone.trim(),
    planId: Number(values.planId),
    status: values.status,
    campaignsEnabled: values.campaignsEnabled,
    dueDate: normalizeDueDate(values.dueDate),
    recurrence: values.recurrence,
    ...billingFieldsOf((field) => values[field].trim()),
    ...(editing ? {} : { password: values.password }),
  };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** E-mail and plan are required (admin §5); name too, and a 5–50 password on create. */
export function checkCompany(
  values: CompanyValues,
  editing: Company | null,
  t: TFunction,
): FieldTexts {
  const errors: FieldTexts = {};
  const required = fieldText(REQUIRED, t);
  if (!values.name.trim()) errors.name = required;
  if (!values.email.trim()) errors.email = required;
  else if (!EMAIL.test(values.email.trim())) errors.email = fieldText(INVALID_EMAIL, t);
  if (!values.planId) errors.planId = required;
  if (!editing) {
    const password = lengthError(values.password, 5, 50);
    if (password) errors.password = fieldText(password, t);
  }
  return errors;
}
