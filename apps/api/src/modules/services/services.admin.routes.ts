import { randomUUID } from 'node:crypto';
import {
  addMonths,
  type AdminService,
  type FieldError,
  findServicePlan,
  servicesAdminEndpoints,
  serviceStates,
  toCents,
  validationMessage,
  type ValidationMessageKey,
} from '@hostpilot/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Database, ServiceRow } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { endpointRoute } from '../../lib/endpoint-route';
import { AppError, BODY_ERRORS, errorResponses } from '../../lib/errors';
import { type Journal, journal } from '../../lib/journal';
import { staffOf } from '../../plugins/authorize';
import { readDomain } from '../ordering/cart-pricing';
import { lockedFreeSlots, SERVER_TYPE } from '../ordering/server-capacity';
import { provisionedBy } from '../provisioning/registry';
import { enqueueProvisioning } from '../provisioning/tasks';
import { activeCustomerId } from '../accounts/customer-owner';
import { STAFF_ERRORS } from '../../lib/staff-errors';
import { placedServices } from '../servers/server-rows';
import { assertAddonDomainsFit } from './addon-domains';
import { ADMIN_SERVICE_COLUMNS, toAdminService } from './service-rows';

const NOT_FOUND = { 404: 'NOT_FOUND: no service has this id' } as const;

/** A refusal with the field it concerns, translated by the web from its key (docs/product/errors.md). */
function refused(code: 'INVALID_STATE' | 'VALIDATION_FAILED', field: string, key: ValidationMessageKey): AppError {
  const fields: Record<string, FieldError> = { [field]: { code: key, message: validationMessage(key) } };
  return new AppError(code, { message: validationMessage(key), fields });
}

