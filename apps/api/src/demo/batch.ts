import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** Rows to insert, by table, gathered for one transaction. */
export type Rows = { [T in keyof Database]?: Insertable<Database[T]>[] };

/** The order tables are written in, parents before children. */
const ORDER: (keyof Database)[] = [
  'users',
  'servers',
  'serverUsageSamples',
  'services',
  'serviceUsageSamples',
  'domains',
  'dnsRecords',
  'invoices',
  'invoiceLines',
  'payments',
  'ledgerEntries',
  'tickets',
  'ticketMessages',
  'notifications',
  'activity',
  'knowledgeArticles',
  'settings',
];

/**
 * Inserts every gathered row, in multi-row statements small enough for both databases' parameter limits
 * (SQLite 32766, PostgreSQL 65535).
 */
export async function insertRows(db: Kysely<Database>, rows: Rows): Promise<void> {
  for (const table of ORDER) {
    const list = rows[table] as Record<string, unknown>[] | undefined;
    if (!list || list.length === 0) continue;
    const columns = Object.keys(list[0]!).length;
    const size = Math.max(1, Math.floor(30_000 / columns));
    for (let i = 0; i < list.length; i += size) {
      await db
        .insertInto(table)
        .values(list.slice(i, i + size) as never)
        .execute();
    }
  }
}

export function push<T extends keyof Database>(rows: Rows, table: T, row: Insertable<Database[T]>): void {
  const list = (rows[table] ??= []) as Insertable<Database[T]>[];
  list.push(row);
}
