import { useMemo, useState } from 'react';
import { PAGE_SIZES, type PageSize } from '@/components/ui/pagination';

/** Whether a row matches a search: every word of the query appears in one of the row's searchable texts. */
export function matchesSearch(texts: readonly string[], query: string): boolean {
  const words = query.trim().toLocaleLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = texts.join(' \u0000 ').toLocaleLowerCase();
  return words.every((word) => haystack.includes(word));
}

export interface TableControls<Row> {
  query: string;
  setQuery: (query: string) => void;
  pageSize: PageSize;
  setPageSize: (size: PageSize) => void;
  /** Zero-based. */
  page: number;
  pageCount: number;
  previous: () => void;
  next: () => void;
  /** The rows of the current page. */
  rows: Row[];
  /** How many rows match the search. */
  total: number;
  /** 1-based positions of the first and last shown row (0 and 0 when nothing matches). */
  from: number;
  to: number;
}

/**
 * Search, page size (docs/product/constants.md: 10, 20 or 50, default 10) and Previous/Next over a list. A new search
 * or page size goes back to the first page.
 */
export function useTableControls<Row>(all: readonly Row[], searchable: (row: Row) => string[]): TableControls<Row> {
  const [query, setQueryState] = useState('');
  const [pageSize, setPageSizeState] = useState<PageSize>(PAGE_SIZES[0]);
  const [page, setPage] = useState(0);

  const filtered = useMemo(() => all.filter((row) => matchesSearch(searchable(row), query)), [all, searchable, query]);
  const total = filtered.length;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(page, pageCount - 1);
  const start = current * pageSize;
  const rows = filtered.slice(start, start + pageSize);

  return {
    query,
    setQuery: (value) => {
      setQueryState(value);
      setPage(0);
    },
    pageSize,
    setPageSize: (size) => {
      setPageSizeState(size);
      setPage(0);
    },
    page: current,
    pageCount,
    previous: () => setPage(Math.max(0, current - 1)),
    next: () => setPage(Math.min(pageCount - 1, current + 1)),
    rows,
    total,
    from: total === 0 ? 0 : start + 1,
    to: start + rows.length,
  };
}
