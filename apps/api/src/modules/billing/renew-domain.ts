import { DOMAIN_RENEWAL_YEARS, type RenewalResponse, domainYearCents } from '@hostpilot/shared';
import { AppError } from '../../lib/errors';
import { type Answer, runIdempotent } from '../../lib/idempotency';
import { journal } from '../../lib/journal';
import { ownDomainForRenewal } from '../domains';
import { balanceOf, createInvoice, money, toInvoice } from './ledger';
import { renew } from './renew';
import { assertBalanceCovers, type Idempotency, periodError, type RenewDeps } from './renewal-checks';
import { renewalTargets } from './renewal-targets';
import { renewalWords } from './renewal-words';

/**
 * The customer renews a domain for whole years at the catalogue price, paid from the balance
 * (docs/decisions/022-money-transactions.md). One transaction per Idempotency-Key, after the account's lock: check
 * the balance, write the paid invoice with its line, the ledger charge and the new expiry (plus the status change,
 * notification and activity). A balance that does not cover the price answers 409 INSUFFICIENT_FUNDS and writes
 * nothing.
 */
export async function renewDomain(
  { db, clock }: RenewDeps,
  input: { userId: string; domainId: string; years: number; idempotency: Idempotency },
): Promise<Answer<RenewalResponse>> {
  const { userId, years } = input;
  const now = clock.now();
  return runIdempotent(db, { userId, ...input.idempotency, now }, async (trx) => {
    const domain = await ownDomainForRenewal(trx, userId, input.domainId);
    if (!domain) throw new AppError('NOT_FOUND');
    if (!(DOMAIN_RENEWAL_YEARS as readonly number[]).includes(years)) throw periodError('years');
    const unitPriceCents = domainYearCents(domain.tld);
    if (unitPriceCents === undefined)
      throw new AppError('INVALID_STATE', { message: 'This domain ending is no longer sold' });
    if (domain.status === 'transferring') {
      throw new AppError('INVALID_STATE', { message: 'A domain being transferred cannot be renewed' });
    }
    const priceCents = unitPriceCents * years;
    await assertBalanceCovers(trx, userId, priceCents);

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
      targets: renewalTargets,
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
}
