/**
 * The checkout wizard (admin §2, §4, §5): Data, Customize (the plan), Review, then the Pix
 * step with the QR code and its copy-and-paste text. The amount is the invoice's on the
 * server; the browser only names the invoice. When the company's payment channel says
 * CONCLUIDA, the wizard shows the new due date and goes to "/" 4 s later.
 */
import { useState } from "preact/hooks";
import { Button } from "../../components/ui/Button.tsx";
import { Dialog } from "../../components/ui/Dialog.tsx";
import { Input } from "../../components/ui/Input.tsx";
import { QrCode } from "../../components/ui/QrCode.tsx";
import { Select } from "../../components/ui/Select.tsx";
import { formatBRL, formatDay } from "../../components/admin/format.ts";
import { failureText, fieldErrorsOf } from "../admin/save_errors.ts";
import { api } from "../../lib/client/api.ts";
import { useChannel } from "../../lib/client/channel.ts";
import { closeModal, useModal } from "../../lib/client/modal.ts";
import { clientLanguage, useT } from "../../lib/i18n/client.ts";
import { channels } from "../../lib/realtime/channels.ts";
import { browserActions } from "../../lib/ui/browser.ts";
import { pushToast } from "../../lib/ui/toast.ts";
import type { CheckoutAnswer } from "../../services/billing/checkout.ts";
import type { Invoice } from "../../services/billing/invoices.ts";

const DIALOG_ID = "checkout";
const FORM_ID = "checkout-data";
/** admin §4: after the confirmation, "/" follows 4 s later. */
export const REDIRECT_AFTER_MS = 4000;

export interface CheckoutPlan {
  name: string;
  users: number;
  connections: number;
  queues: number;
}

type Fields = {
  firstName: string;
  lastName: string;
  address2: string;
  city: string;
  state: string;
  zipcode: string;
  country: string;
};

const REQUIRED: Array<[keyof Fields, string]> = [
  ["firstName", "ERR_CHECKOUT_NAME_REQUIRED"],
  ["address2", "ERR_CHECKOUT_ADDRESS_REQUIRED"],
  ["city", "ERR_CHECKOUT_CITY_REQUIRED"],
  ["zipcode", "ERR_CHECKOUT_ZIPCODE_REQUIRED"],
  ["country", "ERR_CHECKOUT_COUNTRY_REQUIRED"],
];

const STEPS = ["data", "customize", "review", "pix"] as const;

