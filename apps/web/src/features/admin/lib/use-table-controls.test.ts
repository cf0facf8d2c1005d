import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { matchesSearch, useTableControls } from './use-table-controls';

const rows = Array.from({ length: 45 }, (_, index) => ({
  id: index + 1,
  name: index % 2 ? `odd ${index + 1}` : `even ${index + 1}`,
}));
const searchable = (row: (typeof rows)[number]) => [row.name];

describe('matchesSearch', () => {
  it('matches every word anywhere in the texts, ignoring case and extra spaces', () => {
    expect(matchesSearch(['John Smith', 'john@example.com'], '')).toBe(true);
    expect(matchesSearch(['John Smith', 'john@example.com'], '  SMITH ')).toBe(true);
    expect(matchesSearch(['John Smith', 'john@example.com'], 'smith example')).toBe(true);
    expect(matchesSearch(['John Smith', 'john@example.com'], 'smith paypal')).toBe(false);
    expect(matchesSearch(['Иван Петров'], 'петров')).toBe(true);
  });
});

describe('useTableControls', () => {
  it('shows 10 rows per page by default and pages with Previous and Next', () => {
    const { result } = renderHook(() => useTableControls(rows, searchable));
    expect(result.current.pageSize).toBe(10);
    expect(result.current.rows.map((row) => row.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect([result.current.from, result.current.to, result.current.total]).toEqual([1, 10, 45]);
    expect(result.current.pageCount).toBe(5);

    act(() => result.current.next());
    expect(result.current.rows[0]?.id).toBe(11);
    expect([result.current.from, result.current.to]).toEqual([11, 20]);
    for (let i = 0; i < 10; i += 1) act(() => result.current.next());
    expect(result.current.page).toBe(4);
    expect([result.current.from, result.current.to]).toEqual([41, 45]);
    act(() => result.current.previous());
    expect(result.current.page).toBe(3);
  });

  it('goes back to the first page when the page size or the search changes', () => {
    const { result } = renderHook(() => useTableControls(rows, searchable));
    act(() => result.current.next());
    act(() => result.current.setPageSize(20));
    expect(result.current.page).toBe(0);
    expect(result.current.rows).toHaveLength(20);
    expect(result.current.pageCount).toBe(3);

    act(() => result.current.next());
    act(() => result.current.setQuery('odd'));
    expect(result.current.page).toBe(0);
    expect(result.current.total).toBe(22);
    expect(result.current.rows.every((row) => row.name.startsWith('odd'))).toBe(true);
  });

  it('reports nothing found as 0 to 0 of 0', () => {
    const { result } = renderHook(() => useTableControls(rows, searchable));
    act(() => result.current.setQuery('no such row'));
    expect(result.current.rows).toEqual([]);
    expect([result.current.from, result.current.to, result.current.total, result.current.pageCount]).toEqual([
      0, 0, 0, 1,
    ]);
  });
});
