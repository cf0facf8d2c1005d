import type { Page } from '@hostpilot/shared';

/** An epoch-milliseconds column as the API answers it: ISO 8601 in UTC. */
export function iso(ms: number): string {
  return new Date(ms).toISOString();
}

export function isoOrNull(ms: number | null): string | null {
  return ms === null ? null : iso(ms);
}

/** A person's display name. */
export function fullName(firstName: string, lastName: string): string {
  return `${firstName} ${lastName}`.trim();
}

/**
 * One page of a filtered list: the total of every matching row, then the rows of the page. A page past the
 * end answers no rows and the real total.
 */
export async function pageOf<Row, Item>(
  paging: { page: number; pageSize: number },
  count: () => Promise<{ total: number | string | bigint } | undefined>,
  rows: (limit: number, offset: number) => Promise<Row[]>,
  toItem: (row: Row) => Item,
): Promise<Page<Item>> {
  const total = Number((await count())?.total ?? 0);
  const offset = (paging.page - 1) * paging.pageSize;
  const items = offset >= total ? [] : (await rows(paging.pageSize, offset)).map(toItem);
  return { items, total, page: paging.page, pageSize: paging.pageSize };
}

/** The direction of a list's sort. */
export const direction = (order: 'asc' | 'desc') => (order === 'asc' ? 'asc' : 'desc');

/** The owner's columns a back-office list selects beside its rows (joined as `users`). */
export const OWNER_COLUMNS = [
  'users.id as ownerId',
  'users.firstName as ownerFirstName',
  'users.lastName as ownerLastName',
  'users.email as ownerEmail',
] as const;

/** The owner of a row, as a back-office list shows it. */
export const owner = (row: { ownerId: string; ownerFirstName: string; ownerLastName: string; ownerEmail: string }) => ({
  id: row.ownerId,
  name: fullName(row.ownerFirstName, row.ownerLastName),
  email: row.ownerEmail,
});
