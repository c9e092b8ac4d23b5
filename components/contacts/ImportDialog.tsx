/**
 * Import from a spreadsheet (admin §2): pick a .xlsx or .csv file, see what each row would
 * become (the server's preview; nothing is written yet), import, then see what was left
 * out and why. The file is sent again for the import, so the server checks it afresh.
 *
 * Import from the phone's address book needs a connected WhatsApp number and arrives with
 * the connections issue; until then this dialog offers spreadsheets only.
 */
import { useCallback, useState } from "preact/hooks";
import { api, ApiError } from "../../lib/client/api.ts";
import type { TFunction } from "../../lib/i18n/languages.ts";
import { Badge, type BadgeTone } from "../ui/Badge.tsx";
import { Button } from "../ui/Button.tsx";
import { Dialog } from "../ui/Dialog.tsx";
import { formatPhone } from "./format.ts";
import { SheetIcon } from "./icons.tsx";
import { useModal } from "./use_modal.ts";

export const IMPORT_DIALOG_ID = "contact-import-dialog";
/** The preview lists this many rows at most, problems first; the counts cover all. */
export const PREVIEW_ROWS_SHOWN = 200;

type RowStatus =
  | "ok"
  | "empty_name"
  | "invalid_name"
  | "invalid_number"
  | "invalid_email"
  | "duplicate_in_file"
  | "already_exists";

interface PreviewRow {
  row: number;
  name: string;
  number: string;
  email: string;
  status: RowStatus;
}

interface Preview {
  rows: PreviewRow[];
  total: number;
  counts: Record<RowStatus, number>;
}

interface ImportResult {
  created: number;
  skipped: { row: number; reason: Exclude<RowStatus, "ok"> }[];
}

const TONES: Record<RowStatus, BadgeTone> = {
  ok: "success",
  empty_name: "danger",
  invalid_name: "danger",
  invalid_number: "danger",
  invalid_email: "danger",
  duplicate_in_file: "warning",
  already_exists: "neutral",
};

export interface ImportDialogProps {
  t: TFunction;
  open: boolean;
  onClose: () => void;
  onImported: (created: number) => void;
}

type Step =
  | { kind: "pick"; error?: string }
  | { kind: "preview"; file: File; preview: Preview }
  | { kind: "done"; result: ImportResult };

export function ImportDialog({ t, open, onClose, onImported }: ImportDialogProps) {
  const [step, setStep] = useState<Step>({ kind: "pick" });
  const [busy, setBusy] = useState(false);
  const close = useCallback(() => {
    setStep({ kind: "pick" });
    onClose();
  }, [onClose]);
  useModal(IMPORT_DIALOG_ID, open, close);

  const send = <T,>(path: string, file: File) => {
    const form = new FormData();
    form.append("file", file);
    return api<T>(path, { method: "POST", body: form });
  };
  const failed = (err: unknown) => {
    const code = err instanceof ApiError ? err.code : "generic";
    const key = `errors.${code}`;
    const text = t(key);
    setStep({ kind: "pick", error: text === key ? t("errors.generic") : text });
  };

  async function pick(file: File | undefined) {
    if (!file) return;
    setBusy(true);
    try {
      setStep({
        kind: "preview",
        file,
        preview: await send<Preview>("/api/contacts/upload", file),
      });
    } catch (err) {
      failed(err);
    } finally {
      setBusy(false);
    }
  }

  async function runImport(file: File) {
    setBusy(true);
    try {
      const result = await send<ImportResult>("/api/contacts/import", file);
      setStep({ kind: "done", result });
      onImported(result.created);
    } catch (err) {
      failed(err);
    } finally {
      setBusy(false);
    }
  }

  const footer = step.kind === "preview"
    ? (
      <>
        <Button variant="secondary" onClick={() => setStep({ kind: "pick" })}>
          {t("contacts.import.otherFile")}
        </Button>
        <Button
          loading={busy}
          disabled={step.preview.counts.ok === 0}
          onClick={() => runImport(step.file)}
        >
          {t("contacts.import.run", { count: step.preview.counts.ok })}
        </Button>
      </>
    )
    : <Button variant="secondary" onClick={close}>{t("contacts.form.close")}</Button>;

  return (
    <Dialog
      id={IMPORT_DIALOG_ID}
      size="lg"
      title={t("contacts.import.title")}
      closeLabel={t("contacts.form.close")}
      footer={footer}
    >
      {step.kind === "pick" && (
        <div class="flex flex-col gap-3">
          <p class="text-fg-muted">{t("contacts.import.hint")}</p>
          <label class="flex cursor-pointer flex-col items-center gap-2 rounded-(--radius-card) border-2 border-dashed border-line-strong px-4 py-8 text-center hover:border-brand-500 hover:bg-surface-muted focus-within:outline-2 focus-within:outline-ring">
            <SheetIcon size={28} class="text-brand-600 dark:text-brand-400" />
            <span class="font-medium">
              {busy ? t("contacts.import.reading") : t("contacts.import.pick")}
            </span>
            <span class="text-[13px] text-fg-subtle">{t("contacts.import.formats")}</span>
            <input
              type="file"
              class="sr-only"
              accept=".xlsx,.csv,.xls"
              disabled={busy}
              onChange={(e) => pick(e.currentTarget.files?.[0])}
            />
          </label>
          {step.error && (
            <p role="alert" class="text-[13px] text-red-700 dark:text-red-400">{step.error}</p>
          )}
        </div>
      )}
      {step.kind === "preview" && <PreviewView t={t} file={step.file} preview={step.preview} />}
      {step.kind === "done" && <ResultView t={t} result={step.result} />}
    </Dialog>
  );
}

