import { randomUUID } from 'node:crypto';
import { cardBrandOf, cardExpired, type SavedCard } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { lockAccount } from '../../lib/idempotency';
import { journal } from '../../lib/journal';
import { savedCardOf, upsertSavedCard } from './payment-methods.repository';
import { type CardVault, masked, refuse, toSavedCard } from './saved-card';

export interface SaveCardInput {
  cardNumber: string;
  expMonth: number;
  expYear: number;
  holder: string;
}

export interface SaveCardDeps {
  db: Kysely<Database>;
  clock: Clock;
  vault: CardVault;
}

/**
 * Saves (or replaces) the account's card through the provider (docs/decisions/038-saved-card-for-renewals.md); a
 * refusal changes nothing. The full number goes to the provider only; the row, its activity entry and its masked
 * audit entry are written in one transaction under the account's lock.
 */
export async function saveCard(
  { db, clock, vault }: SaveCardDeps,
  input: { userId: string; card: SaveCardInput; clientIp: string | null },
): Promise<SavedCard> {
  const { userId, card: given } = input;
  if (!vault.available()) refuse('cardNumber', 'validation.cardPaymentsUnavailable');
  const now = clock.now();
  if (cardExpired(given.expMonth, given.expYear, now)) refuse('expYear', 'validation.cardExpired');
  const answer = await vault.save({ number: given.cardNumber });
  if (answer.status === 'failed') refuse('cardNumber', 'validation.cardDeclined');
  const card = {
    brand: cardBrandOf(given.cardNumber),
    last4: given.cardNumber.slice(-4),
    expMonth: given.expMonth,
    expYear: given.expYear,
    holder: given.holder,
    token: answer.token,
    updatedAt: now,
  };
  return db.transaction().execute(async (trx) => {
    await lockAccount(trx, userId);
    const before = await savedCardOf(trx, userId);
    const row = await upsertSavedCard(trx, { id: randomUUID(), userId, ...card, createdAt: now }, card);
    const log = journal(trx, userId, userId, now, input.clientIp);
    const params = { brand: row.brand, last4: row.last4 };
    await log.activity({ action: 'paymentMethod.saved', subjectType: 'account', subjectId: userId, params });
    await log.audit({
      action: 'paymentMethod.save',
      entityType: 'paymentMethod',
      entityId: row.id,
      before: before ? masked(before) : null,
      after: masked(row),
    });
    return toSavedCard(row);
  });
}
