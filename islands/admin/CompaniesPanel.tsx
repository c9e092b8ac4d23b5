/**
 * The super user's Companies tab (admin §2): the company form and the companies table.
 * Editing a company adds "+ Vencimento", which moves the due date on by the recurrence
 * (admin §4; saved with the form). Rows are tinted by how close the due date is (see
 * `dueDateTone`), and the due-date cell says it in words too.
 *
 * The spec's "Usuário" button (open that company's users) waits for the users page.
 */
import { useEffect, useState } from "preact/hooks";
import type { Company } from "../../services/companies/companies.ts";
import type { Plan } from "../../services/plans/plans.ts";
import {
  addRecurrence,
  daysUntil,
  dueDateTone,
  type DueTone,
  RECURRENCE_MONTHS,
} from "../../services/companies/due_date.ts";
import { api } from "../../lib/client/api.ts";
import { clientLanguage, useT } from "../../lib/i18n/client.ts";
import type { TFunction } from "../../lib/i18n/languages.ts";
import { pushToast } from "../../lib/ui/toast.ts";
import { Button } from "../../components/ui/Button.tsx";
import type { TableColumn } from "../../components/ui/Table.tsx";
import { cx } from "../../components/ui/cx.ts";
import {
  BLANK_COMPANY,
  checkCompany,
  companyBody,
  companyValues,
} from "../../components/admin/company_form.ts";
import { CompanyFields } from "../../components/admin/CompanyFields.tsx";
import { formatDay } from "../../components/admin/format.ts";
import { RecordFormCard } from "../../components/admin/RecordFormCard.tsx";
import { RecordTable } from "../../components/admin/RecordTable.tsx";
import { useRecordForm } from "./use_record_form.ts";
import { useRecords } from "./use_records.ts";

/** Row tints and text colours per due-date band: yellow, orange, red (admin §4). */
const TONE_ROW: Record<DueTone, string> = {
  none: "",
  soon: "bg-yellow-50 dark:bg-yellow-950/30",
  urgent: "bg-orange-50 dark:bg-orange-950/30",
  overdue: "bg-red-50 dark:bg-red-950/30",
};
const TONE_TEXT: Record<DueTone, string> = {
  none: "text-fg-muted",
  soon: "text-yellow-800 dark:text-yellow-300",
  urgent: "text-orange-700 dark:text-orange-300",
  overdue: "text-red-700 dark:text-red-300",
};

function dueLabel(dueDate: string, t: TFunction): string {
  const days = daysUntil(dueDate);
  if (days === 0) return t("admin.companies.due.today");
  return days > 0
    ? t("admin.companies.due.inDays", { count: days })
    : t("admin.companies.due.pastDays", { count: -days });
}

function DueDateCell({ company }: { company: Company }) {
  const t = useT();
  if (!company.dueDate) return <span class="text-fg-subtle">{t("admin.companies.noDueDate")}</span>;
  const tone = dueDateTone(company.dueDate);
  return (
    <span class="flex flex-col leading-tight">
      <span class="tabular-nums">{formatDay(company.dueDate, clientLanguage())}</span>
      {tone !== "none" && (
        <span class={cx("whitespace-nowrap text-xs font-medium", TONE_TEXT[tone])}>
          {dueLabel(company.dueDate, t)}
        </span>
      )}
    </span>
  );
}

export function CompaniesPanel() {
  const t = useT();
  const records = useRecords<Company>("/api/companies", "companies");
  const [plans, setPlans] = useState<Plan[]>([]);
  const form = useRecordForm<Company, typeof BLANK_COMPANY>({
    path: "/api/companies",
    records,
    blank: BLANK_COMPANY,
    toValues: companyValues,
    toBody: companyBody,
    check: (values, editing) => checkCompany(values, editing, t),
    saveErrorKey: "admin.companies.saveError",
  });
  const { values } = form;

  useEffect(() => {
    api<Plan[]>("/api/plans/all").then(setPlans).catch(() =>
      pushToast({ tone: "error", messageKey: "admin.loadError" })
    );
  }, []);

  const yesNo = (on: boolean) => (on ? t("admin.yes") : t("admin.no"));
  const columns: TableColumn<Company>[] = [
    {
      key: "name",
      label: t("admin.companies.name"),
      growOnMobile: true,
      cell: (c) => (
        <div class="min-w-0">
          <p class="font-medium max-sm:truncate">{c.name}</p>
          {/* Phones have no plan and status columns: they come under the name. */}
          <p class="break-words text-[13px] text-fg-muted sm:hidden">
            {c.plan.name} · {t("admin.companies.status")}: {yesNo(c.status)}
          </p>
        </div>
      ),
    },
    { key: "email", label: t("admin.companies.email"), hideOnMobile: true, cell: (c) => c.email },
    {
      key: "phone",
      label: t("admin.companies.phone"),
      hideOnMobile: true,
      cell: (c) => <span class="whitespace-nowrap">{c.phone}</span>,
    },
    {
      key: "plan",
      label: t("admin.companies.plan"),
      hideOnMobile: true,
      cell: (c) => c.plan.name,
    },
    {
      key: "campaigns",
      label: t("admin.companies.campaigns"),
      hideOnMobile: true,
      cell: (c) => yesNo(c.campaignsEnabled),
    },
    {
      key: "status",
      label: t("admin.companies.status"),
      hideOnMobile: true,
      cell: (c) => yesNo(c.status),
    },
    {
      key: "dueDate",
      label: t("admin.companies.dueDate"),
      cell: (c) => <DueDateCell company={c} />,
    },
  ];

  const months = RECURRENCE_MONTHS[values.recurrence];
  return (
    <div class="flex flex-col gap-6">
      <RecordFormCard
        idBase="company"
        form={form}
        newTitle={t("admin.companies.newTitle")}
        editTitle={t("admin.companies.editTitle")}
        nameOf={(company) => company.name}
        editActions={
          <Button
            variant="secondary"
            title={t("admin.companies.addDueHint", { months })}
            onClick={() =>
              form.setField("dueDate", addRecurrence(values.dueDate || null, values.recurrence))}
          >
            {t("admin.companies.addDue")}
          </Button>
        }
      >
        <CompanyFields
          values={values}
          errors={form.errors}
          plans={plans}
          creating={!form.editing}
          setField={form.setField}
        />
      </RecordFormCard>
      <RecordTable
        idBase="companies"
        title={t("admin.companies.listTitle")}
        records={records}
        columns={columns}
        nameOf={(company) => company.name}
        editingId={form.editing?.id}
        onEdit={form.edit}
        rowClass={(company) => TONE_ROW[dueDateTone(company.dueDate)]}
      />
    </div>
  );
}
