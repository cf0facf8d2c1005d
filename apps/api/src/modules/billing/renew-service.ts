import { type RenewalResponse, findServicePlan, renewalCents, renewalMonthsOf, toCents } from '@hostpilot/shared';
import { AppError } from '../../lib/errors';
import { type Answer, runIdempotent } from '../../lib/idempotency';
import { ownServiceForRenewal } from '../services';
import { renewFromBalance } from './renew-from-balance';
import { type Idempotency, periodError, type RenewDeps } from './renewal-checks';

/**
 * The customer renews a service for `months` of its plan, paid from the balance (docs/decisions/022-money-transactions.md).
 * The price is the catalogue's, never the client's. One transaction per Idempotency-Key, after the account's lock:
 * check the balance, write the paid invoice with its line, the ledger charge and the new expiry (plus the status
 * change, notification and activity). A balance that does not cover the price answers 409 INSUFFICIENT_FUNDS and
 * writes nothing.
 */
export async function renewService(
  { db, clock }: RenewDeps,
  input: { userId: string; serviceId: string; months: number; idempotency: Idempotency },
): Promise<Answer<RenewalResponse>> {
  const { userId, months } = input;
  const now = clock.now();
  return runIdempotent(db, { userId, ...input.idempotency, now }, async (trx) => {
    const service = await ownServiceForRenewal(trx, userId, input.serviceId);
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
    const entity = { type: 'service', row: service } as const;
    return renewFromBalance(trx, {
      userId,
      entity,
      months,
      quantity: periods,
      unitPriceCents,
      priceCents,
      now,
    });
  });
}
