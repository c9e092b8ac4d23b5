/**
 * The QR dialog (core §2, §4): draws the connection's live QR as SVG and closes by itself
 * once the server pushes an empty QR (the phone paired, or the session ended). A sandbox
 * connection says so, and links to its simulator, where the scan is simulated.
 */
import { Button, buttonClasses } from "../../components/ui/Button.tsx";
import { Dialog } from "../../components/ui/Dialog.tsx";
import { QrCode } from "../../components/ui/QrCode.tsx";
import { closeModal, useModal } from "../../lib/client/modal.ts";
import { useT } from "../../lib/i18n/client.ts";
import type { ConnectionRow } from "./list_state.ts";

const DIALOG_ID = "connection-qr";

export function QrDialog(
  { connection, simulatorHref, onClose }: {
    connection: ConnectionRow;
    simulatorHref?: string;
    onClose: () => void;
  },
) {
  const t = useT();
  useModal(DIALOG_ID, onClose);
  return (
    <Dialog
      id={DIALOG_ID}
      size="sm"
      title={t("connections.qr.title")}
      description={t("connections.qr.description", { name: connection.name })}
      closeLabel={t("common.close")}
      footer={
        <>
          {simulatorHref && (
            <a href={simulatorHref} class={`mr-auto ${buttonClasses("secondary")}`}>
              {t("connections.actions.simulator")}
            </a>
          )}
          <Button variant="secondary" onClick={() => closeModal(DIALOG_ID)}>
            {t("common.close")}
          </Button>
        </>
      }
    >
      <div class="flex flex-col items-center gap-4">
        {connection.qrcode
          ? (
            <QrCode
              text={connection.qrcode}
              label={t("connections.qr.image", { name: connection.name })}
              testId="qr-code"
              class="size-64"
            />
          )
          : (
            <div
              class="flex size-64 max-w-full items-center justify-center rounded-lg bg-surface-muted text-sm text-fg-muted"
              role="status"
            >
              {t("connections.qr.waiting")}
            </div>
          )}
        <p class="text-sm text-fg-muted">
          {connection.provider === "sandbox"
            ? t("connections.qr.sandboxHint")
            : t("connections.qr.steps")}
        </p>
      </div>
    </Dialog>
  );
}
