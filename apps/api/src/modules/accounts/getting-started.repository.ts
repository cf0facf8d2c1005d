import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Marks the account's first-run checklist put away, once: a second call keeps the first moment. */
export async function markGettingStartedDismissed(db: Kysely<Database>, userId: string, now: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ gettingStartedDismissedAt: now })
    .where('id', '=', userId)
    .where('gettingStartedDismissedAt', 'is', null)
    .execute();
}
