/**
 * The form half of an administration tab (admin §2: "form plus table"): create mode by
 * default; picking a row switches to edit mode with that record, where delete appears.
 * Saving POSTs or PUTs, then puts the record in the table and goes back to create mode;
 * every outcome ends in a toast (admin §8).
 */
import { useState } from "preact/hooks";
import { api } from "../../lib/client/api.ts";
import { useT } from "../../lib/i18n/client.ts";
import { pushToast } from "../../lib/ui/toast.ts";
import { failureText, type FieldErrors, fieldErrorsOf } from "./save_errors.ts";
import type { Records } from "../../components/admin/RecordTable.tsx";

export interface RecordFormOptions<Row extends { id: number }, Values> {
  /** `/api/plans`: POST here, PUT and DELETE at `/{id}`. */
  path: string;
  records: Records<Row>;
  /** The form of create mode. */
  blank: Values;
  toValues(row: Row): Values;
  toBody(values: Values, editing: Row | null): unknown;
  /** Checks before sending; answers field → message (empty when fine). */
  check(values: Values, editing: Row | null): FieldErrors;
  /** i18n key of the screen's "could not save" sentence. */
  saveErrorKey: string;
}

export function useRecordForm<Row extends { id: number }, Values>(
  options: RecordFormOptions<Row, Values>,
) {
  const t = useT();
  const [values, setValues] = useState<Values>(options.blank);
  const [editing, setEditing] = useState<Row | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);

  function reset() {
    setValues(options.blank);
    setEditing(null);
    setErrors({});
  }

  function edit(row: Row) {
    setEditing(row);
    setValues(options.toValues(row));
    setErrors({});
  }

  function setField<K extends keyof Values>(field: K, value: Values[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field as string]: _fixed, ...rest }) => rest);
  }

  async function submit(event?: Event) {
    event?.preventDefault();
    const problems = options.check(values, editing);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setSaving(true);
    try {
      const row = await api<Row>(editing ? `${options.path}/${editing.id}` : options.path, {
        method: editing ? "PUT" : "POST",
        body: options.toBody(values, editing),
      });
      options.records.upsert(row);
      pushToast({ tone: "success", message: t("admin.success") });
      reset();
    } catch (err) {
      setErrors(fieldErrorsOf(err, t));
      pushToast({ tone: "error", message: failureText(err, options.saveErrorKey, t) });
    } finally {
      setSaving(false);
    }
  }

  async function confirmDelete() {
    if (!editing) return;
    setDeleting(true);
    try {
      await api(`${options.path}/${editing.id}`, { method: "DELETE" });
      options.records.remove(editing.id);
      pushToast({ tone: "success", message: t("admin.success") });
      reset();
    } catch (err) {
      pushToast({ tone: "error", message: failureText(err, "admin.deleteError", t) });
    } finally {
      setDeleting(false);
      setConfirming(false);
    }
  }

  return {
    values,
    setValues,
    setField,
    errors,
    editing,
    edit,
    reset,
    submit,
    saving,
    /** The delete confirmation: `askDelete()` opens it, `confirmDelete()` deletes. */
    confirming,
    askDelete: () => setConfirming(true),
    cancelDelete: () => setConfirming(false),
    confirmDelete,
    deleting,
  };
}

export type RecordForm<Row extends { id: number }, Values> = ReturnType<
  typeof useRecordForm<Row, Values>
>;
