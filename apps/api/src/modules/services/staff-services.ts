import { randomUUID } from 'node:crypto';
import {
  addMonths,
  type AdminPlacement,
  type AdminService,
  type adminCreateServiceSchema,
  type adminEditServiceSchema,
  type FieldError,
  findServicePlan,
  serviceStates,
  toCents,
  validationMessage,
  type ValidationMessageKey,
} from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DatabaseKind } from '../../db/index';
import type { Database, ServiceRow } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { type Journal, journal } from '../../lib/journal';
import { activeCustomerId } from '../accounts';
import { readDomain } from '../domains';
import { enqueueProvisioning, provisionedBy } from '../provisioning';
import { placementServers, placementTarget } from '../servers';
import { lockedFreeSlots, SERVER_TYPE } from './server-capacity';
import { assertAddonDomainsFit } from './addon-domains';
import { toAdminService } from './service-rows';
import {
  findAdminServiceRow,
  insertService,
  lockedService,
  serviceIdExists,
  updateServiceIfUnchanged,
} from './services.repository';

/**
 * The back office's changes to services (docs/decisions/033-hosting-and-domain-administration.md): add a hosting
 * service for a customer, edit its plan, server or expiry day, suspend with a reason, activate, terminate after the
 * domain is typed again. Each follows the services' state machine (packages/shared/src/states/service.ts) and
 * writes the status history, the audit entry and the customer's notification in the transaction of the change. A
 * staff suspension keeps its reason, which is never the overdue marker, so a payment does not lift it
 * (docs/decisions/030-lifecycle-automation.md).
 */

/** What a change needs: the database, the clock and the staff member who makes it, from where. */
export interface StaffServiceContext {
  db: Kysely<Database>;
  kind: DatabaseKind;
  clock: Clock;
  staffId: string;
  ip: string;
}

/** A refusal with the field it concerns, translated by the web from its key (docs/product/errors.md). */
function refused(code: 'INVALID_STATE' | 'VALIDATION_FAILED', field: string, key: ValidationMessageKey): AppError {
  const fields: Record<string, FieldError> = { [field]: { code: key, message: validationMessage(key) } };
  return new AppError(code, { message: validationMessage(key), fields });
}

/** The service as the back office's list shows it. */
async function readService(db: Kysely<Database>, id: string): Promise<AdminService> {
  return toAdminService(await findAdminServiceRow(db, id));
}

const statusOf = (row: ServiceRow) => ({ status: row.status, suspensionReason: row.suspensionReason });

const DAY = 86_400_000;

/**
 * Takes a slot on the server for a service of `kind`, inside the caller's transaction: the server must exist
 * (400), run this kind (400), be active rather than in maintenance (409) and have a free slot (409). The capacity
 * rule and its lock (server-capacity.ts, docs/decisions/032-ordering-and-checkout.md) are those ordering places
 * with, so two placements on the last slot cannot both win.
 */
