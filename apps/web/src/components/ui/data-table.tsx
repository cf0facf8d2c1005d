import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface Column<Row> {
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Classes of the column's cells (alignment, width). */
  className?: string;
  /** A row header cell (th scope="row"): the cell that names the row, usually the first. */
  rowHeader?: boolean;
  /** Stacked on a phone, the value's label is the header unless this says otherwise (null: no label). */
  stackedLabel?: ReactNode;
}

export interface DataTableProps<Row> {
  /** Names the table for everyone; hidden visually when the page heading already says it. */
  caption: string;
  captionHidden?: boolean;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  /** Shown in place of the rows when there are none. */
  empty?: ReactNode;
  className?: string;
  /**
   * Below the md breakpoint (768 px), show each row as a card of "header: value" lines instead of scrolling
   * sideways. The table keeps its roles explicitly, so screen readers still read it as a table.
   */
  stacked?: boolean;
}

/**
 * A real table (caption, column headers, row headers). On narrow screens it scrolls sideways inside a
 * focusable region, so keyboard users can scroll it too, or, with `stacked`, shows each row as a card.
 */
export function DataTable<Row>({
  caption,
  captionHidden,
  columns,
  rows,
  rowKey,
  empty,
  className,
  stacked = false,
}: DataTableProps<Row>) {
  // With `stacked`, CSS changes the display of the table's parts on phones; explicit roles keep the semantics
  // that some browsers drop from a table that is not displayed as one.
  const role = (value: string) => (stacked ? value : undefined);
  return (
    <div
      role="region"
      aria-label={caption}
      tabIndex={0}
      className={cn(
        // `relative` keeps visually hidden text (sr-only, absolutely positioned) inside the scrolling box,
        // so a wide table never widens the page on a phone.
        'relative overflow-x-auto rounded-(--radius-card) border border-slate-200 bg-white shadow-(--shadow-card)',
        className,
      )}
    >
      <table
        role={role('table')}
        className={cn('min-w-full divide-y divide-slate-200 text-left text-sm', stacked && 'max-md:block')}
      >
        <caption
          className={cn('px-4 py-3 text-left text-base font-semibold text-slate-900', captionHidden && 'sr-only')}
        >
          {caption}
        </caption>
        <thead role={role('rowgroup')} className={cn('bg-slate-50', stacked && 'max-md:sr-only')}>
          <tr role={role('row')}>
            {columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                role={role('columnheader')}
                className={cn(
                  'px-4 py-3 text-xs font-semibold tracking-wide text-slate-600 uppercase',
                  column.className,
                )}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role={role('rowgroup')} className={cn('divide-y divide-slate-100', stacked && 'max-md:block')}>
          {rows.length === 0 && empty ? (
            <tr role={role('row')} className={cn(stacked && 'max-md:block')}>
              <td
                role={role('cell')}
                colSpan={columns.length}
                className={cn('px-4 py-10 text-center text-slate-600', stacked && 'max-md:block')}
              >
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr
                key={rowKey(row)}
                role={role('row')}
                className={cn('align-top hover:bg-slate-50/60', stacked && 'max-md:block max-md:px-4 max-md:py-3')}
              >
                {columns.map((column) =>
                  column.rowHeader ? (
                    <th
                      key={column.key}
                      scope="row"
                      role={role('rowheader')}
                      className={cn(
                        'px-4 py-3 font-normal',
                        column.className,
                        stacked && 'max-md:block max-md:px-0 max-md:pt-0 max-md:pb-2 max-md:text-left',
                      )}
                    >
                      {column.cell(row)}
                    </th>
                  ) : (
                    <td
                      key={column.key}
                      role={role('cell')}
                      className={cn(
                        'px-4 py-3',
                        column.className,
                        stacked && 'max-md:flex max-md:gap-3 max-md:px-0 max-md:py-2 max-md:text-left',
                      )}
                    >
                      {stacked ? (
                        <>
                          {column.stackedLabel !== null && (
                            <span
                              aria-hidden="true"
                              className="w-32 shrink-0 pt-0.5 text-xs font-semibold tracking-wide break-words text-slate-500 uppercase md:hidden"
                            >
                              {column.stackedLabel ?? column.header}
                            </span>
                          )}
                          <div className="min-w-0 max-md:flex-1">{column.cell(row)}</div>
                        </>
                      ) : (
                        column.cell(row)
                      )}
                    </td>
                  ),
                )}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
