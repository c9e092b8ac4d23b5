/**
 * The campaign area's list frame: search, add, a paged table with its loading and empty
 * states (lib/client/paged_list.ts), one place for the three list pages.
 */
import type { ComponentChildren } from "preact";
import { ListLayout } from "../../components/lists/ListLayout.tsx";
import { RowActions } from "../../components/lists/RowActions.tsx";
import { EmptyState } from "../../components/ui/EmptyState.tsx";
import { Table, type TableColumn } from "../../components/ui/Table.tsx";
import { api, ApiError } from "../../lib/client/api.ts";
import { useT } from "../../lib/i18n/client.ts";
import type { TFunction } from "../../lib/i18n/languages.ts";
import { toastError } from "../../lib/ui/toast.ts";

export interface SearchableTableProps<Row extends { id: number }> {
  search: string;
  onSearch: (value: string) => void;
  /** i18n keys under `campaigns.`: the search label, the add button, the caption, the empty text. */
  keys: { search: string; add: string; caption: string; empty: string };
  onAdd: () => void;
  list: { rows: Row[]; loading: boolean; loadMore: () => void };
  columns: TableColumn<Row>[];
  children?: ComponentChildren;
}

export function SearchableTable<Row extends { id: number }>(props: SearchableTableProps<Row>) {
  const t = useT();
  const { list, keys } = props;
  return (
    <ListLayout
      search={props.search}
      onSearch={props.onSearch}
      searchLabel={t(keys.search)}
      searchPlaceholder={t(keys.search)}
      addLabel={t(keys.add)}
      onAdd={props.onAdd}
      onNearEnd={list.loadMore}
      loadingMore={list.loading && list.rows.length > 0 ? t("common.loading") : undefined}
    >
      <Table
        columns={props.columns}
        rows={list.rows}
        rowKey={(row) => row.id}
        caption={t(keys.caption)}
        empty={list.loading
          ? <p class="py-8 text-center text-fg-muted">{t("common.loading")}</p>
          : <EmptyState title={t(keys.empty)} />}
      />
    </ListLayout>
  );
}

/** The list texts of an area whose keys follow the pattern `<prefix>.search`, `.add`, `.title`, `.empty`. */
export function listKeys(prefix: string): SearchableTableProps<{ id: number }>["keys"] {
  return {
    search: `${prefix}.search`,
    add: `${prefix}.add`,
    caption: `${prefix}.title`,
    empty: `${prefix}.empty`,
  };
}

/** The edit and delete buttons of a named row, with `<prefix>.edit` and `.delete` as names. */
export function namedRowActions<Row extends { id: number; name: string }>(
  t: TFunction,
  prefix: string,
  onEdit: (row: Row) => void,
  onDelete: (row: Row) => void,
): TableColumn<Row> {
  return {
    key: "actions",
    label: t("campaigns.columns.actions"),
    align: "end",
    cell: (row) => (
      <RowActions
        editName={t(`${prefix}.edit`, { name: row.name })}
        deleteName={t(`${prefix}.delete`, { name: row.name })}
        onEdit={() => onEdit(row)}
        onDelete={() => onDelete(row)}
      />
    ),
  };
}

/** Deletes through the API, then removes the row and says so; a refusal shows its code. */
export async function deleteRow(
  path: string,
  onDeleted: () => void,
  announce: () => void,
): Promise<void> {
  try {
    await api(path, { method: "DELETE" });
  } catch (err) {
    toastError(err instanceof ApiError ? err.code : undefined);
    throw err;
  }
  onDeleted();
  announce();
}
