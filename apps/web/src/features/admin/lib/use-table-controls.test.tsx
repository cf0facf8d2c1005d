import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type ListSpec,
  readListParams,
  SEARCH_DEBOUNCE_MS,
  type TableControls,
  useListControls,
  useTableControls,
  writeListParams,
} from './use-table-controls';

const SPEC = {
  sorts: ['createdAt', 'name'],
  defaultSort: 'createdAt',
  defaultDirection: 'desc',
  filters: { status: ['active', 'suspended'] },
} as const satisfies ListSpec;

const read = (query: string) => readListParams(new URLSearchParams(query), SPEC);

describe('readListParams and writeListParams', () => {
  it('read the URL, and read anything unknown as its default', () => {
    expect(read('q=%20emma%20&status=active&sort=name&dir=asc&size=20&page=3')).toEqual({
      search: 'emma',
      page: 3,
      pageSize: 20,
      sort: 'name',
      direction: 'asc',
      filters: { status: 'active' },
    });
    expect(read('status=deleted&sort=password&dir=up&size=15&page=-2')).toEqual({
      search: '',
      page: 1,
      pageSize: 10,
      sort: 'createdAt',
      direction: 'desc',
      filters: {},
    });
    expect(read('page=1.5').page).toBe(1);
  });

  it('write only what differs from the defaults, and read back the same state', () => {
    expect(writeListParams(read(''), SPEC).toString()).toBe('');
    const state = read('q=a%25b_c&status=suspended&sort=name&size=50&page=2');
    const written = writeListParams(state, SPEC);
    expect(written.toString()).toBe('q=a%25b_c&status=suspended&sort=name&size=50&page=2');
    expect(readListParams(written, SPEC)).toEqual(state);
  });
});

/** Runs the hooks inside a router at `url`; `result` and `location` follow every render. */
function renderControls(url: string, page?: { items: number[]; total: number }) {
  const result = { current: undefined as unknown as TableControls<number, 'createdAt' | 'name', 'status'> };
  const location = { current: '' };
  function Harness() {
    result.current = useTableControls(useListControls(SPEC), page);
    const here = useLocation();
    location.current = `${here.pathname}${here.search}`;
    return null;
  }
  render(
    <RouterProvider router={createMemoryRouter([{ path: '*', element: <Harness /> }], { initialEntries: [url] })} />,
  );
  return { result, location };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('useListControls', () => {
  it('keeps search, filter, sort, page size and page in the URL, back on page 1 after each change', () => {
    const { result, location } = renderControls('/admin/users?page=4', { items: [1, 2, 3], total: 312 });
    expect(result.current.params.page).toBe(4);
    expect([result.current.from, result.current.to, result.current.pageCount]).toEqual([31, 33, 32]);

    act(() => result.current.next());
    expect(location.current).toBe('/admin/users?page=5');
    act(() => result.current.setFilter('status', 'suspended'));
    expect(location.current).toBe('/admin/users?status=suspended');
    act(() => result.current.next());
    act(() => result.current.setSort('name', 'asc'));
    expect(location.current).toBe('/admin/users?status=suspended&sort=name&dir=asc');
    act(() => result.current.setPageSize(50));
    expect(location.current).toBe('/admin/users?status=suspended&sort=name&dir=asc&size=50');
    act(() => result.current.setFilter('status', undefined));
    expect(location.current).toBe('/admin/users?sort=name&dir=asc&size=50');
  });

  it('puts the search in the URL only once typing pauses', () => {
    vi.useFakeTimers();
    const { result, location } = renderControls('/admin/users?page=3');
    act(() => result.current.setSearchInput('em'));
    act(() => result.current.setSearchInput('emma'));
    expect(result.current.searchInput).toBe('emma');
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    expect(location.current).toBe('/admin/users?page=3');
    act(() => vi.advanceTimersByTime(1));
    expect(location.current).toBe('/admin/users?q=emma');
    expect(result.current.params.search).toBe('emma');
  });

  it('keeps a filter picked while the search waits for typing to pause, and the search too', () => {
    vi.useFakeTimers();
    const { result, location } = renderControls('/admin/users');
    act(() => result.current.setSearchInput('emma'));
    // The filter and the end of the pause land before the page renders again: the pending search must not
    // write the URL it saw before the filter.
    act(() => {
      result.current.setFilter('status', 'active');
      vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
    });
    expect(location.current).toBe('/admin/users?q=emma&status=active');
    act(() => result.current.setSearchInput(''));
    act(() => {
      result.current.setSort('name', 'asc');
      vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
    });
    expect(location.current).toBe('/admin/users?status=active&sort=name&dir=asc');
  });

  it('starts the search box from the URL, and counts an empty answer as 0 to 0', () => {
    const { result } = renderControls('/admin/users?q=zzz', { items: [], total: 0 });
    expect(result.current.searchInput).toBe('zzz');
    expect([result.current.from, result.current.to, result.current.total, result.current.pageCount]).toEqual([
      0, 0, 0, 1,
    ]);
  });

  it('moves a page past the end (an old link) to the last page', () => {
    const { location } = renderControls('/admin/users?page=40', { items: [], total: 312 });
    expect(location.current).toBe('/admin/users?page=32');
  });
});
