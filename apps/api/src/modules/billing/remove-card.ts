import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { lockAccount } from '../../lib/idempotency';
import { journal } from '../../lib/journal';
import { deleteSavedCard } from './payment-methods.repository';
import { masked } from './saved-card';

export interface RemoveCardDeps {
  db: Kysely<Database>;
  clock: Clock;
}

/**
 * Removes the account's saved card (docs/decisions/038-saved-card-for-renewals.md) with its activity entry and
 * masked audit entry, in one transaction under the account's lock; with none saved it answers NOT_FOUND.
 */
export async function removeCard(
  { db, clock }: RemoveCardDeps,
  input: { userId: string; clientIp: string | null },
): Promise<void> {
  const { userId } = input;
  const now = clock.now();
  await db.transaction().execute(async (trx) => {
    await lockAccount(trx, userId);
    const row = await deleteSavedCard(trx, userId);
    if (!row) throw new AppError('NOT_FOUND');
    const log = journal(trx, userId, userId, now, input.clientIp);
    const params = { brand: row.brand, last4: row.last4 };
    await log.activity({ action: 'paymentMethod.removed', subjectType: 'account', subjectId: userId, params });
    await log.audit({
      action: 'paymentMethod.remove',
      entityType: 'paymentMethod',
      entityId: row.id,
      before: masked(row),
      after: null,
    });
  });
}
