import type { Insertable, Kysely } from 'kysely';
import type { Database, ErrorLogTable } from '../../db/schema';

/**
 * The operations module's queries (docs/decisions/056-module-shape.md): the `error_log` table and the maintenance
 * row of `settings` (docs/decisions/035-support-queue-and-operations.md).
 */

/** Records one server error. */
export const insertErrorLog = async (db: Kysely<Database>, row: Insertable<ErrorLogTable>): Promise<void> => {
  await db.insertInto('errorLog').values(row).execute();
};

/** Deletes the rows older than the newest `keep`. */
export const pruneErrorLog = async (db: Kysely<Database>, keep: number): Promise<void> => {
  const cutoff = await db
    .selectFrom('errorLog')
    .select('createdAt')
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .offset(keep - 1)
    .limit(1)
    .executeTakeFirst();
  if (cutoff) await db.deleteFrom('errorLog').where('createdAt', '<', cutoff.createdAt).execute();
};

/** How many server errors are kept now. */
export const countErrorLog = (db: Kysely<Database>) =>
  db
    .selectFrom('errorLog')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirst();

/** One page of the error log, by time then id. */
export const errorLogRows = (db: Kysely<Database>, order: 'asc' | 'desc', limit: number, offset: number) =>
  db
    .selectFrom('errorLog')
    .selectAll()
    .orderBy('createdAt', order)
    .orderBy('id', order)
    .limit(limit)
    .offset(offset)
    .execute();

/** The stored maintenance setting (JSON), if any. */
export const readSettingValue = async (db: Kysely<Database>, key: string): Promise<string | undefined> =>
  (await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst())?.value;

/** Writes the maintenance setting (JSON), inserting its row the first time. */
export const writeSettingValue = async (
  db: Kysely<Database>,
  key: string,
  value: string,
  now: number,
  staffId: string,
): Promise<void> => {
  await db
    .insertInto('settings')
    .values({ key, value, updatedAt: now, updatedBy: staffId })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updatedAt: now, updatedBy: staffId }))
    .execute();
};
