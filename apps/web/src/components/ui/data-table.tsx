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
}

/**
 * A real table (caption, column headers, row headers). On narrow screens it scrolls sideways inside a
 * focusable region, so keyboard users can scroll it too.
 */
export function DataTable<Row>({
  caption,
  captionHidden,
  columns,
  rows,
  rowKey,
  empty,
  className,
}: DataTableProps<Row>) {
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
      <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
        <caption
          className={cn('px-4 py-3 text-left text-base font-semibold text-slate-900', captionHidden && 'sr-only')}
        >
          {caption}
        </caption>
        <thead className="bg-slate-50">
          <tr>
            {columns.map((column) => (
              <th
                key={column.key}
                scope="col"
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
        <tbody className="divide-y divide-slate-100">
          {rows.length === 0 && empty ? (
            <tr>
              <td colSpan={columns.length} className="px-4 py-10 text-center text-slate-600">
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)} className="align-top hover:bg-slate-50/60">
                {columns.map((column) =>
                  column.rowHeader ? (
                    <th key={column.key} scope="row" className={cn('px-4 py-3 font-normal', column.className)}>
                      {column.cell(row)}
                    </th>
                  ) : (
                    <td key={column.key} className={cn('px-4 py-3', column.className)}>
                      {column.cell(row)}
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
