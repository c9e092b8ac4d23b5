/**
 * The form card of an administration tab: its title says create or edit, the fields come
 * as children, and the footer holds save, clear (or cancel while editing), delete while
 * editing, and any extra actions of the tab (admin §2: "+ Vencimento").
 */
import type { ComponentChildren } from "preact";
import { useEffect } from "preact/hooks";
import { useT } from "../../lib/i18n/client.ts";
import { Button } from "../ui/Button.tsx";
import { Card } from "../ui/Card.tsx";
import { ConfirmDelete } from "./ConfirmDelete.tsx";

/** What the card shows and calls of the island's form (islands/admin/use_record_form.ts). */
export interface RecordFormState<Row extends { id: number }> {
  editing: Row | null;
  submit(event?: Event): void;
  reset(): void;
  saving: boolean;
  /** The delete confirmation: `askDelete()` opens it, `confirmDelete()` deletes. */
  confirming: boolean;
  askDelete(): void;
  cancelDelete(): void;
  confirmDelete(): void;
  deleting: boolean;
}

export interface RecordFormCardProps<Row extends { id: number }, Values> {
  /** Prefix for element ids, unique on the page (`company`, `plan`…). */
  idBase: string;
  form: RecordFormState<Row>;
  newTitle: string;
  editTitle: string;
  /** How the record being edited is called, for the subtitle and the delete question. */
  nameOf: (row: Row) => string;
  /** More buttons shown while editing. */
  editActions?: ComponentChildren;
  children: ComponentChildren;
}

export function RecordFormCard<Row extends { id: number }, Values>(
  props: RecordFormCardProps<Row, Values>,
) {
  const { idBase, form, nameOf } = props;
  const t = useT();
  const editing = form.editing;

  // Rows are picked in the table below the form: bring the form into view (on a phone it
  // is a long scroll away) and put the cursor in its first field.
  useEffect(() => {
    if (!editing) return;
    const formElement = document.getElementById(`${idBase}-form`);
    formElement?.scrollIntoView?.({ behavior: "smooth", block: "start" });
    formElement?.querySelector<HTMLElement>("input, select")?.focus({ preventScroll: true });
  }, [editing?.id]);

  return (
    <Card
      title={editing ? props.editTitle : props.newTitle}
      description={editing ? t("admin.editing", { name: nameOf(editing) }) : undefined}
    >
      <form
        id={`${idBase}-form`}
        onSubmit={form.submit}
        noValidate
        class="flex scroll-mt-28 flex-col gap-5"
      >
        <div class="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">{props.children}</div>
        <div class="flex flex-wrap items-center gap-2 border-t border-line pt-4">
          <Button type="submit" loading={form.saving}>{t("common.save")}</Button>
          <Button variant="secondary" onClick={form.reset}>
            {editing ? t("common.cancel") : t("admin.clear")}
          </Button>
          {editing && props.editActions}
          {editing && (
            <Button variant="danger" class="sm:ml-auto" onClick={form.askDelete}>
              {t("admin.delete")}
            </Button>
          )}
        </div>
      </form>
      <ConfirmDelete
        id={`${idBase}-delete`}
        name={editing ? nameOf(editing) : ""}
        open={form.confirming}
        busy={form.deleting}
        onConfirm={form.confirmDelete}
        onClose={form.cancelDelete}
      />
    </Card>
  );
}
