/** A chart's figures as a table: what screen readers read, and anyone may open. */
export interface SeriesRow {
  label: string;
  value: number;
}

export interface SeriesTableProps {
  caption: string;
  labelHeading: string;
  valueHeading: string;
  rows: SeriesRow[];
  toggle: string;
}

export function SeriesTable(
  { caption, labelHeading, valueHeading, rows, toggle }: SeriesTableProps,
) {
  return (
    <details class="group mt-3 text-sm">
      <summary class="cursor-pointer select-none text-[13px] font-medium text-brand-700 hover:underline dark:text-brand-300">
        {toggle}
      </summary>
      <div class="mt-2 max-h-64 overflow-auto rounded-md border border-line">
        <table class="w-full text-left">
          <caption class="sr-only">{caption}</caption>
          <thead class="sticky top-0 bg-surface-muted text-xs text-fg-muted">
            <tr>
              <th scope="col" class="px-3 py-1.5 font-medium">{labelHeading}</th>
              <th scope="col" class="px-3 py-1.5 text-right font-medium">{valueHeading}</th>
            </tr>
          </thead>
          <tbody class="divide-y divide-line">
            {rows.map((row, index) => (
              <tr key={index}>
                <th scope="row" class="px-3 py-1.5 font-normal text-fg">{row.label}</th>
                <td class="px-3 py-1.5 text-right tabular-nums text-fg">{row.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
