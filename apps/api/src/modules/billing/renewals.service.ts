import {
  addMonths,
  DOMAIN_RENEWAL_YEARS,
  type RenewalResponse,
  domainStates,
  domainYearCents,
  findServicePlan,
  renewalCents,
  renewalMonthsOf,
  serviceStates,
  toCents,
  validationMessage,
} from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { type Answer, runIdempotent } from '../../lib/idempotency';
import { journal } from '../../lib/journal';
import { appendLedgerEntry, balanceOf, createInvoice, money, toInvoice } from './ledger';
import { applyPendingPlan, reactivateIfOverdue, voidOpenRenewalInvoices } from './renewal-invoices';
import { enqueueProvisioning } from '../provisioning/tasks';

/**
 * Renewals paid from the balance (docs/decisions/022-money-transactions.md). The price is the catalogue's,
 * never the client's. One transaction, after the account's lock: check the balance, write the paid invoice
 * with its line, the ledger charge and the new expiry (plus the status change, notification and activity).
 * A balance that does not cover the price answers 409 INSUFFICIENT_FUNDS and writes nothing.
 */

function periodError(field: string): AppError {
  const code = 'validation.period';
  return new AppError('VALIDATION_FAILED', { fields: { [field]: { code, message: validationMessage(code) } } });
}

type Idempotency = { key: string; fingerprint: string };