/** The service row locked for the change (Postgres; SQLite runs one writer at a time). */
function lockedService(trx: Kysely<Database>, id: string, kind: 'sqlite' | 'postgres') {
  const query = trx.selectFrom('services').selectAll().where('id', '=', id);
  return (kind === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}

/** The service as the back office's list shows it. */
async function readService(db: Kysely<Database>, id: string): Promise<AdminService> {
  const row = await db
    .selectFrom('services')
    .innerJoin('users', 'users.id', 'services.userId')
    .leftJoin('servers', 'servers.id', 'services.serverId')
    .select(ADMIN_SERVICE_COLUMNS)
    .where('services.id', '=', id)
    .executeTakeFirstOrThrow();
  return toAdminService(row);
}

const statusOf = (row: ServiceRow) => ({ status: row.status, suspensionReason: row.suspensionReason });

/** A staff Suspend or Activate of a service (see moveStatus). */
interface StatusMove {
  from: 'active' | 'suspended';
  to: 'active' | 'suspended';
  /** The suspension reason the service keeps: null once active again. */
  reason: string | null;
  /** Why a service in another status is refused (409). */
  refusal: ValidationMessageKey;
  action: 'service.suspend' | 'service.activate';
  notice: (name: string) => Parameters<Journal['notify']>[0];
}

const DAY = 86_400_000;

/**
 * Takes a slot on the server for a service of `kind`, inside the caller's transaction: the server must exist
 * (400), run this kind (400), be active rather than in maintenance (409) and have a free slot (409). The capacity
 * rule and its lock are ordering's (server-capacity.ts, docs/decisions/032-ordering-and-checkout.md), so two
 * placements on the last slot cannot both win.
 */
async function takeSlot(trx: Kysely<Database>, serverId: string, kind: ServiceRow['kind']): Promise<void> {
  const free = await lockedFreeSlots(trx, serverId);
  const server = await trx
    .selectFrom('servers')
    .select(['type', 'status'])
    .where('id', '=', serverId)
    .executeTakeFirst();
  if (!server || free === null) throw refused('VALIDATION_FAILED', 'serverId', 'validation.hostingServer');
  if (SERVER_TYPE[kind] !== server.type) throw refused('VALIDATION_FAILED', 'serverId', 'validation.serverWrongType');
  if (server.status !== 'active') throw refused('INVALID_STATE', 'serverId', 'validation.serverInMaintenance');
  if (free <= 0) throw refused('INVALID_STATE', 'serverId', 'validation.serverFull');
}

/** The expiry day (YYYY-MM-DD, UTC) as a timestamp, keeping the time of day of the current expiry. */
function expiryOn(day: string, current: number, now: number): number {
  const start = Date.parse(`${day}T00:00:00Z`);
  if (start < Math.floor(now / DAY) * DAY) throw refused('VALIDATION_FAILED', 'expiresOn', 'validation.expiryPast');
  const timeOfDay = ((current % DAY) + DAY) % DAY;
  return start + timeOfDay;
}

/** The columns Edit may change, as the audit entry records them before and after. */
const editedOf = (
  row: Pick<ServiceRow, 'planId' | 'name' | 'priceCents' | 'billingPeriod' | 'serverId' | 'expiresAt'>,
) => ({
  planId: row.planId,
  name: row.name,
  priceCents: row.priceCents,
  billingPeriod: row.billingPeriod,
  serverId: row.serverId,
  expiresAt: new Date(row.expiresAt).toISOString(),
});

/**
 * The back office's status changes of services (docs/decisions/033-hosting-and-domain-administration.md):
 * suspend with a reason, activate, terminate after the domain is typed again. Each follows the services' state
 * machine (packages/shared/src/states/service.ts), needs `hosting.write`, and writes the status history, the
 * audit entry and the customer's notification in the transaction of the change. A staff suspension keeps its
 * reason, which is never the overdue marker, so a payment does not lift it
 * (docs/decisions/030-lifecycle-automation.md).
 */
export const adminHostingRoutes: FastifyPluginAsyncZod<{ clock: Clock }> = async (app, { clock }) => {
  const { db, kind } = app.database;

  /**
   * Suspend or Activate: the one transition of the service's state machine, guarded by the status it starts from,
   * with its status-history row, audit entry and the customer's notice in one transaction.
   */
  const moveStatus = async (request: FastifyRequest, move: StatusMove) => {
    const staff = staffOf(request);
    const { id } = request.params as { id: string };
    const now = clock.now();
    await db.transaction().execute(async (trx) => {
      const before = await lockedService(trx, id, kind);
      if (!before) throw new AppError('NOT_FOUND');
      if (before.status !== move.from) throw refused('INVALID_STATE', 'status', move.refusal);
      serviceStates.assertTransition(before.status, move.to);
      const changed = await trx
        .updateTable('services')
        .set({ status: move.to, suspensionReason: move.reason, updatedAt: now })
        .where('id', '=', id)
        .where('status', '=', move.from)
        .executeTakeFirst();
      if (Number(changed.numUpdatedRows) !== 1) throw refused('INVALID_STATE', 'status', move.refusal);
      await enqueueProvisioning(trx, {
        resourceType: 'service',
        resourceId: id,
        operation: move.to === 'suspended' ? 'suspend' : 'unsuspend',
        now,
      });
      const log = journal(trx, before.userId, staff.userId, now, request.ip);
      await log.statusChange({
        entityType: 'service',
        entityId: id,
        from: move.from,
        to: move.to,
        ...(move.reason === null ? {} : { reason: move.reason }),
      });
      await log.audit({
        action: move.action,
        entityType: 'service',
        entityId: id,
        before: statusOf(before),
        after: { status: move.to, suspensionReason: move.reason },
      });
      await log.notify(move.notice(before.name));
    });
    return readService(db, id);
  };

  endpointRoute(
    app,
    servicesAdminEndpoints.getAdminServicesPlacement,
    {
      schema: {
        tags: ['admin'],
        summary: 'The active shared servers a hosting service can be placed on, with their free slots',
        description:
          'For Add New Hosting and Edit: active servers of type `shared` (servers in maintenance take no new ' +
          'service), by name, with capacity, services placed (not cancelled) and free slots. Needs `hosting.write`.',
        response: errorResponses({ ...STAFF_ERRORS }),
      },
    },
    async () => {
      const rows = await db
        .selectFrom('servers')
        .select((eb) => ['id', 'name', 'location', 'capacity', placedServices(eb).as('placed')])
        .where('type', '=', SERVER_TYPE.hosting!)
        .where('status', '=', 'active')
        .orderBy('name')
        .orderBy('id')
        .execute();
      return {
        servers: rows.map((row) => {
          const services = Number(row.placed ?? 0);
          return {
            id: row.id,
            name: row.name,
            location: row.location,
            capacity: row.capacity,
            services,
            free: Math.max(0, row.capacity - services),
          };
        }),
      };
    },
  );

  endpointRoute(
    app,
    servicesAdminEndpoints.postAdminServices,
    {
      schema: {
        tags: ['admin'],
        summary: 'Add a hosting service for a customer on a server with a free slot; the customer is notified',
        description:
          'The owner is an active, not deleted customer account named by e-mail; the plan and its period come ' +
          "from the catalogue, and so does the price (never the request's); the domain is spelled as ordering " +
          'requires; the server is active, shared and has a free slot (the capacity lock of ordering, so two ' +
          'additions for the last slot cannot both win). The service starts active and expires after the period. ' +
          'No invoice is charged (docs/decisions/033-hosting-and-domain-administration.md). Needs ' +
          '`hosting.write`; audited (`service.create`), with a status-history row, notification and activity.',
        response: errorResponses({
          ...BODY_ERRORS,
          ...STAFF_ERRORS,
          400:
            'VALIDATION_FAILED (with `fields`): `ownerEmail` validation.hostingOwner (no active customer), ' +
            '`planId` validation.orderPlan, `months` validation.period, `domain` validation.domain*, ' +
            '`serverId` validation.hostingServer (no such server) or validation.serverWrongType',
          409:
            'INVALID_STATE (with `fields.serverId`): validation.serverInMaintenance, or validation.serverFull ' +
            '(no free slot)',
        }),
      },
    },
    async (request, reply) => {
      const staff = staffOf(request);
      const input = request.body;
      const plan = findServicePlan('hosting', input.planId);
      if (!plan) throw refused('VALIDATION_FAILED', 'planId', 'validation.orderPlan');
      const domain = readDomain(input.domain);
      if ('problem' in domain) throw refused('VALIDATION_FAILED', 'domain', domain.problem ?? 'validation.domainEmpty');
      const now = clock.now();
      const id = randomUUID();
      await db.transaction().execute(async (trx) => {
        const ownerId = await activeCustomerId(trx, input.ownerEmail);
        if (!ownerId) throw refused('VALIDATION_FAILED', 'ownerEmail', 'validation.hostingOwner');
        await takeSlot(trx, input.serverId, 'hosting');
        // A kind with a driver stays pending until its driver has created it (docs/decisions/042-provisioning-engine.md).
        const provisioned = provisionedBy({ type: 'service', kind: 'hosting', planId: plan.id }) !== null;
        if (!provisioned) serviceStates.assertTransition('pending', 'active');
        const row = {
          id,
          userId: ownerId,
          kind: 'hosting' as const,
          planId: plan.id,
          name: plan.name,
          serverId: input.serverId,
          domain: domain.name,
          status: provisioned ? ('pending' as const) : ('active' as const),
          suspensionReason: null,
          priceCents: toCents(plan.price),
          billingPeriod: plan.period,
          expiresAt: addMonths(now, input.months),
          cancelRequestedAt: null,
          cancelReason: null,
          cancelledAt: null,
          createdAt: now,
          updatedAt: now,
        };
        await trx.insertInto('services').values(row).execute();
        const log = journal(trx, ownerId, staff.userId, now, request.ip);
        if (provisioned) {
          await enqueueProvisioning(trx, { resourceType: 'service', resourceId: id, operation: 'create', now });
        } else {
          await log.statusChange({ entityType: 'service', entityId: id, from: 'pending', to: 'active' });
        }
        await log.audit({
          action: 'service.create',
          entityType: 'service',
          entityId: id,
          before: null,
          after: { ...editedOf(row), userId: ownerId, domain: row.domain, status: row.status, months: input.months },
        });
        await log.notify({
          type: 'success',
          key: 'serviceCreatedByStaff',
          params: { name: plan.name, domain: row.domain },
        });
        await log.activity({
          action: 'service.created',
          subjectType: 'service',
          subjectId: id,
          params: { domain: row.domain },
        });
      });
      reply.code(201);
      return readService(db, id);
    },
  );

  endpointRoute(
    app,
    servicesAdminEndpoints.patchAdminServicesItem,
    {
      schema: {
        tags: ['admin'],
        summary: "Change a service's plan, server or expiry day",
        description:
          'A new plan comes from the catalogue with its price; a new server must be active, of the kind and have ' +
          'a free slot (the capacity lock of ordering); the expiry day is today or later (UTC; the time of day ' +
          'of the current expiry is kept). Fields left out or equal to the service change nothing; with nothing ' +
          'to change nothing is written. Needs `hosting.write`; audited (`service.update`) with the values ' +
          'before and after.',
        response: errorResponses({
          ...BODY_ERRORS,
          ...STAFF_ERRORS,
          ...NOT_FOUND,
          400:
            'VALIDATION_FAILED (with `fields`): `planId` validation.orderPlan, `expiresOn` validation.date or ' +
            'validation.expiryPast, `serverId` validation.hostingServer or validation.serverWrongType',
          409:
            'INVALID_STATE (with `fields`): `serverId` validation.serverInMaintenance or validation.serverFull; ' +
            '`status` validation.serviceCancelled; `service` validation.serviceChanged (changed since ' +
            '`unchangedSince`, or meanwhile)',
        }),
      },
    },
    async (request) => {
      const staff = staffOf(request);
      const { id } = request.params as { id: string };
      const input = request.body;
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        const before = await lockedService(trx, id, kind);
        if (!before) throw new AppError('NOT_FOUND');
        if (before.status === 'cancelled') throw refused('INVALID_STATE', 'status', 'validation.serviceCancelled');
        // The form was filled from an older state: refuse rather than overwrite what someone else saved.
        if (input.unchangedSince !== undefined && Date.parse(input.unchangedSince) !== Number(before.updatedAt)) {
          throw refused('INVALID_STATE', 'service', 'validation.serviceChanged');
        }
        const after = { ...before };
        if (input.expiresOn !== undefined) {
          const sameDay = new Date(before.expiresAt).toISOString().slice(0, 10) === input.expiresOn;
          if (!sameDay) after.expiresAt = expiryOn(input.expiresOn, before.expiresAt, now);
        }
        if (input.planId !== undefined && input.planId !== before.planId) {
          const plan = findServicePlan(before.kind, input.planId);
          if (!plan) throw refused('VALIDATION_FAILED', 'planId', 'validation.orderPlan');
          await assertAddonDomainsFit(trx, before, plan.id);
          Object.assign(after, {
            planId: plan.id,
            name: plan.name,
            priceCents: toCents(plan.price),
            billingPeriod: plan.period,
          });
        }
        if (input.serverId !== undefined && input.serverId !== before.serverId) {
          await takeSlot(trx, input.serverId, before.kind);
          after.serverId = input.serverId;
        }
        const was = editedOf(before);
        const changes = editedOf(after);
        if (JSON.stringify(was) === JSON.stringify(changes)) return;
        const changed = await trx
          .updateTable('services')
          .set({
            planId: after.planId,
            name: after.name,
            priceCents: after.priceCents,
            billingPeriod: after.billingPeriod,
            serverId: after.serverId,
            expiresAt: after.expiresAt,
            // Always later than the state it replaces, even within one millisecond: `unchangedSince` tells them apart.
            updatedAt: Math.max(now, Number(before.updatedAt) + 1),
          })
          .where('id', '=', id)
          .where('status', '=', before.status)
          .where('updatedAt', '=', before.updatedAt)
          .executeTakeFirst();
        if (Number(changed.numUpdatedRows) !== 1) {
          throw refused('INVALID_STATE', 'service', 'validation.serviceChanged');
        }
        if (after.planId !== before.planId) {
          await enqueueProvisioning(trx, { resourceType: 'service', resourceId: id, operation: 'changePlan', now });
        }
        await journal(trx, before.userId, staff.userId, now, request.ip).audit({
          action: 'service.update',
          entityType: 'service',
          entityId: id,
          before: was,
          after: changes,
        });
      });
      return readService(db, id);
    },
  );

  endpointRoute(
    app,
    servicesAdminEndpoints.postAdminServicesSuspend,
    {
      schema: {
        tags: ['admin'],
        summary: 'Suspend an active service with a reason; the customer is notified',
        description:
          'A staff suspension: a payment does not lift it, only Activate does. Needs `hosting.write`; audited, ' +
          'with a status-history row.',
        response: errorResponses({
          ...BODY_ERRORS,
          ...STAFF_ERRORS,
          ...NOT_FOUND,
          400: 'VALIDATION_FAILED (with `fields`): `reason` validation.reason',
          409: 'INVALID_STATE (with `fields.status` validation.serviceNotSuspendable): the service is not active',
        }),
      },
    },
    async (request) => {
      const { reason } = request.body;
      return moveStatus(request, {
        from: 'active',
        to: 'suspended',
        reason,
        refusal: 'validation.serviceNotSuspendable',
        action: 'service.suspend',
        notice: (name) => ({ type: 'warning', key: 'serviceSuspendedByStaff', params: { name, reason } }),
      });
    },
  );

  endpointRoute(
    app,
    servicesAdminEndpoints.postAdminServicesActivate,
    {
      schema: {
        tags: ['admin'],
        summary: 'Activate a suspended service; the customer is notified',
        description:
          'Lifts any suspension (by staff or for an unpaid renewal). Needs `hosting.write`; audited, with a ' +
          'status-history row.',
        response: errorResponses({
          ...STAFF_ERRORS,
          ...NOT_FOUND,
          409: 'INVALID_STATE (with `fields.status` validation.serviceNotActivatable): the service is not suspended',
        }),
      },
    },
    async (request) =>
      moveStatus(request, {
        from: 'suspended',
        to: 'active',
        reason: null,
        refusal: 'validation.serviceNotActivatable',
        action: 'service.activate',
        notice: (name) => ({ type: 'success', key: 'serviceReactivated', params: { name } }),
      }),
  );

  endpointRoute(
    app,
    servicesAdminEndpoints.deleteAdminServicesItem,
    {
      schema: {
        tags: ['admin'],
        summary: 'Terminate a service after its domain is typed again; the customer is notified',
        description:
          "`confirm` must equal the service's domain (its name when it has none), in any case. The service " +
          'becomes cancelled (final) and frees its place on the server; its invoices and ledger stay. Needs ' +
          '`hosting.write`; audited, with a status-history row.',
        response: errorResponses({
          ...BODY_ERRORS,
          ...STAFF_ERRORS,
          ...NOT_FOUND,
          400: 'VALIDATION_FAILED (with `fields.confirm` validation.confirmDomain): the typed domain differs',
          409: 'INVALID_STATE: the service is already cancelled',
        }),
      },
    },
    async (request) => {
      const staff = staffOf(request);
      const { id } = request.params as { id: string };
      const { confirm } = request.body;
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        const before = await lockedService(trx, id, kind);
        if (!before) throw new AppError('NOT_FOUND');
        const expected = (before.domain ?? before.name).toLowerCase();
        if (confirm.toLowerCase() !== expected) {
          throw refused('VALIDATION_FAILED', 'confirm', 'validation.confirmDomain');
        }
        if (!serviceStates.canTransition(before.status, 'cancelled')) {
          throw new AppError('INVALID_STATE', { message: 'The service is already cancelled' });
        }
        const changed = await trx
          .updateTable('services')
          .set({ status: 'cancelled', cancelledAt: now, autoRenew: 0, updatedAt: now })
          .where('id', '=', id)
          .where('status', '=', before.status)
          .executeTakeFirst();
        if (Number(changed.numUpdatedRows) !== 1) {
          throw new AppError('INVALID_STATE', { message: 'The service changed at the same moment' });
        }
        await enqueueProvisioning(trx, { resourceType: 'service', resourceId: id, operation: 'terminate', now });
        const log = journal(trx, before.userId, staff.userId, now, request.ip);
        await log.statusChange({ entityType: 'service', entityId: id, from: before.status, to: 'cancelled' });
        await log.audit({
          action: 'service.terminate',
          entityType: 'service',
          entityId: id,
          before: { ...statusOf(before), domain: before.domain, serverId: before.serverId },
          after: { status: 'cancelled' },
        });
        await log.notify({ type: 'error', key: 'serviceTerminatedByStaff', params: { name: before.name } });
      });
      return readService(db, id);
    },
  );
};
