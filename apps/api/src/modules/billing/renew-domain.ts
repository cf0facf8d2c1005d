import { DOMAIN_RENEWAL_YEARS, type RenewalResponse, domainYearCents } from '@hostpilot/shared';
import { AppError } from '../../lib/errors';
import { type Answer, runIdempotent } from '../../lib/idempotency';
import { ownDomainForRenewal } from '../domains';
import { renewFromBalance } from './renew-from-balance';
import { type Idempotency, periodError, type RenewDeps } from './renewal-checks';

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
    const entity = { type: 'domain', row: domain } as const;
    return renewFromBalance(trx, {
      userId,
      entity,
      months: years * 12,
      quantity: years,
      unitPriceCents,
      priceCents,
      now,
    });
  });
}