function StatusCounts({ t, counts }: { t: TFunction; counts: Record<RowStatus, number> }) {
  return (
    <ul class="flex flex-wrap gap-2" aria-label={t("contacts.import.summary")}>
      {(Object.keys(TONES) as RowStatus[]).filter((s) => counts[s] > 0).map((status) => (
        <li key={status}>
          <Badge tone={TONES[status]}>
            {t(`contacts.import.status.${status}`)}: {counts[status]}
          </Badge>
        </li>
      ))}
    </ul>
  );
}

/** A number that did not normalise is shown as written; the others as people write them. */
function shownNumber(row: PreviewRow): string {
  return row.status === "invalid_number" ? row.number : formatPhone(row.number);
}

function PreviewView({ t, file, preview }: { t: TFunction; file: File; preview: Preview }) {
  const problemsFirst = [
    ...preview.rows.filter((r) => r.status !== "ok"),
    ...preview.rows.filter((r) => r.status === "ok"),
  ].slice(0, PREVIEW_ROWS_SHOWN);
  return (
    <div class="flex flex-col gap-3">
      <p>
        {t("contacts.import.previewOf", {
          file: file.name,
          ok: preview.counts.ok,
          count: preview.counts.ok,
        })}
      </p>
      <StatusCounts t={t} counts={preview.counts} />
      <div class="max-h-80 overflow-auto rounded-lg border border-line">
        <table class="w-full text-[13px]">
          <thead class="sticky top-0 bg-surface-muted text-left text-xs text-fg-subtle">
            <tr>
              <th scope="col" class="px-3 py-2">{t("contacts.import.row")}</th>
              <th scope="col" class="px-3 py-2">{t("contacts.columns.name")}</th>
              <th scope="col" class="hidden px-3 py-2 sm:table-cell">
                {t("contacts.columns.number")}
              </th>
              <th scope="col" class="px-3 py-2">{t("contacts.import.statusColumn")}</th>
            </tr>
          </thead>
          <tbody>
            {problemsFirst.map((row) => (
              <tr key={row.row} class="border-t border-line">
                <td class="px-3 py-1.5 tabular-nums text-fg-muted">{row.row}</td>
                <td class="px-3 py-1.5">
                  {row.name}
                  {/* On phones the number sits under the name, so the status stays in view. */}
                  <span class="block whitespace-nowrap tabular-nums text-fg-muted sm:hidden">
                    {shownNumber(row)}
                  </span>
                </td>
                <td class="hidden px-3 py-1.5 whitespace-nowrap tabular-nums sm:table-cell">
                  {shownNumber(row)}
                </td>
                <td class="px-3 py-1.5">
                  <Badge tone={TONES[row.status]}>
                    {t(`contacts.import.status.${row.status}`)}
                  </Badge>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {preview.total > PREVIEW_ROWS_SHOWN && (
        <p class="text-[13px] text-fg-subtle">
          {t("contacts.import.showingFirst", { shown: PREVIEW_ROWS_SHOWN, total: preview.total })}
        </p>
      )}
    </div>
  );
}

function ResultView({ t, result }: { t: TFunction; result: ImportResult }) {
  return (
    <div class="flex flex-col gap-3">
      <p role="status" class="font-medium">
        {t("contacts.import.created", { count: result.created })}
      </p>
      {result.skipped.length > 0 && (
        <>
          <p>{t("contacts.import.skippedTitle", { count: result.skipped.length })}</p>
          <ul class="max-h-64 overflow-auto rounded-lg border border-line text-[13px]">
            {result.skipped.map((s) => (
              <li
                key={s.row}
                class="flex justify-between gap-3 border-t border-line px-3 py-1.5 first:border-t-0"
              >
                <span class="text-fg-muted">{t("contacts.import.rowNumber", { row: s.row })}</span>
                <span>{t(`contacts.import.status.${s.reason}`)}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
