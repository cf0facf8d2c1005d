import { domainYearCents, findServicePlan, invoiceStates, serviceStates, toCents } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { Database, InvoiceRow, RenewalInvoicesTable, ServiceRow } from '../../db/schema';
import type { Journal } from '../../lib/journal';
import { createInvoice } from './ledger';
import { type RenewalEntity, renewalWords } from './renewal-words';
import { enqueueProvisioning } from '../provisioning';

/**
 * Renewal invoices issued ahead of expiry by the scheduler (docs/decisions/030-lifecycle-automation.md): one
 * per (service or domain, period), paid from the balance by auto-renew, or superseded by the customer's own
 * renewal (renewals.service.ts). Paying one extends the expiry from the period's start and brings back a service
 * suspended for being overdue (a suspension by staff stays). Every function runs in the caller's transaction,
 * after lockAccount.
 */

export const OVERDUE = 'overdue';

/** The catalogue's price of one period of the entity and its length, or undefined when it is no longer sold. */
export function renewalPeriod(entity: RenewalEntity): { months: number; unitPriceCents: number } | undefined {
  if (entity.type === 'domain') {
    const unitPriceCents = domainYearCents(entity.row.tld);
    return unitPriceCents === undefined ? undefined : { months: 12, unitPriceCents };
  }
  // A downgrade the customer chose takes over at the renewal, so the renewal is priced at it
  // (docs/decisions/037-plan-changes.md).
  const plan = findServicePlan(entity.row.kind, entity.row.pendingPlanId ?? entity.row.planId);
  if (!plan) return undefined;
  return { months: plan.period === 'year' ? 12 : 1, unitPriceCents: toCents(plan.price) };
}

export function renewalParams(entity: RenewalEntity) {
  return entity.type === 'service'
    ? { name: entity.row.name, domain: entity.row.domain ?? '' }
    : { name: entity.row.name, domain: entity.row.name };
}

/**
 * Issues the unpaid invoice of the period starting at the entity's expiry, due at that expiry; undefined when
 * already issued.
 */
export async function issueRenewalInvoice(
  trx: Kysely<Database>,
  entity: RenewalEntity,
  now: number,
): Promise<InvoiceRow | undefined> {
  const period = renewalPeriod(entity);
  if (!period) return undefined;
  const existing = await trx
    .selectFrom('renewalInvoices')
    .select('invoiceId')
    .where('entityType', '=', entity.type)
    .where('entityId', '=', entity.row.id)
    .where('periodStart', '=', entity.row.expiresAt)
    .executeTakeFirst();
  if (existing) return undefined;
  const words = renewalWords(entity, period.months);
  const invoice = await createInvoice(trx, {
    userId: entity.row.userId,
    status: 'unpaid',
    now,
    // Due at the expiry it renews, the "next due date"; overdue counting starts there (decision 043).
    dueAt: entity.row.expiresAt,
    lines: [
      {
        key: `invoiceLines.${words.key}`,
        params: words.params,
        quantity: 1,
        unitPriceCents: period.unitPriceCents,
        ...(entity.type === 'service' ? { serviceId: entity.row.id } : { domainId: entity.row.id }),
      },
    ],
  });
  // The unique (entity, period start) constraint stops a second copy even if two writers got this far.
  await trx
    .insertInto('renewalInvoices')
    .values({
      invoiceId: invoice.id,
      entityType: entity.type,
      entityId: entity.row.id,
      userId: entity.row.userId,
      periodStart: entity.row.expiresAt,
      months: period.months,
      shortNotifiedAt: null,
    })
    .execute();
  return invoice;
}

/**
 * Moves a service to its pending plan (a downgrade chosen for the renewal; docs/decisions/037-plan-changes.md) as
 * the renewal that pays for it is paid: the plan and the price per period become the pending plan's. Runs in the
 * renewal's transaction; returns whether it changed the plan.
 */
export async function applyPendingPlan(
  trx: Kysely<Database>,
  service: Pick<ServiceRow, 'id' | 'kind' | 'name' | 'planId' | 'pendingPlanId'>,
  now: number,
  log: Journal,
): Promise<boolean> {
  if (service.pendingPlanId === null) return false;
  const plan = findServicePlan(service.kind, service.pendingPlanId);
  if (!plan) return false;
  const done = await trx
    .updateTable('services')
    .set({ planId: plan.id, priceCents: toCents(plan.price), pendingPlanId: null, updatedAt: now })
    .where('id', '=', service.id)
    .where('pendingPlanId', '=', service.pendingPlanId)
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) !== 1) return false;
  await enqueueProvisioning(trx, { resourceType: 'service', resourceId: service.id, operation: 'changePlan', now });
  const params = {
    name: service.name,
    from: findServicePlan(service.kind, service.planId)?.name ?? service.planId,
    plan: plan.name,
  };
  await log.notify({ type: 'info', key: 'servicePlanChanged', params });
  await log.activity({ action: 'service.planChanged', subjectType: 'service', subjectId: service.id, params });
  return true;
}

