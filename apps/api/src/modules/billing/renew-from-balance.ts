import type { RenewalResponse } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Answer } from '../../lib/idempotency';
import { journal } from '../../lib/journal';
import { balanceOf, createInvoice, money, toInvoice } from './ledger';
import { renew } from './renew';
import { assertBalanceCovers } from './renewal-checks';
import { renewalTargets } from './renewal-targets';
import { type RenewalEntity, renewalWords } from './renewal-words';

/**
 * The payment both of the customer's renewals make once their own checks passed (docs/decisions/022-money-transactions.md),
 * inside the caller's idempotent transaction: refuse with 409 INSUFFICIENT_FUNDS and write nothing when the balance
 * does not cover the price; otherwise the paid invoice with its one line, the one `renew()` (ledger charge, new
 * expiry, status change), the notification and the activity.
 */
export async function renewFromBalance(
  trx: Kysely<Database>,
  input: {
    userId: string;
    entity: RenewalEntity;
    months: number;
    /** The line's quantity (months, years) and price per unit; their product is what the balance pays. */
    quantity: number;
    unitPriceCents: number;
    priceCents: number;
    now: number;
  },
): Promise<Answer<RenewalResponse>> {
  const { userId, entity, months, now, priceCents } = input;
  await assertBalanceCovers(trx, userId, priceCents);
  const words = renewalWords(entity, months);
  const subject = entity.type === 'domain' ? { domainId: entity.row.id } : { serviceId: entity.row.id };
  const invoice = await createInvoice(trx, {
    userId,
    status: 'paid',
    now,
    lines: [
      {
        key: `invoiceLines.${words.key}`,
        params: words.params,
        quantity: input.quantity,
        unitPriceCents: input.unitPriceCents,
        ...subject,
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
    targets: renewalTargets,
  });
  const done = {
    ...words.params,
    amountMinor: priceCents,
    currency: invoice.currency,
    expiresAt: new Date(expiresAt).toISOString(),
  };
  await log.notify({
    type: 'success',
    key: entity.type === 'domain' ? 'domainRenewed' : 'serviceRenewed',
    params: done,
  });
  await log.activity({
    action: `${entity.type}.renewed`,
    subjectType: entity.type,
    subjectId: entity.row.id,
    params: done,
  });
  return {
    statusCode: 200,
    body: {
      invoice: toInvoice(invoice),
      balance: money(await balanceOf(trx, userId)),
      expiresAt: new Date(expiresAt).toISOString(),
    },
  };
}
