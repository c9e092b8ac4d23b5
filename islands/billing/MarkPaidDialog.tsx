/** The super user marks an invoice paid by hand, with the reason kept as its audit trail. */
import { useState } from "preact/hooks";
import { Dialog } from "../../components/ui/Dialog.tsx";
import { Input } from "../../components/ui/Input.tsx";
import { DialogActions } from "../../components/forms/DialogActions.tsx";
import { failureText, fieldErrorsOf } from "../admin/save_errors.ts";
import { formatDay } from "../../components/admin/format.ts";
import { api } from "../../lib/client/api.ts";
import { useModal } from "../../lib/client/modal.ts";
import { clientLanguage, useT } from "../../lib/i18n/client.ts";
import { pushToast } from "../../lib/ui/toast.ts";
import type { Invoice } from "../../services/billing/invoices.ts";

const DIALOG_ID = "mark-paid";
const FORM_ID = "mark-paid-form";

export function MarkPaidDialog(
  { invoice, onClose, onPaid }: {
    invoice: Invoice;
    onClose: () => void;
    onPaid: (invoice: Invoice) => void;
  },
) {
  const t = useT();
  useModal(DIALOG_ID, onClose);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function submit(event: Event) {
    event.preventDefault();
    if (reason.trim().length < 3) return setError(t("errors.ERR_PAYMENT_REASON_REQUIRED"));
    setBusy(true);
    try {
      const paid = await api<Invoice & { companyDueDate: string }>(
        `/api/invoices/${invoice.id}`,
        { method: "PUT", body: { status: "paid", reason } },
      );
      const date = formatDay(paid.companyDueDate, clientLanguage());
      pushToast({ tone: "success", message: t("billing.markedPaid", { date }) });
      onPaid(paid);
    } catch (err) {
      setError(fieldErrorsOf(err, t).reason ?? failureText(err, "errors.ERR_INTERNAL", t));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      id={DIALOG_ID}
      size="sm"
      title={t("billing.markPaidTitle", { id: invoice.id })}
      description={t("billing.markPaidHint")}
      closeLabel={t("common.close")}
      footer={<DialogActions dialogId={DIALOG_ID} formId={FORM_ID} busy={busy} />}
    >
      <form id={FORM_ID} noValidate onSubmit={submit}>
        <Input
          id="mark-paid-reason"
          label={t("billing.reason")}
          value={reason}
          onInput={(event) => setReason((event.currentTarget as HTMLInputElement).value)}
          error={error}
          required
        />
      </form>
    </Dialog>
  );
}
