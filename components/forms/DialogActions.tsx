/** Cancel and save at the foot of a form dialog; save submits the form by its id. */
import { closeModal } from "../../lib/client/modal.ts";
import { useT } from "../../lib/i18n/client.ts";
import { Button } from "../ui/Button.tsx";

export function DialogActions(
  { dialogId, formId, busy }: { dialogId: string; formId: string; busy: boolean },
) {
  const t = useT();
  return (
    <>
      <Button variant="secondary" onClick={() => closeModal(dialogId)} disabled={busy}>
        {t("common.cancel")}
      </Button>
      <Button type="submit" form={formId} loading={busy}>{t("common.save")}</Button>
    </>
  );
}