/**
 * Prices the service's unpaid renewal invoices again after its plan or pending plan changed, so that the renewal
 * charges the plan it renews (docs/decisions/037-plan-changes.md). An unpaid invoice is not money yet; a paid
 * one is never touched.
 */
export async function repriceOpenRenewalInvoices(
  trx: Kysely<Database>,
  service: ServiceRow,
  now: number,
): Promise<void> {
  const period = renewalPeriod({ type: 'service', row: service });
  if (!period) return;
  for (const invoice of await openRenewalInvoices(trx, 'service', service.id)) {
    const lines = await trx.selectFrom('invoiceLines').selectAll().where('invoiceId', '=', invoice.id).execute();
    let total = 0;
    for (const line of lines) {
      const unit = line.serviceId === service.id ? period.unitPriceCents : line.unitPriceCents;
      total += unit * line.quantity;
      if (unit !== line.unitPriceCents) {
        await trx
          .updateTable('invoiceLines')
          .set({ unitPriceCents: unit, amountCents: unit * line.quantity })
          .where('id', '=', line.id)
          .execute();
      }
    }
    if (total !== invoice.totalCents) {
      await trx
        .updateTable('invoices')
        .set({ totalCents: total, updatedAt: now })
        .where('id', '=', invoice.id)
        .where('status', '=', 'unpaid')
        .execute();
    }
  }
}

/** The entity's renewal invoices still unpaid. */
export async function openRenewalInvoices(
  trx: Kysely<Database>,
  entityType: RenewalInvoicesTable['entityType'],
  entityId: string,
) {
  return trx
    .selectFrom('renewalInvoices')
    .innerJoin('invoices', 'invoices.id', 'renewalInvoices.invoiceId')
    .selectAll('invoices')
    .select(['renewalInvoices.periodStart', 'renewalInvoices.months'])
    .where('renewalInvoices.entityType', '=', entityType)
    .where('renewalInvoices.entityId', '=', entityId)
    .where('invoices.status', '=', 'unpaid')
    .execute();
}

/** Voids the entity's open renewal invoices: the customer renewed by other means, or the service ended. */
export async function voidOpenRenewalInvoices(
  trx: Kysely<Database>,
  entityType: RenewalInvoicesTable['entityType'],
  entityId: string,
  now: number,
  log: Journal,
): Promise<void> {
  for (const invoice of await openRenewalInvoices(trx, entityType, entityId)) {
    invoiceStates.assertTransition('unpaid', 'void');
    const done = await trx
      .updateTable('invoices')
      .set({ status: 'void', updatedAt: now })
      .where('id', '=', invoice.id)
      .where('status', '=', 'unpaid')
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 1) {
      await log.statusChange({ entityType: 'invoice', entityId: invoice.id, from: 'unpaid', to: 'void' });
    }
  }
}

/**
 * Brings back a service suspended for being overdue once its renewal is paid; a suspension by staff (another
 * reason) stays. Returns whether it did.
 */
export async function reactivateIfOverdue(
  trx: Kysely<Database>,
  service: Pick<ServiceRow, 'id' | 'status' | 'suspensionReason'>,
  now: number,
  log: Journal,
): Promise<boolean> {
  if (service.status !== 'suspended' || service.suspensionReason !== OVERDUE) return false;
  serviceStates.assertTransition('suspended', 'active');
  const done = await trx
    .updateTable('services')
    .set({ status: 'active', suspensionReason: null, updatedAt: now })
    .where('id', '=', service.id)
    .where('status', '=', 'suspended')
    .where('suspensionReason', '=', OVERDUE)
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) !== 1) return false;
  await enqueueProvisioning(trx, { resourceType: 'service', resourceId: service.id, operation: 'unsuspend', now });
  await log.statusChange({
    entityType: 'service',
    entityId: service.id,
    from: 'suspended',
    to: 'active',
    reason: 'paid',
  });
  return true;
}
