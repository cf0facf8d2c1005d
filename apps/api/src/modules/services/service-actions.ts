import { randomUUID } from 'node:crypto';
import { type CancelWhen, type ServiceState, serviceStates } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { Database, ServiceRow } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { journal } from '../../lib/journal';
import { enqueueProvisioning } from '../provisioning';

/**
 * A customer's actions on their own services that move no money (docs/product/states.md): auto-renew on or
 * off, cancel at once or at the end of the period with a reason, withdraw a pending cancellation. Each reads
 * the service through its owner (another account's id is 404) and writes its activity in the same transaction.
 */

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function toServiceState(row: ServiceRow): ServiceState {
  return {
    id: row.id,
    status: row.status,
    autoRenew: row.autoRenew === 1,
    expiresAt: iso(row.expiresAt)!,
    cancelRequestedAt: iso(row.cancelRequestedAt),
    cancelReason: row.cancelReason,
    cancelledAt: iso(row.cancelledAt),
  };
}

async function ownService(trx: Kysely<Database>, userId: string, id: string): Promise<ServiceRow> {
  const row = await trx
    .selectFrom('services')
    .selectAll()
    .where('id', '=', id)
    .where('userId', '=', userId)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export function createServiceActions({ db, clock }: { db: Kysely<Database>; clock: Clock }) {
  return {
    async setAutoRenew(userId: string, id: string, enabled: boolean): Promise<ServiceState> {
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        const service = await ownService(trx, userId, id);
        if (service.status === 'cancelled')
          throw new AppError('INVALID_STATE', { message: 'The service is cancelled' });
        if (enabled && service.cancelRequestedAt !== null) {
          throw new AppError('INVALID_STATE', { message: 'Withdraw the cancellation first' });
        }
        const updated = await trx
          .updateTable('services')
          .set({ autoRenew: enabled ? 1 : 0, updatedAt: now })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow();
        if ((service.autoRenew === 1) !== enabled) {
          await journal(trx, userId, userId, now).activity({
            action: enabled ? 'service.autoRenewOn' : 'service.autoRenewOff',
            subjectType: 'service',
            subjectId: id,
            params: { name: service.name },
          });
        }
        return toServiceState(updated);
      });
    },

    async cancel(userId: string, id: string, input: { when: CancelWhen; reason: string }): Promise<ServiceState> {
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        const service = await ownService(trx, userId, id);
        const log = journal(trx, userId, userId, now);
        const params = { name: service.name };
        if (input.when === 'now') {
          if (!serviceStates.canTransition(service.status, 'cancelled')) {
            throw new AppError('INVALID_STATE', { message: 'The service is already cancelled' });
          }
          const updated = await trx
            .updateTable('services')
            .set({
              status: 'cancelled',
              cancelledAt: now,
              cancelRequestedAt: service.cancelRequestedAt ?? now,
              cancelReason: input.reason,
              autoRenew: 0,
              updatedAt: now,
            })
            .where('id', '=', id)
            .where('status', '=', service.status)
            .returningAll()
            .executeTakeFirst();
          if (!updated) throw new AppError('INVALID_STATE');
          await log.statusChange({
            entityType: 'service',
            entityId: id,
            from: service.status,
            to: 'cancelled',
            reason: input.reason,
          });
          await log.notify({ type: 'info', key: 'serviceCancelled', params });
          await log.activity({ action: 'service.cancelled', subjectType: 'service', subjectId: id, params });
          return toServiceState(updated);
        }
        if (service.status !== 'active' && service.status !== 'suspended') {
          throw new AppError('INVALID_STATE', {
            message: `A ${service.status} service cannot be cancelled at the end of its period`,
          });
        }
        if (service.cancelRequestedAt !== null)
          throw new AppError('INVALID_STATE', { message: 'A cancellation is already pending' });
        const updated = await trx
          .updateTable('services')
          .set({ cancelRequestedAt: now, cancelReason: input.reason, autoRenew: 0, updatedAt: now })
          .where('id', '=', id)
          .where('cancelRequestedAt', 'is', null)
          .returningAll()
          .executeTakeFirst();
        if (!updated) throw new AppError('INVALID_STATE');
        await log.activity({
          action: 'service.cancelRequested',
          subjectType: 'service',
          subjectId: id,
          params: { ...params, effectiveAt: iso(service.expiresAt) },
        });
        return toServiceState(updated);
      });
    },

    async withdrawCancellation(userId: string, id: string): Promise<ServiceState> {
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        const service = await ownService(trx, userId, id);
        if (service.status === 'cancelled' || service.cancelRequestedAt === null) {
          throw new AppError('INVALID_STATE', { message: 'No cancellation is pending' });
        }
        const updated = await trx
          .updateTable('services')
          .set({ cancelRequestedAt: null, cancelReason: null, updatedAt: now })
          .where('id', '=', id)
          .where('status', '<>', 'cancelled')
          .returningAll()
          .executeTakeFirst();
        if (!updated) throw new AppError('INVALID_STATE');
        await journal(trx, userId, userId, now).activity({
          action: 'service.cancellationWithdrawn',
          subjectType: 'service',
          subjectId: id,
          params: { name: service.name },
        });
        return toServiceState(updated);
      });
    },
  };
}

/**
 * Cancels the services whose end-of-period cancellation is due (the scheduled job's work; safe to run on several
 * instances at once: each service moves once, by a conditional update). Returns how many it cancelled.
 */
export async function applyDueCancellations(db: Kysely<Database>, now: number): Promise<number> {
  const due = await db
    .selectFrom('services')
    .select(['id', 'userId', 'status', 'name', 'cancelReason'])
    .where('cancelRequestedAt', 'is not', null)
    .where('status', '<>', 'cancelled')
    .where('expiresAt', '<=', now)
    .execute();
  let cancelled = 0;
  for (const service of due) {
    await db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('services')
        .set({ status: 'cancelled', cancelledAt: now, updatedAt: now })
        .where('id', '=', service.id)
        .where('status', '=', service.status)
        .where('cancelRequestedAt', 'is not', null)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return;
      cancelled += 1;
      await enqueueProvisioning(trx, { resourceType: 'service', resourceId: service.id, operation: 'terminate', now });
      await trx
        .insertInto('statusHistory')
        .values({
          id: randomUUID(),
          entityType: 'service',
          entityId: service.id,
          fromStatus: service.status,
          toStatus: 'cancelled',
          reason: service.cancelReason,
          actorId: null,
          job: 'cancellations',
          createdAt: now,
        })
        .execute();
      await journal(trx, service.userId, null, now).notify({
        type: 'info',
        key: 'serviceCancelled',
        params: { name: service.name },
      });
    });
  }
  return cancelled;
}
