import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { markGettingStartedDismissed } from './getting-started.repository';

/**
 * Puts the account's first-run checklist away for good (the account's choice, kept on its `users` row so every
 * device agrees); the dashboard module's checklist calls it (docs/decisions/056-module-shape.md).
 */
export function dismissGettingStartedOf(db: Kysely<Database>, userId: string, now: number): Promise<void> {
  return markGettingStartedDismissed(db, userId, now);
}
