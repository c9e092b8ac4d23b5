/**
 * The QR dialog (core §2, §4): draws the connection's live QR as SVG and closes by itself
 * once the server pushes an empty QR (the phone paired, or the session ended). A sandbox
 * connection says so, and links to its simulator, where the scan is simulated.
 */
import { encode } from "uqr";
import { Button, buttonClasses } from "../../components/ui/Button.tsx";
import { Dialog } from "../../components/ui/Dialog.tsx";
import { closeModal, useModal } from "../../lib/client/modal.ts";
import { useT } from "../../lib/i18n/client.ts";
import type { ConnectionRow } from "./list_state.ts";

const DIALOG_ID = "connection-qr";

/** The QR's dark modules as one SVG path, with the quiet zone the standard asks for. */
export function qrPath(text: string): { size: number; path: string } {
  const { size, data } = encode(text, { border: 2 });
  let path = "";
  data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    })
  );
  return { size, path };
}

export function QrDialog(
  { connection, simulatorHref, onClose }: {
    connection: ConnectionRow;
    simulatorHref?: string;
    onClose: () => void;
  },
) {
  const t = useT();
  useModal(DIALOG_ID, onClose);
  const qr = connection.qrcode ? qrPath(connection.qrcode) : null;
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
        {qr
          ? (
            <svg
              role="img"
              aria-label={t("connections.qr.image", { name: connection.name })}
              viewBox={`0 0 ${qr.size} ${qr.size}`}
              shape-rendering="crispEdges"
              data-testid="qr-code"
              class="size-64 max-w-full rounded-lg bg-white p-1 ring-1 ring-line"
            >
              <rect width={qr.size} height={qr.size} fill="#fff" />
              <path d={qr.path} fill="#111" />
            </svg>
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
