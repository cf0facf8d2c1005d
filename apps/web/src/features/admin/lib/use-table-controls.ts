import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PAGE_SIZES, type PageSize } from '@/components/ui/pagination';

/** How long typing pauses before a search goes to the URL, and so to the server. */
export const SEARCH_DEBOUNCE_MS = 300;

export type SortDirection = 'asc' | 'desc';

/** A filter whose value is a calendar day, as the API's `dayParamSchema` takes it. */
export const DAY_FILTER = 'day';
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** What a list can be sorted and filtered by; anything else in the URL is ignored (read as the default). */
export interface ListSpec<Sort extends string = string, Filter extends string = string> {
  sorts: readonly Sort[];
  defaultSort: Sort;
  defaultDirection: SortDirection;
  /** Each filter's allowed values, or DAY_FILTER for a calendar day (YYYY-MM-DD); an absent filter means "all". */
  filters: Readonly<Record<Filter, readonly string[] | typeof DAY_FILTER>>;
}

/** A list's state as the URL holds it: a reload or a shared link shows the same rows (docs/decisions/016-web-reads-the-api.md). */
export interface ListParams<Sort extends string = string, Filter extends string = string> {
  search: string;
  /** 1-based, as in the URL. */
  page: number;
  pageSize: PageSize;
  sort: Sort;
  direction: SortDirection;
  filters: Partial<Record<Filter, string>>;
}

const isPageSize = (value: number): value is PageSize => (PAGE_SIZES as readonly number[]).includes(value);

/** Reads a list's state from the URL's query string; a missing or unknown value reads as its default. */
export function readListParams<Sort extends string, Filter extends string>(
  params: URLSearchParams,
  spec: ListSpec<Sort, Filter>,
): ListParams<Sort, Filter> {
  const page = Number(params.get('page'));
  const size = Number(params.get('size'));
  const sort = params.get('sort') as Sort | null;
  const dir = params.get('dir');
  const filters: Partial<Record<Filter, string>> = {};
  for (const [name, allowed] of Object.entries(spec.filters) as [Filter, readonly string[] | typeof DAY_FILTER][]) {
    const value = params.get(name);
    if (value && (allowed === DAY_FILTER ? DAY.test(value) : allowed.includes(value))) filters[name] = value;
  }
  return {
    search: params.get('q')?.trim() ?? '',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    pageSize: isPageSize(size) ? size : PAGE_SIZES[0],
    sort: sort && spec.sorts.includes(sort) ? sort : spec.defaultSort,
    direction: dir === 'asc' || dir === 'desc' ? dir : spec.defaultDirection,
    filters,
  };
}

/** Writes a list's state into a query string, leaving defaults out so that links stay short. */
export function writeListParams<Sort extends string, Filter extends string>(
  state: ListParams<Sort, Filter>,
  spec: ListSpec<Sort, Filter>,
): URLSearchParams {
  const params = new URLSearchParams();
  if (state.search) params.set('q', state.search);
  for (const [name, value] of Object.entries(state.filters) as [Filter, string | undefined][]) {
    if (value) params.set(name, value);
  }
  if (state.sort !== spec.defaultSort) params.set('sort', state.sort);
  if (state.direction !== spec.defaultDirection) params.set('dir', state.direction);
  if (state.pageSize !== PAGE_SIZES[0]) params.set('size', String(state.pageSize));
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

export interface ListControls<Sort extends string = string, Filter extends string = string> {
  /** The state the rows are asked for with (from the URL). */
  params: ListParams<Sort, Filter>;
  /** What the search box shows: it runs ahead of `params.search` while typing pauses are awaited. */
  searchInput: string;
  setSearchInput: (value: string) => void;
  setPageSize: (size: PageSize) => void;
  setSort: (sort: Sort, direction: SortDirection) => void;
  setFilter: (name: Filter, value: string | undefined) => void;
  setPage: (page: number) => void;
}

/**
 * Search, filters, sort, page and page size of a server-paged list, kept in the URL. Typing in the search box
 * updates the URL (replacing the history entry) once typing pauses; any change of search, filter, sort or size
 * goes back to page 1. Paging adds history entries, so Back returns to the previous page of rows.
 */
export function useListControls<Sort extends string, Filter extends string>(
  spec: ListSpec<Sort, Filter>,
): ListControls<Sort, Filter> {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => readListParams(searchParams, spec), [searchParams, spec]);
  const [searchInput, setSearchInputState] = useState(params.search);

  // Back and Forward (or a link) may change the search in the URL: the box follows, unless it already says it.
  const [seenSearch, setSeenSearch] = useState(params.search);
  if (params.search !== seenSearch) {
    setSeenSearch(params.search);
    if (searchInput.trim() !== params.search) setSearchInputState(params.search);
  }

  // The state the URL holds, or will hold once the router renders the last change: a change made in between (a
  // filter picked while the search waits for typing to pause) builds on it, so neither change undoes the other.
  const latest = useRef(params);
  useEffect(() => {
    latest.current = params;
  }, [params]);

  const update = useCallback(
    (change: Partial<ListParams<Sort, Filter>>, replace: boolean) => {
      const next = { ...latest.current, ...change };
      latest.current = next;
      setSearchParams(writeListParams(next, spec), { replace, preventScrollReset: true });
    },
    [setSearchParams, spec],
  );

  useEffect(() => {
    const wanted = searchInput.trim();
    if (wanted === params.search) return undefined;
    const timer = setTimeout(() => update({ search: wanted, page: 1 }, true), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchInput, params.search, update]);

  return {
    params,
    searchInput,
    setSearchInput: setSearchInputState,
    setPageSize: (pageSize) => update({ pageSize, page: 1 }, false),
    setSort: (sort, direction) => update({ sort, direction, page: 1 }, false),
    setFilter: (name, value) => update({ filters: { ...latest.current.filters, [name]: value }, page: 1 }, false),
    setPage: (page) => update({ page: Math.max(1, page) }, false),
  };
}

/** One page of a list as the server answers it: the rows and how many match in all. */
export interface Page<Row> {
  items: Row[];
  total: number;
}

export interface TableControls<Row, Sort extends string = string, Filter extends string = string> extends ListControls<
  Sort,
  Filter
> {
  /** The rows of the current page (the previous page's while the next one loads). */
  rows: Row[];
  /** How many rows match, in all, as the server counted them. */
  total: number;
  pageCount: number;
  /** 1-based positions of the first and last shown row (0 and 0 when nothing matches). */
  from: number;
  to: number;
  previous: () => void;
  next: () => void;
}

/**
 * Combines the URL's list state with the server's answer for that state: positions for the results line and
 * the limits of Previous and Next. A page past the end (an old link) moves to the last page that has rows.
 */
export function useTableControls<Row, Sort extends string, Filter extends string>(
  controls: ListControls<Sort, Filter>,
  page: Page<Row> | undefined,
): TableControls<Row, Sort, Filter> {
  const { params, setPage } = controls;
  const rows = page?.items ?? [];
  const total = page?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / params.pageSize));
  const start = (params.page - 1) * params.pageSize;

  useEffect(() => {
    if (page && page.items.length === 0 && page.total > 0 && params.page > pageCount) setPage(pageCount);
  }, [page, params.page, pageCount, setPage]);

  return {
    ...controls,
    rows,
    total,
    pageCount,
    from: rows.length === 0 ? 0 : start + 1,
    to: rows.length === 0 ? 0 : start + rows.length,
    previous: () => setPage(params.page - 1),
    next: () => setPage(params.page + 1),
  };
}
