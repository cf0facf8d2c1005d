import {
  type adminProvisioningQuerySchema,
  type AdminProvisioningTask,
  PROVISIONING_TASK_STATUSES,
  type ProvisioningTaskStatus,
} from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DatabaseKind } from '../../db/index';
import type { Database } from '../../db/schema';
import { fullName, iso, isoOrNull, pageOf } from '../../lib/staff-list';
import { tasksMatching } from './provisioning.repository';

type Query = z.output<typeof adminProvisioningQuerySchema>;

/**
 * The back office's provisioning tasks (docs/decisions/042-provisioning-engine.md): one page under the filters,
 * newest first, with every status's count under the other filters.
 */
export async function listTasks(db: Kysely<Database>, kind: DatabaseKind, query: Query) {
  const { count, rows } = tasksMatching(db, kind, query);
  const page = await pageOf(query, count, rows, (row): AdminProvisioningTask => ({
    id: row.id,
    resource: {
      type: row.resourceType,
      id: row.resourceId,
      name: row.serviceName ?? row.domainName ?? keptName(row) ?? row.resourceId,
    },
    owner: { id: row.userId, name: fullName(row.firstName, row.lastName), email: row.email },
    driverType: row.driverType,
    operation: row.operation,
    status: row.status,
    server: row.serverId && row.serverName ? { id: row.serverId, name: row.serverName } : null,
    attempts: row.attempts,
    maxAttempts: row.maxAttempts,
    nextAttemptAt: row.status === 'pending' ? iso(row.nextAttemptAt) : null,
    waitReason: row.status === 'pending' && row.waitReason === 'no-server' ? 'no-server' : null,
    error: row.errorCode ? { code: row.errorCode, message: row.errorMessage ?? '' } : null,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    finishedAt: isoOrNull(row.finishedAt),
  }));
  const { status: _status, ...others } = query;
  const byStatus = await tasksMatching(db, kind, others).byStatus();
  const counts = Object.fromEntries(PROVISIONING_TASK_STATUSES.map((s) => [s, 0])) as Record<
    ProvisioningTaskStatus,
    number
  >;
  for (const row of byStatus) counts[row.status] = Number(row.n);
  return { ...page, counts };
}

function keptName(row: { details: string | null }): string | undefined {
  if (!row.details) return undefined;
  const kept = JSON.parse(row.details) as { name?: unknown };
  return typeof kept.name === 'string' ? kept.name : undefined;
}
