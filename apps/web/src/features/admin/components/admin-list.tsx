import type { AnyRoute } from '@hostpilot/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '@/components/ui/data-table';
import { Pagination } from '@/components/ui/pagination';
import { type QueryLike, QueryView } from '@/components/ui/query-view';
import { SkeletonRows } from '@/components/ui/skeleton';
import type { Page, SortDirection, TableControls } from '../lib/use-table-controls';
import type { Notice } from '../lib/use-notice';
import { TableToolbar, type ToolbarSelect } from './table-toolbar';
import { accountErrorKey } from '@/lib/account-errors';
import { useDownload } from '@/lib/use-download';
import { listQuery } from '../api/queries';

/** A filter of a list: its URL name, its label and the label of each value ("all" comes first by itself). */
export interface ListFilter<Filter extends string> {
  name: Filter;
  label: string;
  values: { value: string; label: string }[];
}

export interface AdminListProps<Row, Sort extends string, Filter extends string> {
  /** The table's caption, e.g. "Users". */
  caption: string;
  /** What one row is, in the plural, for the empty list: "users", "hosting services". */
  items: string;
  searchLabel: string;
  placeholder: string;
  columns: Column<Row>[];
  rowKey: (row: Row) => string;
  /** The server's answer for the list state in the URL. */
  query: QueryLike<Page<Row>> & { isPlaceholderData?: boolean };
  controls: TableControls<Row, Sort, Filter>;
  filters: ListFilter<Filter>[];
  /** Filters by a day (the URL and the API take YYYY-MM-DD). */
  dates?: { name: Filter; label: string }[];
  /** Each sort field with its label; both directions are offered. */
  sorts: { value: Sort; label: string }[];
  onNotice: (notice: Notice) => void;
  /**
   * The endpoint-table entry of this list's CSV export (`usersAdminRoutes.getAdminUsersExport`), so its path is
   * never written by hand: Export downloads every row the search and filters match
   * (docs/decisions/033-hosting-and-domain-administration.md).
   */
  /** Without it the list has no Export (the outbox, whose mails are read one by one). */
  exportRoute?: AnyRoute & { method: 'GET' };
  /** Parameters the list always sends (the hosting list's `kind=hosting`), sent with the export too. */
  exportFixed?: Record<string, string>;
  /** Shows the rows some other way than the table (the servers' cards); gets the rows of the page. */
  renderRows?: (rows: Row[]) => ReactNode;
}

const ALL = '';

/**
 * An admin list: search box, filters, sort order and Export, the table, then the page-size selector, the results
 * line (the server's total) and Previous/Next. Skeleton rows while the first page loads, the error with Retry
 * when it fails; later pages replace the rows when they arrive.
 */
export function AdminList<Row, Sort extends string, Filter extends string>({
  caption,
  items,
  searchLabel,
  placeholder,
  columns,
  rowKey,
  query,
  controls,
  filters,
  dates = [],
  sorts,
  onNotice,
  exportRoute,
  exportFixed,
  renderRows,
}: AdminListProps<Row, Sort, Filter>) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation('common');
  const { params } = controls;
  const download = useDownload();
  const exportRows = (path: string) => {
    download.mutate(listQuery(path, params, exportFixed), {
      onError: (error) => onNotice({ title: t('list.exportFailed'), body: tc(accountErrorKey(error)) }),
    });
  };
  const selects: ToolbarSelect[] = [
    ...filters.map((filter) => ({
      label: filter.label,
      value: params.filters[filter.name] ?? ALL,
      options: [{ value: ALL, label: t('list.all') }, ...filter.values],
      onChange: (value: string) => controls.setFilter(filter.name, value || undefined),
    })),
    {
      label: t('list.sortBy'),
      value: `${params.sort}:${params.direction}`,
      options: sorts.flatMap(({ value, label }) =>
        (['desc', 'asc'] as const).map((direction) => ({
          value: `${value}:${direction}`,
          label: t(`list.sort.${direction}`, { field: label }),
        })),
      ),
      onChange: (value: string) => {
        const [sort, direction] = value.split(':') as [Sort, SortDirection];
        controls.setSort(sort, direction);
      },
    },
  ];
  const searching = params.search !== '' || Object.values(params.filters).some(Boolean);
  const empty = searching ? t('list.noResults', { query: params.search }) : t('list.empty', { items });

  return (
    <section aria-label={caption}>
      <TableToolbar
        searchLabel={searchLabel}
        placeholder={placeholder}
        query={controls.searchInput}
        onQueryChange={controls.setSearchInput}
        selects={selects}
        dates={dates.map((date) => ({
          label: date.label,
          value: params.filters[date.name] ?? '',
          onChange: (value: string) => controls.setFilter(date.name, value || undefined),
        }))}
        onExport={exportRoute ? () => exportRows(exportRoute.path) : undefined}
        exporting={download.isPending}
      />
      <QueryView
        query={query}
        loadingLabel={t('list.loading', { caption })}
        skeleton={<SkeletonRows rows={params.pageSize > 10 ? 8 : 5} />}
      >
        {() => (
          <div
            aria-busy={query.isFetching}
            className={query.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}
          >
            {renderRows ? (
              controls.rows.length === 0 ? (
                <p className="rounded-(--radius-card) border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-slate-600">
                  {empty}
                </p>
              ) : (
                renderRows(controls.rows)
              )
            ) : (
              <DataTable
                caption={caption}
                captionHidden
                stacked
                columns={columns}
                rows={controls.rows}
                rowKey={rowKey}
                empty={empty}
              />
            )}
          </div>
        )}
      </QueryView>
      <Pagination
        label={t('list.pages', { caption })}
        pageSize={params.pageSize}
        onPageSizeChange={controls.setPageSize}
        summary={
          query.data === undefined
            ? ''
            : t('list.results', { from: controls.from, to: controls.to, count: controls.total })
        }
        onPrevious={controls.previous}
        onNext={controls.next}
        previousDisabled={params.page <= 1}
        nextDisabled={params.page >= controls.pageCount}
      />
    </section>
  );
}
