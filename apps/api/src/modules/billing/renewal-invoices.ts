import { domainYearCents, findServicePlan, invoiceStates, toCents } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { Database, InvoiceRow, RenewalInvoicesTable, ServiceRow } from '../../db/schema';
import type { Journal } from '../../lib/journal';
import { createInvoice } from './ledger';
import { updateUnpaidInvoice } from './ledger.repository';
import {
  insertRenewalInvoice,
  invoiceLinesOf,
  renewalInvoiceOfPeriod,
  setInvoiceLinePrice,
  setUnpaidInvoiceTotal,
  unpaidRenewalInvoices,
} from './renewal-invoices.repository';
import { type RenewalEntity, renewalWords } from './renewal-words';

/**
 * Renewal invoices issued ahead of expiry by the scheduler (docs/decisions/030-lifecycle-automation.md): one
 * per (service or domain, period), paid from the balance by auto-renew, or superseded by the customer's own
 * renewal (renew-service.ts, renew-domain.ts). Paying one renews the entity (renew.ts) and brings back a service
 * suspended for being overdue (a suspension by staff stays; services/service-renewal.ts). Every function runs in the caller's transaction,
 * after lockAccount.
 */

/** The suspension reason of a service whose renewal went unpaid: paying it brings the service back. */
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
  const existing = await renewalInvoiceOfPeriod(trx, entity.type, entity.row.id, entity.row.expiresAt);
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
  await insertRenewalInvoice(trx, {
    invoiceId: invoice.id,
    entityType: entity.type,
    entityId: entity.row.id,
    userId: entity.row.userId,
    periodStart: entity.row.expiresAt,
    months: period.months,
    shortNotifiedAt: null,
  });
  return invoice;
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
    const lines = await invoiceLinesOf(trx, invoice.id);
    let total = 0;
    for (const line of lines) {
      const unit = line.serviceId === service.id ? period.unitPriceCents : line.unitPriceCents;
      total += unit * line.quantity;
      if (unit !== line.unitPriceCents) {
        await setInvoiceLinePrice(trx, line.id, { unitPriceCents: unit, amountCents: unit * line.quantity });
      }
    }
    if (total !== invoice.totalCents) {
      await setUnpaidInvoiceTotal(trx, invoice.id, total, now);
    }
  }
}

/** The entity's renewal invoices still unpaid. */
export async function openRenewalInvoices(
  trx: Kysely<Database>,
  entityType: RenewalInvoicesTable['entityType'],
  entityId: string,
) {
  return unpaidRenewalInvoices(trx, entityType, entityId);
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
    if (await updateUnpaidInvoice(trx, invoice.id, { status: 'void', updatedAt: now })) {
      await log.statusChange({ entityType: 'invoice', entityId: invoice.id, from: 'unpaid', to: 'void' });
    }
  }
}
