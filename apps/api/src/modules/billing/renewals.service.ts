import {
  DOMAIN_RENEWAL_YEARS,
  type RenewalResponse,
  domainYearCents,
  findServicePlan,
  renewalCents,
  renewalMonthsOf,
  toCents,
  validationMessage,
} from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { type Answer, runIdempotent } from '../../lib/idempotency';
import { journal } from '../../lib/journal';
import { balanceOf, createInvoice, money, toInvoice } from './ledger';
import { renew } from './renew';
import { renewalWords } from './renewal-words';

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

        const entity = { type: 'service', row: service } as const;
        const words = renewalWords(entity, months);
        const invoice = await createInvoice(trx, {
          userId,
          status: 'paid',
          now,
          lines: [
            {
              key: `invoiceLines.${words.key}`,
              params: words.params,
              quantity: periods,
              unitPriceCents,
              serviceId: service.id,
            },
          ],
        });
        const log = journal(trx, userId, userId, now);
        const { expiresAt } = await renew(trx, {
          entity,
          months,
          invoice,
          now,
          actorId: userId,
          log,
          reason: 'renewed',
          supersedes: true,
        });
        const done = {
          ...words.params,
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

        const entity = { type: 'domain', row: domain } as const;
        const words = renewalWords(entity, years * 12);
        const invoice = await createInvoice(trx, {
          userId,
          status: 'paid',
          now,
          lines: [
            {
              key: `invoiceLines.${words.key}`,
              params: words.params,
              quantity: years,
              unitPriceCents,
              domainId: domain.id,
            },
          ],
        });
        const log = journal(trx, userId, userId, now);
        const { expiresAt } = await renew(trx, {
          entity,
          months: years * 12,
          invoice,
          now,
          actorId: userId,
          log,
          reason: 'renewed',
          supersedes: true,
        });
        const done = {
          ...words.params,
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
