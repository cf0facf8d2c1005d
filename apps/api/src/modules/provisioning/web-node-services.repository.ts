import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Which of these hosting services a web-node task ever made or changed (web-node-services.ts). */
export const servicesWithWebNodeTasks = (db: Kysely<Database>, serviceIds: string[]) =>
  db
    .selectFrom('provisioningTasks')
    .select('resourceId')
    .distinct()
    .where('resourceType', '=', 'service')
    .where('resourceId', 'in', serviceIds)
    .where('driverType', '=', 'web-node')
    .execute();
