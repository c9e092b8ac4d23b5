/**
 * Import contacts (admin §2) from a spreadsheet or from a connected phone's address book:
 * pick a .xlsx, .xls or .csv file, or a connection; see what each row would become (the server's
 * preview; nothing is written yet), import, then see what was left out and why. The file
 * (or the phone's book) is read again for the import, so the server checks it afresh.
 */
import { useCallback, useState } from "preact/hooks";
import { api, ApiError } from "../../lib/client/api.ts";
import type { TFunction } from "../../lib/i18n/languages.ts";
import { Badge, type BadgeTone } from "../../components/ui/Badge.tsx";
import { Button } from "../../components/ui/Button.tsx";
import { Dialog } from "../../components/ui/Dialog.tsx";
import { formatPhone } from "../../components/contacts/format.ts";
import { SheetIcon } from "../../components/contacts/icons.tsx";
import { type PhoneConnection, PhoneImportChoice } from "./PhoneImportChoice.tsx";
import { useModal } from "../../lib/client/modal.ts";

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

/** Where the rows come from. */
type Source = { kind: "file"; file: File } | { kind: "phone"; connection: PhoneConnection };

type Step =
  | { kind: "pick"; error?: string }
  | { kind: "preview"; source: Source; preview: Preview }
  /** `names`: who each row is, for a phone's book (its rows have no number to show). */
  | { kind: "done"; result: ImportResult; names?: Map<number, string> };

export function ImportDialog({ t, open, onClose, onImported }: ImportDialogProps) {
  const [step, setStep] = useState<Step>({ kind: "pick" });
  const [busy, setBusy] = useState(false);
  const close = useCallback(() => {
    setStep({ kind: "pick" });
    onClose();
  }, [onClose]);
  useModal(IMPORT_DIALOG_ID, close, open);

  const send = <T,>(path: string, file: File) => {
    const form = new FormData();
    form.append("file", file);
    return api<T>(path, { method: "POST", body: form });
  };
  const previewOf = (source: Source) =>
    source.kind === "file"
      ? send<Preview>("/api/contacts/upload", source.file)
      : api<Preview>(`/api/contacts/phone-book?whatsappId=${source.connection.id}`);
  const importOf = (source: Source) =>
    source.kind === "file"
      ? send<ImportResult>("/api/contacts/import", source.file)
      : api<ImportResult>("/api/contacts/import", {
        method: "POST",
        body: { whatsappId: source.connection.id },
      });
  const failed = (err: unknown) => {
    const code = err instanceof ApiError ? err.code : "generic";
    const key = `errors.${code}`;
    const text = t(key);
    setStep({ kind: "pick", error: text === key ? t("errors.generic") : text });
  };

  async function pick(source: Source) {
    setBusy(true);
    try {
      setStep({ kind: "preview", source, preview: await previewOf(source) });
    } catch (err) {
      failed(err);
    } finally {
      setBusy(false);
    }
  }

  async function runImport(source: Source, preview: Preview) {
    setBusy(true);
    try {
      const result = await importOf(source);
      const names = source.kind === "phone"
        ? new Map(preview.rows.map((row) => [row.row, row.name]))
        : undefined;
      setStep({ kind: "done", result, names });
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
          onClick={() => runImport(step.source, step.preview)}
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
        <div class="flex flex-col gap-4">
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
              accept=".xlsx,.xls,.csv"
              disabled={busy}
              onChange={(e) => {
                const file = e.currentTarget.files?.[0];
                if (file) pick({ kind: "file", file });
              }}
            />
          </label>
          {/* The dialog stays in the page while closed: it asks for connections only open. */}
          {open && (
            <PhoneImportChoice
              t={t}
              busy={busy}
              onPick={(connection) => pick({ kind: "phone", connection })}
            />
          )}
          {step.error && (
            <p role="alert" class="text-[13px] text-red-700 dark:text-red-400">{step.error}</p>
          )}
        </div>
      )}
      {step.kind === "preview" && <PreviewView t={t} source={step.source} preview={step.preview} />}
      {step.kind === "done" && <ResultView t={t} result={step.result} names={step.names} />}
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

function PreviewView({ t, source, preview }: { t: TFunction; source: Source; preview: Preview }) {
  // What needs the admin's eye first, then what will be imported, then what is already there.
  const problemsFirst = [
    ...preview.rows.filter((r) => r.status !== "ok" && r.status !== "already_exists"),
    ...preview.rows.filter((r) => r.status === "ok"),
    ...preview.rows.filter((r) => r.status === "already_exists"),
  ].slice(0, PREVIEW_ROWS_SHOWN);
  // A phone's book has no rows to point at; a spreadsheet's row numbers help find a problem.
  const showRow = source.kind === "file";
  return (
    <div class="flex flex-col gap-3">
      <p>
        {t("contacts.import.previewOf", {
          file: source.kind === "file" ? source.file.name : source.connection.name,
          ok: preview.counts.ok,
          count: preview.counts.ok,
        })}
      </p>
      {source.kind === "phone" && preview.total === 0 && (
        <p class="text-fg-muted">{t("contacts.import.phone.empty")}</p>
      )}
      <StatusCounts t={t} counts={preview.counts} />
      {preview.total > 0 && (
        <div class="max-h-80 overflow-auto rounded-lg border border-line">
          <table class="w-full text-[13px]">
            <thead class="sticky top-0 bg-surface-muted text-left text-xs text-fg-subtle">
              <tr>
                {showRow && <th scope="col" class="px-3 py-2">{t("contacts.import.row")}</th>}
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
                  {showRow && <td class="px-3 py-1.5 tabular-nums text-fg-muted">{row.row}</td>}
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
      )}
      {preview.total > PREVIEW_ROWS_SHOWN && (
        <p class="text-[13px] text-fg-subtle">
          {t("contacts.import.showingFirst", { shown: PREVIEW_ROWS_SHOWN, total: preview.total })}
        </p>
      )}
    </div>
  );
}

function ResultView(
  { t, result, names }: { t: TFunction; result: ImportResult; names?: Map<number, string> },
) {
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
                <span class="text-fg-muted">
                  {names?.get(s.row) ?? t("contacts.import.rowNumber", { row: s.row })}
                </span>
                <span>{t(`contacts.import.status.${s.reason}`)}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
