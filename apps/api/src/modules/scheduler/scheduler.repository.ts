import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * The scheduler module's queries (docs/decisions/056-module-shape.md): the status history of a service or a
 * domain (docs/decisions/030-lifecycle-automation.md), with the name of the staff member behind each change read
 * from their `users` row in the same statement, as the back office's lists read the owner's.
 */

/** The latest changes of one service or domain, newest first. */
export const statusHistoryRows = (
  db: Kysely<Database>,
  entityType: 'service' | 'domain',
  entityId: string,
  limit: number,
) =>
  db
    .selectFrom('statusHistory')
    .leftJoin('users', 'users.id', 'statusHistory.actorId')
    .select([
      'statusHistory.id',
      'statusHistory.fromStatus',
      'statusHistory.toStatus',
      'statusHistory.reason',
      'statusHistory.job',
      'statusHistory.actorId',
      'statusHistory.createdAt',
      'users.firstName',
      'users.lastName',
    ])
    .where('statusHistory.entityType', '=', entityType)
    .where('statusHistory.entityId', '=', entityId)
    .orderBy('statusHistory.createdAt', 'desc')
    .orderBy('statusHistory.id')
    .limit(limit)
    .execute();
