import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '@/components/ui/data-table';
import { Pagination } from '@/components/ui/pagination';
import type { TableControls } from '../lib/use-table-controls';
import type { Notice } from '../lib/use-notice';
import { TableToolbar } from './table-toolbar';

export interface AdminListProps<Row> {
  /** The table's caption, e.g. "Users". */
  caption: string;
  /** What one row is, for the Filter and Export notices, in the plural: "users", "hosting services". */
  items: string;
  searchLabel: string;
  placeholder: string;
  columns: Column<Row>[];
  rowKey: (row: Row) => string;
  controls: TableControls<Row>;
  onNotice: (notice: Notice) => void;
}

/**
 * An admin list as docs/product/screens.md draws it: search box, Filter and Export, the table, then the page-size
 * selector, the results line and Previous/Next. The results line counts what the search found.
 */
export function AdminList<Row>({
  caption,
  items,
  searchLabel,
  placeholder,
  columns,
  rowKey,
  controls,
  onNotice,
}: AdminListProps<Row>) {
  const { t } = useTranslation('admin');
  return (
    <section aria-label={caption}>
      <TableToolbar
        searchLabel={searchLabel}
        placeholder={placeholder}
        query={controls.query}
        onQueryChange={controls.setQuery}
        onFilter={() => onNotice({ title: t('list.filterTitle'), body: t('list.filterBody', { items }) })}
        onExport={() => onNotice({ title: t('list.exportTitle'), body: t('list.exportBody', { items }) })}
      />
      <DataTable
        caption={caption}
        captionHidden
        stacked
        columns={columns}
        rows={controls.rows}
        rowKey={rowKey}
        empty={t('list.noResults', { query: controls.query.trim() })}
      />
      <Pagination
        label={t('list.pages', { caption })}
        pageSize={controls.pageSize}
        onPageSizeChange={controls.setPageSize}
        summary={t('list.results', { from: controls.from, to: controls.to, count: controls.total })}
        onPrevious={controls.previous}
        onNext={controls.next}
        previousDisabled={controls.page === 0}
        nextDisabled={controls.page >= controls.pageCount - 1}
      />
    </section>
  );
}