export function createRenewalsService({ db, clock }: { db: Kysely<Database>; clock: Clock }) {
  async function charge(trx: Kysely<Database>, userId: string, priceCents: number): Promise<void> {
    const balance = await balanceOf(trx, userId);
    if (balance < priceCents) {
      throw new AppError('INSUFFICIENT_FUNDS', { cause: { balance, priceCents } });
    }
  }

  return {
    async renewService(
      userId: string,
      serviceId: string,
      months: number,
      idempotency: Idempotency,
    ): Promise<Answer<RenewalResponse>> {
      const now = clock.now();
      return runIdempotent(db, { userId, ...idempotency, now }, async (trx) => {
        const service = await trx
          .selectFrom('services')
          .selectAll()
          .where('id', '=', serviceId)
          .where('userId', '=', userId)
          .executeTakeFirst();
        if (!service) throw new AppError('NOT_FOUND');
        // A downgrade waiting for the renewal is what this renewal pays for (docs/decisions/037-plan-changes.md).
        const plan = findServicePlan(service.kind, service.pendingPlanId ?? service.planId);
        if (!plan) throw new AppError('INVALID_STATE', { message: 'This plan is no longer sold' });
        if (!renewalMonthsOf(plan.period).includes(months)) throw periodError('months');
        if (service.status === 'cancelled' || service.status === 'pending') {
          throw new AppError('INVALID_STATE', { message: `A ${service.status} service cannot be renewed` });
        }
        const periods = plan.period === 'year' ? months / 12 : months;
        const unitPriceCents = toCents(plan.price);
        const priceCents = renewalCents(plan, months);
        await charge(trx, userId, priceCents);

        const hosting = service.kind === 'hosting';
        const params = { name: service.name, plan: plan.name, domain: service.domain ?? '', months };
        const invoice = await createInvoice(trx, {
          userId,
          status: 'paid',
          now,
          lines: [
            {
              key: hosting ? 'invoiceLines.hostingRenewal' : 'invoiceLines.serviceRenewal',
              params,
              quantity: periods,
              unitPriceCents,
              serviceId: service.id,
            },
          ],
        });
        await appendLedgerEntry(trx, {
          userId,
          type: hosting ? 'hosting_renewal' : 'service_renewal',
          amountCents: -priceCents,
          key: hosting ? 'transactions.hostingRenewal' : 'transactions.serviceRenewal',
          params,
          invoiceId: invoice.id,
          serviceId: service.id,
          actorId: userId,
          now,
        });
        const expiresAt = addMonths(Math.max(service.expiresAt, now), months);
        const status = service.status === 'expired' ? 'active' : service.status;
        if (status !== service.status) serviceStates.assertTransition(service.status, status);
        await trx
          .updateTable('services')
          .set({ expiresAt, status, updatedAt: now })
          .where('id', '=', service.id)
          .execute();
        const log = journal(trx, userId, userId, now);
        if (status !== service.status) {
          await log.statusChange({
            entityType: 'service',
            entityId: service.id,
            from: service.status,
            to: status,
            reason: 'renewed',
          });
        }
        // This renewal pays the period a scheduled renewal invoice asked for, and ends an overdue suspension
        // (docs/decisions/030-lifecycle-automation.md).
        await voidOpenRenewalInvoices(trx, 'service', service.id, now, log);
        await applyPendingPlan(trx, service, now, log);
        await reactivateIfOverdue(trx, service, now, log);
        const done = {
          ...params,
          amountMinor: priceCents,
          currency: invoice.currency,
          expiresAt: new Date(expiresAt).toISOString(),
        };
        await log.notify({ type: 'success', key: 'serviceRenewed', params: done });
        await log.activity({ action: 'service.renewed', subjectType: 'service', subjectId: service.id, params: done });
        return {
          statusCode: 200,
          body: {
            invoice: toInvoice(invoice),
            balance: money(await balanceOf(trx, userId)),
            expiresAt: new Date(expiresAt).toISOString(),
          },
        };
      });
    },

    async renewDomain(
      userId: string,
      domainId: string,
      years: number,
      idempotency: Idempotency,
    ): Promise<Answer<RenewalResponse>> {
      const now = clock.now();
      return runIdempotent(db, { userId, ...idempotency, now }, async (trx) => {
        const domain = await trx
          .selectFrom('domains')
          .selectAll()
          .where('id', '=', domainId)
          .where('userId', '=', userId)
          .where('deletedAt', 'is', null)
          .executeTakeFirst();
        if (!domain) throw new AppError('NOT_FOUND');
        if (!(DOMAIN_RENEWAL_YEARS as readonly number[]).includes(years)) throw periodError('years');
        const unitPriceCents = domainYearCents(domain.tld);
        if (unitPriceCents === undefined)
          throw new AppError('INVALID_STATE', { message: 'This domain ending is no longer sold' });
        if (domain.status === 'transferring') {
          throw new AppError('INVALID_STATE', { message: 'A domain being transferred cannot be renewed' });
        }
        const priceCents = unitPriceCents * years;
        await charge(trx, userId, priceCents);

        const params = { domain: domain.name, years };
        const invoice = await createInvoice(trx, {
          userId,
          status: 'paid',
          now,
          lines: [{ key: 'invoiceLines.domainRenewal', params, quantity: years, unitPriceCents, domainId: domain.id }],
        });
        await appendLedgerEntry(trx, {
          userId,
          type: 'domain_renewal',
          amountCents: -priceCents,
          key: 'transactions.domainRenewal',
          params,
          invoiceId: invoice.id,
          domainId: domain.id,
          actorId: userId,
          now,
        });
        const expiresAt = addMonths(Math.max(domain.expiresAt, now), years * 12);
        const status = 'active' as const;
        if (status !== domain.status) domainStates.assertTransition(domain.status, status);
        await trx
          .updateTable('domains')
          .set({ expiresAt, status, updatedAt: now })
          .where('id', '=', domain.id)
          .execute();
        // A lapsed domain's zone answers again (docs/decisions/042-provisioning-engine.md).
        if (domain.status === 'expired') {
          await enqueueProvisioning(trx, { resourceType: 'domain', resourceId: domain.id, operation: 'update', now });
        }
        const log = journal(trx, userId, userId, now);
        if (status !== domain.status) {
          await log.statusChange({
            entityType: 'domain',
            entityId: domain.id,
            from: domain.status,
            to: status,
            reason: 'renewed',
          });
        }
        await voidOpenRenewalInvoices(trx, 'domain', domain.id, now, log);
        const done = {
          ...params,
          amountMinor: priceCents,
          currency: invoice.currency,
          expiresAt: new Date(expiresAt).toISOString(),
        };
        await log.notify({ type: 'success', key: 'domainRenewed', params: done });
        await log.activity({ action: 'domain.renewed', subjectType: 'domain', subjectId: domain.id, params: done });
        return {
          statusCode: 200,
          body: {
            invoice: toInvoice(invoice),
            balance: money(await balanceOf(trx, userId)),
            expiresAt: new Date(expiresAt).toISOString(),
          },
        };
      });
    },
  };
}

export type RenewalsService = ReturnType<typeof createRenewalsService>;
