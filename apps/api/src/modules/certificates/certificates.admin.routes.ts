import {
  type AdminCertificate,
  type adminCertificatesQuerySchema,
  CERTIFICATE_WARNING_DAYS,
  certificatesEndpoints,
} from '@hostpilot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { type z } from 'zod';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { AppError, errorResponses } from '../../lib/errors';
import { journal } from '../../lib/journal';
import { staffOf } from '../../plugins/authorize';
import { LIST_ERRORS, STAFF_ERRORS } from '../../lib/staff-errors';
import { fullName, iso, isoOrNull, pageOf } from '../../lib/staff-list';
import { enqueueProvisioning, refreshSetupState } from '../provisioning/tasks';
import { endpointRoute } from '../../lib/endpoint-route';

/**
 * The back office's certificates (docs/decisions/049-certificates-through-acme.md): every certificate with its
 * issuer, expiry and state; the failed ones with the CA's problem document; the warning list of certificates
 * expiring within 14 days that are not renewing; Retry (audited).
 */

type Query = z.output<typeof adminCertificatesQuerySchema>;
const security = [{ bearerAuth: [] }];
const DAY = 86_400_000;

export const adminCertificatesRoutes: FastifyPluginAsyncZod<{ clock: Clock }> = async (app, { clock }) => {
  const { db } = app.database;

  function base(query: Omit<Query, 'page' | 'pageSize' | 'sort' | 'order'>, now: number) {
    let rows = db
      .selectFrom('certificates as c')
      .innerJoin('services as s', 's.id', 'c.serviceId')
      .innerJoin('users as u', 'u.id', 's.userId');
    if (query.view === 'failed') rows = rows.where('c.status', '=', 'failed');
    if (query.view === 'expiring') {
      rows = rows
        .where('c.status', 'in', ['issued', 'failed'])
        .where('c.notAfter', 'is not', null)
        .where('c.notAfter', '<=', now + CERTIFICATE_WARNING_DAYS * DAY);
    }
    if (query.status) rows = rows.where('c.status', '=', query.status);
    if (query.q) {
      const like = `%${query.q.toLowerCase()}%`;
      rows = rows.where((eb) =>
        eb.or([eb(eb.fn('lower', ['c.domain']), 'like', like), eb(eb.fn('lower', ['u.email']), 'like', like)]),
      );
    }
    return rows;
  }

  const count = (query: Omit<Query, 'page' | 'pageSize' | 'sort' | 'order'>, now: number) =>
    base(query, now)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirst();

  endpointRoute(
    app,
    certificatesEndpoints.getAdminCertificates,
    {
      schema: {
        tags: ['admin'],
        summary: 'Certificates: every one, the failed ones, or those expiring within 14 days and not renewing',
        description:
          '`view`: `all`, `failed` (with the CA problem document), `expiring` (issued or failed, ending within ' +
          `${CERTIFICATE_WARNING_DAYS} days: a renewal is not under way). \`q\` matches the domain or the owner's ` +
          'e-mail. `counts` gives each view under `q`. Needs `provisioning.read`.',
        security,
        response: errorResponses({ ...LIST_ERRORS, ...STAFF_ERRORS }),
      },
    },
    async (request) => {
      const query = request.query as Query;
      const now = clock.now();
      const sortColumn = query.sort === 'updatedAt' ? 'c.updatedAt' : 'c.notAfter';
      const page = await pageOf(
        query,
        () => count(query, now),
        (limit, offset) =>
          base(query, now)
            .select([
              'c.id',
              'c.serviceId',
              'c.domain',
              'c.names',
              'c.status',
              'c.keyType',
              'c.issuer',
              'c.serial',
              'c.notAfter',
              'c.failureCode',
              'c.failureProblem',
              'c.updatedAt',
              's.name as serviceName',
              'u.id as userId',
              'u.firstName',
              'u.lastName',
              'u.email',
            ])
            .orderBy(sortColumn, query.order)
            .orderBy('c.id')
            .limit(limit)
            .offset(offset)
            .execute(),
        (row): AdminCertificate => ({
          id: row.id,
          serviceId: row.serviceId,
          serviceName: row.serviceName,
          owner: { id: row.userId, name: fullName(row.firstName, row.lastName), email: row.email },
          domain: row.domain,
          names: JSON.parse(row.names) as string[],
          status: row.status,
          keyType: row.keyType,
          issuer: row.issuer,
          serial: row.serial,
          notAfter: isoOrNull(row.notAfter),
          daysLeft: row.notAfter === null ? null : Math.max(0, Math.floor((row.notAfter - now) / DAY)),
          failureCode: row.status === 'failed' ? row.failureCode : null,
          problem:
            row.status === 'failed' && row.failureProblem
              ? (JSON.parse(row.failureProblem) as Record<string, unknown>)
              : null,
          updatedAt: iso(row.updatedAt),
        }),
      );
      const scope = { q: query.q };
      const [all, failed, expiring] = await Promise.all(
        (['all', 'failed', 'expiring'] as const).map((view) => count({ ...scope, view }, now)),
      );
      return {
        ...page,
        counts: {
          all: Number(all?.total ?? 0),
          failed: Number(failed?.total ?? 0),
          expiring: Number(expiring?.total ?? 0),
        },
      };
    },
  );

  endpointRoute(
    app,
    certificatesEndpoints.postAdminCertificatesRetry,
    {
      schema: {
        tags: ['admin'],
        summary: 'Retry a certificate now: its failed or waiting task gets fresh tries, or a new order is queued',
        description:
          'For a failed, expired or issued certificate (an issued one is renewed now). 409 INVALID_STATE while one ' +
          'is on its way or once revoked. Needs `provisioning.write`; audited (`certificate.retry`).',
        security,
        response: {
          ...errorResponses({
            ...STAFF_ERRORS,
            404: 'NOT_FOUND: no certificate has this id',
            409: 'INVALID_STATE: the certificate is on its way or revoked',
          }),
        },
      },
    },
    async (request, reply) => {
      const staff = staffOf(request);
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('certificates as c')
          .innerJoin('services as s', 's.id', 'c.serviceId')
          .select(['c.id', 'c.serviceId', 'c.status', 's.userId'])
          .where('c.id', '=', request.params.id)
          .executeTakeFirst();
        if (!row) throw new AppError('NOT_FOUND');
        if (!['failed', 'expired', 'issued'].includes(row.status)) throw new AppError('INVALID_STATE');
        const revived = await reviveTask(trx, row.serviceId, now);
        if (!revived) {
          // No certificate task is waiting: a new one, from the state the certificate is in.
          const moved = await trx
            .updateTable('certificates')
            .set({ status: row.status === 'issued' ? 'renewing' : 'ordered', orderUrl: null, updatedAt: now })
            .where('id', '=', row.id)
            .where('status', '=', row.status)
            .executeTakeFirst();
          if (Number(moved.numUpdatedRows) !== 1) throw new AppError('INVALID_STATE');
          await enqueueProvisioning(trx, {
            resourceType: 'service',
            resourceId: row.serviceId,
            operation: 'update',
            driverType: 'acme',
            now,
          });
        }
        await refreshSetupState(trx, 'service', row.serviceId);
        await journal(trx, row.userId, staff.userId, now, request.ip).audit({
          action: 'certificate.retry',
          entityType: 'certificate',
          entityId: row.id,
          before: { status: row.status },
          after: { task: revived ? 'retried' : 'queued' },
        });
      });
      return reply.code(204).send(null);
    },
  );
};

/**
 * The certificate's unfinished task (failed, or waiting for its next try) gets fresh tries now, conditional on
 * the status read; answers whether there was one.
 */
async function reviveTask(trx: Kysely<Database>, serviceId: string, now: number): Promise<boolean> {
  const task = await trx
    .selectFrom('provisioningTasks')
    .select(['id', 'status'])
    .where('resourceType', '=', 'service')
    .where('resourceId', '=', serviceId)
    .where('driverType', '=', 'acme')
    .where('status', 'in', ['failed', 'pending'])
    .orderBy('id')
    .executeTakeFirst();
  if (!task) return false;
  const moved = await trx
    .updateTable('provisioningTasks')
    .set({
      status: 'pending',
      attempts: 0,
      nextAttemptAt: now,
      waitReason: null,
      leaseOwner: null,
      leaseUntil: null,
      updatedAt: now,
    })
    .where('id', '=', task.id)
    .where('status', '=', task.status)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) throw new AppError('INVALID_STATE');
  return true;
}
