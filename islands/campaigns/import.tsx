/**
 * The contact list import's upload with its progress (XMLHttpRequest is what reports an
 * upload's progress) and the report it answers.
 */
import { ApiError } from "../../lib/client/api.ts";
import { useT } from "../../lib/i18n/client.ts";
import { Button } from "../../components/ui/Button.tsx";

export interface ImportReport {
  total: number;
  counts: { added: number; duplicate: number; invalid: number; not_on_whatsapp: number };
  unchecked: number;
  skipped: { row: number; number: string; status: string; reason: string }[];
}

export function uploadWithProgress(
  url: string,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<ImportReport> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", url);
    request.withCredentials = true;
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      let body: { error?: string } | undefined;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = undefined;
      }
      if (request.status >= 200 && request.status < 300) resolve(body as ImportReport);
      else reject(new ApiError(request.status, body?.error ?? "ERR_INTERNAL"));
    };
    request.onerror = () => reject(new ApiError(0, "ERR_NETWORK"));
    const form = new FormData();
    form.append("file", file);
    request.send(form);
  });
}

const SHOWN_ROWS = 200;

export function ImportReportView(
  { report, onClose }: { report: ImportReport; onClose: () => void },
) {
  const t = useT();
  const counts: [string, number, string][] = [
    ["added", report.counts.added, "text-green-700 dark:text-green-400"],
    ["duplicate", report.counts.duplicate, "text-amber-700 dark:text-amber-400"],
    ["invalid", report.counts.invalid, "text-red-700 dark:text-red-400"],
    ["not_on_whatsapp", report.counts.not_on_whatsapp, "text-red-700 dark:text-red-400"],
  ];
  return (
    <section
      class="flex flex-col gap-3 rounded-lg border border-line bg-surface p-4"
      aria-label={t("campaigns.report.importTitle")}
      data-testid="import-report"
    >
      <div class="flex items-center justify-between gap-2">
        <h2 class="font-semibold">{t("campaigns.report.importTitle", { total: report.total })}</h2>
        <Button variant="ghost" size="sm" onClick={onClose}>{t("common.close")}</Button>
      </div>
      <dl class="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {counts.map(([key, value, tone]) => (
          <div key={key} class="rounded-md bg-surface-muted p-2">
            <dt class="text-[12px] text-fg-muted">{t(`campaigns.report.rows.${key}`)}</dt>
            <dd class={`text-xl font-semibold tabular-nums ${tone}`}>{value}</dd>
          </div>
        ))}
      </dl>
      {report.unchecked > 0 && (
        <p class="text-[13px] text-fg-muted">
          {t("campaigns.report.unchecked", { count: report.unchecked })}
        </p>
      )}
      {report.skipped.length > 0 && (
        <ul class="max-h-48 overflow-auto text-[13px]">
          {report.skipped.slice(0, SHOWN_ROWS).map((row) => (
            <li key={row.row} class="flex gap-2 border-b border-line py-1">
              <span class="w-16 tabular-nums text-fg-muted">
                {t("campaigns.report.row", { row: row.row })}
              </span>
              <span class="flex-1 tabular-nums">{row.number}</span>
              <span>{t(`campaigns.report.reasons.${row.reason}`)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
