import { validationMessage } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Clock } from '../../lib/clock';
import { balanceOf } from './ledger';

/**
 * What the customer's renewals paid from the balance share (docs/decisions/022-money-transactions.md): their deps,
 * the refusal of a period the catalogue does not sell, and the balance check that writes nothing when it fails.
 */

export interface RenewDeps {
  db: Kysely<Database>;
  clock: Clock;
}

export type Idempotency = { key: string; fingerprint: string };

export function periodError(field: string): AppError {
  const code = 'validation.period';
  return new AppError('VALIDATION_FAILED', { fields: { [field]: { code, message: validationMessage(code) } } });
}

/** Refuses with 409 INSUFFICIENT_FUNDS, writing nothing, when the balance does not cover the price. */
export async function assertBalanceCovers(trx: Kysely<Database>, userId: string, priceCents: number): Promise<void> {
  const balance = await balanceOf(trx, userId);
  if (balance < priceCents) {
    throw new AppError('INSUFFICIENT_FUNDS', { cause: { balance, priceCents } });
  }
}