export function CheckoutDialog(
  { invoice, plan, companyId, onClose, onPaid }: {
    invoice: Invoice;
    plan: CheckoutPlan;
    companyId: number;
    onClose: () => void;
    onPaid: (dueDate: string) => void;
  },
) {
  const t = useT();
  const lang = clientLanguage();
  useModal(DIALOG_ID, onClose);
  const [step, setStep] = useState(0);
  const [fields, setFields] = useState<Fields>({
    firstName: "",
    lastName: "",
    address2: "",
    city: "",
    state: "",
    zipcode: "",
    country: "BR",
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [charge, setCharge] = useState<CheckoutAnswer | null>(null);
  const [renewedUntil, setRenewedUntil] = useState<string | null>(null);

  useChannel(channels.payment(companyId), (data) => {
    const event = data as { action?: string; company?: { dueDate?: string } };
    if (event.action !== "CONCLUIDA" || !event.company?.dueDate || renewedUntil) return;
    setRenewedUntil(event.company.dueDate);
    onPaid(event.company.dueDate);
    setTimeout(() => browserActions.navigate("/"), REDIRECT_AFTER_MS);
  });

  const set = (name: keyof Fields) => (event: Event) =>
    setFields({ ...fields, [name]: (event.currentTarget as HTMLInputElement).value });

  function checkData(): boolean {
    const found: Record<string, string> = {};
    for (const [name, code] of REQUIRED) {
      if (!fields[name].trim()) found[name] = t(`errors.${code}`);
    }
    setErrors(found);
    return Object.keys(found).length === 0;
  }

  async function pay() {
    setBusy(true);
    try {
      const answer = await api<CheckoutAnswer>("/api/subscription", {
        method: "POST",
        body: { ...fields, invoiceId: invoice.id },
      });
      setCharge(answer);
      setStep(3);
      pushToast({ tone: "success", message: t("billing.checkout.submitted") });
    } catch (err) {
      const found = fieldErrorsOf(err, t);
      if (Object.keys(found).length) {
        setErrors(found);
        setStep(0);
      } else {
        pushToast({ tone: "error", message: failureText(err, "errors.ERR_INTERNAL", t) });
      }
    } finally {
      setBusy(false);
    }
  }

  async function copy() {
    if (!charge) return;
    await navigator.clipboard?.writeText(charge.qrcode.qrcode).catch(() => {});
    pushToast({ tone: "success", message: t("billing.checkout.copied") });
  }

  const footer = step < 3
    ? (
      <>
        {step > 0 && (
          <Button variant="secondary" onClick={() => setStep(step - 1)} disabled={busy}>
            {t("billing.checkout.back")}
          </Button>
        )}
        {step === 0 && <Button type="submit" form={FORM_ID}>{t("billing.checkout.next")}</Button>}
        {step === 2 && (
          <Button onClick={pay} loading={busy} data-testid="checkout-pay">
            {t("billing.checkout.submit")}
          </Button>
        )}
      </>
    )
    : (
      <Button variant="secondary" onClick={() => closeModal(DIALOG_ID)}>
        {t("common.close")}
      </Button>
    );

  return (
    <Dialog
      id={DIALOG_ID}
      size="md"
      title={t("billing.checkout.title", { id: invoice.id })}
      closeLabel={t("common.close")}
      footer={footer}
    >
      <ol class="mb-5 grid grid-cols-4 gap-2 text-center text-xs font-medium" aria-label="steps">
        {STEPS.map((name, index) => (
          <li
            key={name}
            aria-current={index === step ? "step" : undefined}
            class={`border-t-4 pt-1.5 ${
              index <= step ? "border-brand-600 text-fg" : "border-line text-fg-subtle"
            }`}
          >
            {t(`billing.checkout.steps.${name}`)}
          </li>
        ))}
      </ol>

      {step === 0 && (
        <form
          id={FORM_ID}
          noValidate
          class="grid gap-3 sm:grid-cols-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (checkData()) setStep(1);
          }}
        >
          <Input
            id="checkout-firstName"
            label={t("billing.checkout.firstName")}
            value={fields.firstName}
            onInput={set("firstName")}
            error={errors.firstName}
            required
            autoComplete="name"
          />
          <Input
            id="checkout-lastName"
            label={t("billing.checkout.lastName")}
            value={fields.lastName}
            onInput={set("lastName")}
            autoComplete="family-name"
          />
          <Input
            id="checkout-address"
            class="sm:col-span-2"
            label={t("billing.checkout.address")}
            value={fields.address2}
            onInput={set("address2")}
            error={errors.address2}
            required
            autoComplete="street-address"
          />
          <Input
            id="checkout-city"
            label={t("billing.checkout.city")}
            value={fields.city}
            onInput={set("city")}
            error={errors.city}
            required
          />
          <Input
            id="checkout-state"
            label={t("billing.checkout.state")}
            value={fields.state}
            onInput={set("state")}
          />
          <Input
            id="checkout-zipcode"
            label={t("billing.checkout.zipcode")}
            value={fields.zipcode}
            onInput={set("zipcode")}
            error={errors.zipcode}
            required
            autoComplete="postal-code"
          />
          <Select
            id="checkout-country"
            label={t("billing.checkout.country")}
            value={fields.country}
            onChange={set("country")}
            error={errors.country}
            options={[
              { value: "BR", label: t("billing.checkout.countries.BR") },
              { value: "usa", label: t("billing.checkout.countries.usa") },
            ]}
          />
        </form>
      )}

      {step === 1 && (
        <div class="flex flex-col gap-3">
          <p class="text-sm font-medium text-fg">{t("billing.checkout.choosePlan")}</p>
          <button
            type="button"
            data-testid="checkout-plan"
            onClick={() => setStep(2)}
            class="flex items-center justify-between gap-4 rounded-xl border-2 border-brand-600 bg-brand-50/60 p-4 text-left hover:bg-brand-50 dark:bg-brand-950/30"
          >
            <span>
              <span class="block font-semibold text-fg">{plan.name}</span>
              <span class="block text-[13px] text-fg-muted">
                {t("billing.checkout.planLimits", { ...plan })}
              </span>
            </span>
            <span class="shrink-0 text-right font-semibold tabular-nums text-fg">
              {formatBRL(invoice.value)}
            </span>
          </button>
        </div>
      )}

      {step === 2 && (
        <div class="flex flex-col gap-3 text-sm">
          <p class="font-medium text-fg">{t("billing.checkout.review")}</p>
          <dl class="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-xl bg-surface-muted p-4">
            <dt class="text-fg-subtle">{t("billing.checkout.firstName")}</dt>
            <dd class="text-fg">{`${fields.firstName} ${fields.lastName}`.trim()}</dd>
            <dt class="text-fg-subtle">{t("billing.checkout.address")}</dt>
            <dd class="text-fg">
              {[fields.address2, fields.city, fields.state, fields.zipcode].filter(Boolean).join(
                ", ",
              )}
            </dd>
            <dt class="text-fg-subtle">{t("billing.checkout.plan")}</dt>
            <dd class="text-fg">{invoice.detail}</dd>
            <dt class="text-fg-subtle">{t("billing.checkout.dueDate")}</dt>
            <dd class="tabular-nums text-fg">{formatDay(invoice.dueDate, lang)}</dd>
            <dt class="text-fg-subtle">{t("billing.checkout.amount")}</dt>
            <dd class="font-semibold tabular-nums text-fg">{formatBRL(invoice.value)}</dd>
          </dl>
        </div>
      )}

      {step === 3 && charge && (
        <PixStep charge={charge} invoiceId={invoice.id} renewedUntil={renewedUntil} onCopy={copy} />
      )}
    </Dialog>
  );
}