async function takeSlot(trx: Kysely<Database>, serverId: string, kind: ServiceRow['kind']): Promise<void> {
  const free = await lockedFreeSlots(trx, serverId);
  const server = await placementTarget(trx, serverId);
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

/** Whether a service has this id (the status history's 404). */
export const serviceExists = (db: Kysely<Database>, id: string): Promise<boolean> => serviceIdExists(db, id);

/** The active shared servers a hosting service can be placed on, with their free slots. */
export async function hostingPlacement(db: Kysely<Database>): Promise<AdminPlacement> {
  return { servers: await placementServers(db, SERVER_TYPE.hosting!) };
}

/**
 * Adds a hosting service for an active customer, free of charge, on a server with a free slot; the plan, its
 * period and its price come from the catalogue. A kind with a driver stays pending until its driver has created it
 * (docs/decisions/042-provisioning-engine.md).
 */
export async function addHostingService(
  ctx: StaffServiceContext,
  input: z.output<typeof adminCreateServiceSchema>,
): Promise<AdminService> {
  const plan = findServicePlan('hosting', input.planId);
  if (!plan) throw refused('VALIDATION_FAILED', 'planId', 'validation.orderPlan');
  const domain = readDomain(input.domain);
  if ('problem' in domain) throw refused('VALIDATION_FAILED', 'domain', domain.problem ?? 'validation.domainEmpty');
  const now = ctx.clock.now();
  const id = randomUUID();
  await ctx.db.transaction().execute(async (trx) => {
    const ownerId = await activeCustomerId(trx, input.ownerEmail);
    if (!ownerId) throw refused('VALIDATION_FAILED', 'ownerEmail', 'validation.hostingOwner');
    await takeSlot(trx, input.serverId, 'hosting');
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
    await insertService(trx, row);
    const log = journal(trx, ownerId, ctx.staffId, now, ctx.ip);
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
  return readService(ctx.db, id);
}

/**
 * Changes a service's plan (from the catalogue, with its price), server (active, of the kind, with a free slot)
 * or expiry day (today or later); fields equal to the service change nothing, and with nothing to change nothing
 * is written. Refused when the service changed since `unchangedSince` or meanwhile.
 */
export async function editService(
  ctx: StaffServiceContext,
  id: string,
  input: z.output<typeof adminEditServiceSchema>,
): Promise<AdminService> {
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    const before = await lockedService(trx, id, ctx.kind);
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
    const changed = await updateServiceIfUnchanged(
      trx,
      id,
      { status: before.status, updatedAt: before.updatedAt },
      {
        planId: after.planId,
        name: after.name,
        priceCents: after.priceCents,
        billingPeriod: after.billingPeriod,
        serverId: after.serverId,
        expiresAt: after.expiresAt,
        // Always later than the state it replaces, even within one millisecond: `unchangedSince` tells them apart.
        updatedAt: Math.max(now, Number(before.updatedAt) + 1),
      },
    );
    if (!changed) throw refused('INVALID_STATE', 'service', 'validation.serviceChanged');
    if (after.planId !== before.planId) {
      await enqueueProvisioning(trx, { resourceType: 'service', resourceId: id, operation: 'changePlan', now });
    }
    await journal(trx, before.userId, ctx.staffId, now, ctx.ip).audit({
      action: 'service.update',
      entityType: 'service',
      entityId: id,
      before: was,
      after: changes,
    });
  });
  return readService(ctx.db, id);
}

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

/**
 * Suspend or Activate: the one transition of the service's state machine, guarded by the status it starts from,
 * with its status-history row, audit entry and the customer's notice in one transaction.
 */
async function moveStatus(ctx: StaffServiceContext, id: string, move: StatusMove): Promise<AdminService> {
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    const before = await lockedService(trx, id, ctx.kind);
    if (!before) throw new AppError('NOT_FOUND');
    if (before.status !== move.from) throw refused('INVALID_STATE', 'status', move.refusal);
    serviceStates.assertTransition(before.status, move.to);
    const changed = await updateServiceIfUnchanged(
      trx,
      id,
      { status: move.from },
      { status: move.to, suspensionReason: move.reason, updatedAt: now },
    );
    if (!changed) throw refused('INVALID_STATE', 'status', move.refusal);
    await enqueueProvisioning(trx, {
      resourceType: 'service',
      resourceId: id,
      operation: move.to === 'suspended' ? 'suspend' : 'unsuspend',
      now,
    });
    const log = journal(trx, before.userId, ctx.staffId, now, ctx.ip);
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
  return readService(ctx.db, id);
}

/** Suspends an active service with a reason that a payment does not lift; the customer is notified. */
export const suspendService = (ctx: StaffServiceContext, id: string, reason: string) =>
  moveStatus(ctx, id, {
    from: 'active',
    to: 'suspended',
    reason,
    refusal: 'validation.serviceNotSuspendable',
    action: 'service.suspend',
    notice: (name) => ({ type: 'warning', key: 'serviceSuspendedByStaff', params: { name, reason } }),
  });

/** Activates a suspended service, whoever suspended it; the customer is notified. */
export const activateService = (ctx: StaffServiceContext, id: string) =>
  moveStatus(ctx, id, {
    from: 'suspended',
    to: 'active',
    reason: null,
    refusal: 'validation.serviceNotActivatable',
    action: 'service.activate',
    notice: (name) => ({ type: 'success', key: 'serviceReactivated', params: { name } }),
  });

/**
 * Terminates a service once its domain (its name when it has none) is typed again, in any case: it becomes
 * cancelled (final) and frees its place on the server; its invoices and ledger stay. The customer is notified.
 */
export async function terminateService(ctx: StaffServiceContext, id: string, confirm: string): Promise<AdminService> {
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    const before = await lockedService(trx, id, ctx.kind);
    if (!before) throw new AppError('NOT_FOUND');
    const expected = (before.domain ?? before.name).toLowerCase();
    if (confirm.toLowerCase() !== expected) {
      throw refused('VALIDATION_FAILED', 'confirm', 'validation.confirmDomain');
    }
    if (!serviceStates.canTransition(before.status, 'cancelled')) {
      throw new AppError('INVALID_STATE', { message: 'The service is already cancelled' });
    }
    const changed = await updateServiceIfUnchanged(
      trx,
      id,
      { status: before.status },
      { status: 'cancelled', cancelledAt: now, autoRenew: 0, updatedAt: now },
    );
    if (!changed) {
      throw new AppError('INVALID_STATE', { message: 'The service changed at the same moment' });
    }
    await enqueueProvisioning(trx, { resourceType: 'service', resourceId: id, operation: 'terminate', now });
    const log = journal(trx, before.userId, ctx.staffId, now, ctx.ip);
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
  return readService(ctx.db, id);
}
