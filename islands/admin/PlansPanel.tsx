/**
 * The super user's Plans tab (admin §2): the plan form, with the defaults of admin §9
 * (limits and price 0, every feature on), and the table of plans with prices in BRL.
 */
import type { Plan } from "../../services/plans/plans.ts";
import type { PlanFeature } from "../../services/accounts/permissions.ts";
import { NEW_PLAN_DEFAULTS, PLAN_FEATURE_ORDER } from "../../services/plans/plan_defaults.ts";
import { useT } from "../../lib/i18n/client.ts";
import { Badge } from "../../components/ui/Badge.tsx";
import { Input } from "../../components/ui/Input.tsx";
import { Select } from "../../components/ui/Select.tsx";
import type { TableColumn } from "../../components/ui/Table.tsx";
import { formatBRL } from "../../components/admin/format.ts";
import { RecordFormCard } from "../../components/admin/RecordFormCard.tsx";
import { RecordTable } from "../../components/admin/RecordTable.tsx";
import type { FieldErrors } from "./save_errors.ts";
import { useRecordForm } from "./use_record_form.ts";
import { useRecords } from "./use_records.ts";
import { fieldText } from "../../lib/ui/field_errors.ts";
import { INVALID_NUMBER, REQUIRED } from "../../lib/http/field_errors.ts";

const LIMITS = ["users", "connections", "queues"] as const;

interface PlanValues {
  name: string;
  users: string;
  connections: string;
  queues: string;
  /** As typed: "29,90" and "29.90" both mean R$ 29,90. */
  value: string;
  features: Record<PlanFeature, boolean>;
}

const BLANK: PlanValues = {
  name: "",
  users: String(NEW_PLAN_DEFAULTS.users),
  connections: String(NEW_PLAN_DEFAULTS.connections),
  queues: String(NEW_PLAN_DEFAULTS.queues),
  value: String(NEW_PLAN_DEFAULTS.value),
  features: Object.fromEntries(PLAN_FEATURE_ORDER.map((f) => [f, NEW_PLAN_DEFAULTS[f]])) as Record<
    PlanFeature,
    boolean
  >,
};

function toValues(plan: Plan): PlanValues {
  return {
    name: plan.name,
    users: String(plan.users),
    connections: String(plan.connections),
    queues: String(plan.queues),
    value: String(plan.value).replace(".", ","),
    features: Object.fromEntries(PLAN_FEATURE_ORDER.map((f) => [f, plan[f]])) as Record<
      PlanFeature,
      boolean
    >,
  };
}

/** "1.234,50" (Brazilian) or "1234.50": when there is a comma, it marks the decimals. */
function parsePrice(text: string): number {
  const trimmed = text.trim();
  return Number(trimmed.includes(",") ? trimmed.replace(/\./g, "").replace(",", ".") : trimmed);
}

export function PlansPanel() {
  const t = useT();
  const records = useRecords<Plan>("/api/plans", "plans");
  const form = useRecordForm<Plan, PlanValues>({
    path: "/api/plans",
    records,
    blank: BLANK,
    toValues,
    saveErrorKey: "admin.plans.saveError",
    toBody: (values) => ({
      name: values.name.trim(),
      users: Number(values.users),
      connections: Number(values.connections),
      queues: Number(values.queues),
      value: parsePrice(values.value),
      ...values.features,
    }),
    check(values) {
      const errors: FieldErrors = {};
      if (!values.name.trim()) errors.name = fieldText(REQUIRED, t);
      for (const limit of LIMITS) {
        if (!/^\d+$/.test(values[limit].trim())) errors[limit] = fieldText(INVALID_NUMBER, t);
      }
      const value = parsePrice(values.value);
      if (!Number.isFinite(value) || value < 0) errors.value = fieldText(INVALID_NUMBER, t);
      return errors;
    },
  });
  const { values, errors, setField } = form;

  const columns: TableColumn<Plan>[] = [
    { key: "name", label: t("admin.plans.name"), cell: (plan) => plan.name },
    ...LIMITS.map((limit) => ({
      key: limit,
      label: t(`admin.plans.${limit}`),
      align: "end" as const,
      hideOnMobile: true,
      cell: (plan: Plan) => plan[limit],
    })),
    {
      key: "value",
      label: t("admin.plans.valueColumn"),
      align: "end",
      cell: (plan) => (
        <span class="whitespace-nowrap tabular-nums">
          {t("admin.plans.perMonth", { value: formatBRL(plan.value) })}
        </span>
      ),
    },
    {
      key: "features",
      label: t("admin.plans.features"),
      hideOnMobile: true,
      cell: (plan) => <FeatureBadges plan={plan} />,
    },
  ];

  return (
    <div class="flex flex-col gap-6">
      <RecordFormCard
        idBase="plan"
        form={form}
        newTitle={t("admin.plans.newTitle")}
        editTitle={t("admin.plans.editTitle")}
        nameOf={(plan) => plan.name}
      >
        <Input
          id="plan-name"
          label={t("admin.plans.name")}
          required
          maxLength={100}
          value={values.name}
          error={errors.name}
          onInput={(e) => setField("name", e.currentTarget.value)}
        />
        {LIMITS.map((limit) => (
          <Input
            key={limit}
            id={`plan-${limit}`}
            type="number"
            min={0}
            step={1}
            inputMode="numeric"
            label={t(`admin.plans.${limit}`)}
            value={values[limit]}
            error={errors[limit]}
            onInput={(e) => setField(limit, e.currentTarget.value)}
          />
        ))}
        <Input
          id="plan-value"
          inputMode="decimal"
          label={t("admin.plans.value")}
          value={values.value}
          error={errors.value}
          onInput={(e) => setField("value", e.currentTarget.value)}
        />
        <p class="-mb-2 text-sm font-semibold text-fg sm:col-span-2 xl:col-span-4">
          {t("admin.plans.features")}
        </p>
        {PLAN_FEATURE_ORDER.map((feature) => (
          <Select
            key={feature}
            id={`plan-${feature}`}
            label={t(`admin.plans.${feature}`)}
            value={values.features[feature] ? "true" : "false"}
            // Sim/Não: "Habilitadas" agreed with Campanhas only, not Kanban or Chat interno.
            options={[
              { value: "true", label: t("admin.yes") },
              { value: "false", label: t("admin.no") },
            ]}
            onChange={(e) =>
              setField("features", {
                ...values.features,
                [feature]: e.currentTarget.value === "true",
              })}
          />
        ))}
      </RecordFormCard>
      <RecordTable
        idBase="plans"
        title={t("admin.plans.listTitle")}
        records={records}
        columns={columns}
        nameOf={(plan) => plan.name}
        editingId={form.editing?.id}
        onEdit={form.edit}
      />
    </div>
  );
}

/** The plan's features as badges: all of them in one word, else the ones it has. */
function FeatureBadges({ plan }: { plan: Plan }) {
  const t = useT();
  const enabled = PLAN_FEATURE_ORDER.filter((feature) => plan[feature]);
  if (enabled.length === PLAN_FEATURE_ORDER.length) {
    return <Badge tone="brand">{t("admin.plans.allFeatures")}</Badge>;
  }
  if (enabled.length === 0) {
    return <span class="text-fg-subtle">{t("admin.plans.noFeatures")}</span>;
  }
  return (
    <span class="flex max-w-md flex-wrap gap-1">
      {enabled.map((feature) => <Badge key={feature}>{t(`admin.plans.${feature}`)}</Badge>)}
    </span>
  );
}