function PixStep(
  { charge, invoiceId, renewedUntil, onCopy }: {
    charge: CheckoutAnswer;
    invoiceId: number;
    renewedUntil: string | null;
    onCopy: () => void;
  },
) {
  const t = useT();
  const lang = clientLanguage();
  if (renewedUntil) {
    return (
      <p
        role="status"
        data-testid="checkout-renewed"
        class="rounded-xl bg-green-50 p-4 text-sm font-medium text-green-800 dark:bg-green-950/40 dark:text-green-200"
      >
        {t("billing.checkout.renewed", { date: formatDay(renewedUntil, lang) })}
      </p>
    );
  }
  return (
    <div class="flex flex-col items-center gap-4 text-center">
      <p class="text-sm text-fg-muted">{t("billing.checkout.scan")}</p>
      <QrCode
        text={charge.qrcode.qrcode}
        label={t("billing.checkout.qrImage", { id: invoiceId })}
        testId="pix-qr"
        class="size-56"
      />
      <p class="text-lg font-semibold tabular-nums text-fg">
        {formatBRL(Number(charge.valor.original))}
      </p>
      <label class="flex w-full flex-col gap-1 text-left text-[13px] font-medium text-fg-muted">
        {t("billing.checkout.copyPaste")}
        <span class="flex gap-2">
          <input
            readOnly
            value={charge.qrcode.qrcode}
            data-testid="pix-copy-paste"
            class="h-10 min-w-0 flex-1 rounded-lg border border-line-strong bg-surface-muted px-3 font-mono text-xs text-fg"
            onFocus={(event) => event.currentTarget.select()}
          />
          <Button variant="secondary" onClick={onCopy}>{t("billing.checkout.copy")}</Button>
        </span>
      </label>
      <p class="text-sm text-fg-subtle" aria-live="polite">
        {t("billing.checkout.waiting")}
        {charge.provider === "static" && <>{t("billing.checkout.staticNote")}</>}
      </p>
    </div>
  );
}
