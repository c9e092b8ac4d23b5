/**
 * A data table: a header row, one row per record, and an empty state spanning every column
 * when there is nothing to show. Wide tables scroll sideways on phones instead of squashing.
 */
import type { ComponentChildren } from "preact";
import { cx } from "./cx.ts";

export interface TableColumn<Row> {
  key: string;
  label: string;
  align?: "start" | "end" | "center";
  /** What to show in this column for one row. */
  cell: (row: Row) => ComponentChildren;
  /** Hide on narrow screens (secondary information). */
  hideOnMobile?: boolean;
  /** Hide below the large breakpoint too (tertiary information in a wide table). */
  hideOnTablet?: boolean;
  /**
   * On phones, this column takes the room the others leave and its text may truncate
   * (a table cell otherwise grows to its content and pushes the last column off screen).
   */
  growOnMobile?: boolean;
  /**
   * In a table that stacks on phones: "side" puts this cell at the end of the row's first
   * line (e.g. edit and delete), "below" gives it a line of its own under the others.
   */
  stackedSlot?: "side" | "below";
}

export interface TableProps<Row> {
  columns: TableColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string | number;
  /** Visually hidden caption that names the table for screen readers. */
  caption?: string;
  /** Shown instead of rows when `rows` is empty, usually an EmptyState. */
  empty?: ComponentChildren;
  /** Extra classes for one row, e.g. a tint that flags it (always with a text cue too). */
  rowClass?: (row: Row) => string | false | undefined;
  /**
   * On phones each row becomes a small card instead of a line of columns (for rows whose
   * cells hold buttons that cannot shrink): the header hides and the cells flow in a grid,
   * placed by their `stackedSlot`.
   */
  stackOnMobile?: boolean;
  class?: string;
}

const ALIGN = { start: "text-left", end: "text-right", center: "text-center" } as const;

const STACKED_SLOT = {
  main: "max-sm:col-start-1",
  side: "max-sm:col-start-2 max-sm:row-start-1",
  below: "max-sm:col-span-2 max-sm:pt-0",
} as const;

export function Table<Row>(
  { columns, rows, rowKey, caption, empty, rowClass, stackOnMobile, class: extra }: TableProps<Row>,
) {
  return (
    <div class={cx("overflow-x-auto rounded-(--radius-card) border border-line bg-surface", extra)}>
      <table class="w-full border-collapse text-sm">
        {caption && <caption class="sr-only">{caption}</caption>}
        <thead class={cx(stackOnMobile && "max-sm:hidden")}>
          <tr class="border-b border-line bg-surface-muted">
            {columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                class={cx(
                  "px-3 py-2.5 text-xs font-semibold uppercase tracking-wide text-fg-subtle sm:px-4",
                  ALIGN[column.align ?? "start"],
                  column.hideOnMobile && "hidden sm:table-cell",
                  column.hideOnTablet && "hidden lg:table-cell",
                )}
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0
            ? (
              <tr>
                <td colSpan={columns.length} class="px-4 py-2">{empty}</td>
              </tr>
            )
            : rows.map((row) => (
              <tr
                key={rowKey(row)}
                class={cx(
                  "border-b border-line last:border-b-0 hover:bg-surface-muted/60",
                  stackOnMobile && "max-sm:grid max-sm:grid-cols-[minmax(0,1fr)_auto]",
                  rowClass?.(row),
                )}
              >
                {columns.map((column) => (
                  <td
                    key={column.key}
                    class={cx(
                      "px-3 py-3 align-middle text-fg sm:px-4",
                      ALIGN[column.align ?? "start"],
                      column.hideOnMobile && "hidden sm:table-cell",
                      column.hideOnTablet && "hidden lg:table-cell",
                      column.growOnMobile && "max-sm:w-full max-sm:max-w-0",
                      stackOnMobile && STACKED_SLOT[column.stackedSlot ?? "main"],
                    )}
                  >
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
        </tbody>
      </table>
    </div>
  );
}
