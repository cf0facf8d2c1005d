import { addMonths, domainStates, invoiceStates, serviceStates } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { Database, DomainRow, InvoiceRow, ServiceRow } from '../../db/schema';
import type { Journal } from '../../lib/journal';
import { appendLedgerEntry } from './ledger';
import { updateUnpaidInvoice } from './ledger.repository';
import { voidOpenRenewalInvoices } from './renewal-invoices';
import { type RenewalEntity, renewalWords } from './renewal-words';

/**
 * What a renewal does to the service or domain itself, done by its own module (services/service-renewal.ts,
 * domains/domain-renewal.ts) and handed in by the caller: those modules use billing (a domain's deletion asks
 * whether accounting names it, a plan change reprices the renewal invoices), so billing importing them back would
 * close an import cycle through their entry points (docs/decisions/056-module-shape.md).
 */
export interface RenewalTargets {
  service: {
    /** Writes the new expiry and status. */
    extend(
      trx: Kysely<Database>,
      service: ServiceRow,
      change: { expiresAt: number; status: ServiceRow['status']; now: number },
    ): Promise<void>;
    /** A downgrade chosen for the renewal takes over; answers whether it did. */
    applyPendingPlan(trx: Kysely<Database>, service: ServiceRow, now: number, log: Journal): Promise<boolean>;
    /** An overdue suspension ends; answers whether it did. */
    reactivateIfOverdue(trx: Kysely<Database>, service: ServiceRow, now: number, log: Journal): Promise<boolean>;
  };
  domain: {
    /** Writes the new expiry (active again) and makes a lapsed domain's zone answer again. */
    extend(trx: Kysely<Database>, domain: DomainRow, change: { expiresAt: number; now: number }): Promise<void>;
  };
}

/**
 * Where a renewal's period starts, one rule for services and domains however the renewal is paid
 * (docs/decisions/056-module-shape.md): at the current expiry while the customer still holds the service or domain
 * (active, in its grace period, suspended for being overdue), as the "next due date" of every billing system; at
 * the moment of payment once it has expired, so nobody pays for time they did not have.
 */
export function renewalStart(entity: RenewalEntity, now: number): number {
  return entity.row.status === 'expired' ? Math.max(entity.row.expiresAt, now) : entity.row.expiresAt;
}

/**
 * Renews a service or a domain by `months`, paid by `invoice` (already paid, in this transaction): the ledger is
 * charged the invoice's total once, the expiry moves on from renewalStart(), an expired service or a lapsed domain
 * is active again (a lapsed domain's zone answers again), a pending downgrade takes over, and an overdue suspension
 * ends. A renewal the customer paid directly (`supersedes`) also voids the open renewal invoices it replaces.
 * Runs in the caller's transaction, after lockAccount; answers the new expiry and whether the entity came back.
 */
export async function renew(
  trx: Kysely<Database>,
  input: {
    entity: RenewalEntity;
    months: number;
    invoice: Pick<InvoiceRow, 'id' | 'totalCents'>;
    now: number;
    actorId: string | null;
    log: Journal;
    /** Why the status changed, for the journal: the customer renewed, or a renewal invoice was paid. */
    reason: 'renewed' | 'paid';
    supersedes: boolean;
    targets: RenewalTargets;
  },
): Promise<{ expiresAt: number; reactivated: boolean }> {
  const { entity, months, invoice, now, log, reason, targets } = input;
  const words = renewalWords(entity, months);
  await appendLedgerEntry(trx, {
    userId: entity.row.userId,
    type: words.ledgerType,
    amountCents: -invoice.totalCents,
    key: `transactions.${words.key}`,
    params: words.params,
    invoiceId: invoice.id,
    serviceId: entity.type === 'service' ? entity.row.id : null,
    domainId: entity.type === 'domain' ? entity.row.id : null,
    actorId: input.actorId,
    now,
  });
  const expiresAt = addMonths(renewalStart(entity, now), months);
  let reactivated = false;
  if (entity.type === 'service') {
    const row = entity.row;
    const status = row.status === 'expired' ? 'active' : row.status;
    if (status !== row.status) {
      serviceStates.assertTransition(row.status, status);
      await log.statusChange({ entityType: 'service', entityId: row.id, from: row.status, to: status, reason });
      reactivated = true;
    }
    await targets.service.extend(trx, row, { expiresAt, status, now });
    // This renewal pays the period an open renewal invoice asked for (docs/decisions/030-lifecycle-automation.md).
    if (input.supersedes) await voidOpenRenewalInvoices(trx, 'service', row.id, now, log);
    await targets.service.applyPendingPlan(trx, row, now, log);
    reactivated = (await targets.service.reactivateIfOverdue(trx, row, now, log)) || reactivated;
  } else {
    const row = entity.row;
    if (row.status !== 'active') {
      domainStates.assertTransition(row.status, 'active');
      await log.statusChange({ entityType: 'domain', entityId: row.id, from: row.status, to: 'active', reason });
      reactivated = true;
    }
    // A lapsed domain's zone answers again (docs/decisions/042-provisioning-engine.md).
    await targets.domain.extend(trx, row, { expiresAt, now });
    if (input.supersedes) await voidOpenRenewalInvoices(trx, 'domain', row.id, now, log);
  }
  return { expiresAt, reactivated };
}

/**
 * Pays an unpaid renewal invoice from the balance (the caller checked it covers the total): the invoice is paid,
 * then renew() charges the ledger once, moves the expiry on and brings a lapsed or overdue entity back. Returns
 * the new expiry, or undefined when the invoice was no longer unpaid.
 */
export async function payRenewalInvoice(
  trx: Kysely<Database>,
  input: {
    invoice: InvoiceRow & { periodStart: number; months: number };
    entity: RenewalEntity;
    now: number;
    actorId: string | null;
    log: Journal;
    targets: RenewalTargets;
  },
): Promise<{ expiresAt: number; reactivated: boolean } | undefined> {
  const { invoice, entity, now, log } = input;
  invoiceStates.assertTransition('unpaid', 'paid');
  if (!(await updateUnpaidInvoice(trx, invoice.id, { status: 'paid', paidAt: now, updatedAt: now }))) return undefined;
  await log.statusChange({ entityType: 'invoice', entityId: invoice.id, from: 'unpaid', to: 'paid' });
  return renew(trx, {
    entity,
    months: invoice.months,
    invoice,
    now,
    actorId: input.actorId,
    log,
    reason: 'paid',
    supersedes: false,
    targets: input.targets,
  });
}
