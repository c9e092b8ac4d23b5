/**
 * The table half of an administration tab: a search box, the records, an edit button per
 * row (which fills the form above) and "load more" while the server has more pages.
 */
import { useT } from "../../lib/i18n/client.ts";
import { Button } from "../ui/Button.tsx";
import { EmptyState } from "../ui/EmptyState.tsx";
import { Input } from "../ui/Input.tsx";
import { Table, type TableColumn } from "../ui/Table.tsx";

/** A paged, searchable list of records, as the island keeps it (islands/admin/use_records.ts). */
export interface Records<Row extends { id: number }> {
  rows: Row[];
  hasMore: boolean;
  loading: boolean;
  search: string;
  setSearch(text: string): void;
  loadMore(): void;
  /** Puts a saved record in the list: replaced where it is, or first when new. */
  upsert(row: Row): void;
  remove(id: number): void;
}

export interface RecordTableProps<Row extends { id: number }> {
  idBase: string;
  title: string;
  records: Records<Row>;
  columns: TableColumn<Row>[];
  nameOf: (row: Row) => string;
  /** The row being edited, highlighted. */
  editingId?: number;
  onEdit: (row: Row) => void;
  rowClass?: (row: Row) => string | false | undefined;
}

export function RecordTable<Row extends { id: number }>(props: RecordTableProps<Row>) {
  const { records, nameOf } = props;
  const t = useT();
  const actions: TableColumn<Row> = {
    key: "actions",
    label: t("admin.actions"),
    align: "end",
    cell: (row) => (
      <Button
        variant="ghost"
        size="sm"
        aria-label={t("admin.editNamed", { name: nameOf(row) })}
        aria-pressed={row.id === props.editingId}
        onClick={() => props.onEdit(row)}
      >
        {t("admin.edit")}
      </Button>
    ),
  };
  return (
    <section class="flex flex-col gap-3" aria-labelledby={`${props.idBase}-list-title`}>
      <div class="flex flex-wrap items-end justify-between gap-3">
        <h2 id={`${props.idBase}-list-title`} class="text-[15px] font-semibold text-fg">
          {props.title}
        </h2>
        <Input
          id={`${props.idBase}-search`}
          type="search"
          label={t("admin.search")}
          class="flex w-full flex-col gap-1.5 sm:w-72"
          value={records.search}
          onInput={(event) => records.setSearch(event.currentTarget.value)}
        />
      </div>
      <Table
        caption={props.title}
        columns={[...props.columns, actions]}
        rows={records.rows}
        rowKey={(row) => row.id}
        rowClass={(row) =>
          row.id === props.editingId
            ? "bg-brand-50/70 dark:bg-brand-950/50"
            : props.rowClass?.(row)}
        empty={records.loading
          ? <p class="py-6 text-center text-sm text-fg-muted">{t("common.loading")}</p>
          : <EmptyState title={t("admin.noRecords")} text={t("admin.noRecordsHint")} />}
      />
      {records.hasMore && (
        <Button
          variant="secondary"
          class="self-center"
          loading={records.loading}
          onClick={records.loadMore}
        >
          {t("admin.loadMore")}
        </Button>
      )}
    </section>
  );
}
