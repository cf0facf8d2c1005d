import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AccountTokenRow, AccountTokensTable, Database } from '../../db/schema';

export type TokenPurpose = AccountTokensTable['purpose'];

const hashToken = (value: string) => createHash('sha256').update(value).digest('base64url');

/** Why a link token was refused. */
export type ConsumeFailure = 'invalid' | 'expired' | 'used';

/** Single-use link tokens sent by mail (password reset, e-mail verification); only their SHA-256 is stored. */
export function createAccountTokensRepository(db: Kysely<Database>) {
  return {
    /**
     * Issues a new token for a purpose; any earlier unused token of the same purpose and user stops working, so
     * only the newest mail's link is good.
     */
    async issue(
      userId: string,
      purpose: TokenPurpose,
      now: number,
      ttlMs: number,
      options: { email?: string; executor?: Kysely<Database> } = {},
    ): Promise<string> {
      const value = randomBytes(32).toString('base64url');
      const run = async (trx: Kysely<Database>) => {
        await trx
          .updateTable('accountTokens')
          .set({ usedAt: now })
          .where('userId', '=', userId)
          .where('purpose', '=', purpose)
          .where('usedAt', 'is', null)
          .execute();
        await trx
          .insertInto('accountTokens')
          .values({
            id: randomUUID(),
            userId,
            purpose,
            tokenHash: hashToken(value),
            createdAt: now,
            expiresAt: now + ttlMs,
            usedAt: null,
            email: options.email ?? null,
          })
          .execute();
      };
      if (options.executor) await run(options.executor);
      else await db.transaction().execute(run);
      return value;
    },

    /**
     * Uses a token up, atomically: of two simultaneous uses at most one succeeds. Runs in the caller's
     * transaction, so that what the token allows happens together with its use or not at all.
     */
    async consume(
      value: string,
      purpose: TokenPurpose,
      now: number,
      executor: Kysely<Database>,
    ): Promise<{ ok: true; row: AccountTokenRow } | { ok: false; reason: ConsumeFailure }> {
      const row = await executor
        .selectFrom('accountTokens')
        .selectAll()
        .where('tokenHash', '=', hashToken(value))
        .where('purpose', '=', purpose)
        .executeTakeFirst();
      if (!row) return { ok: false, reason: 'invalid' };
      if (row.usedAt !== null) return { ok: false, reason: 'used' };
      if (row.expiresAt <= now) return { ok: false, reason: 'expired' };
      const result = await executor
        .updateTable('accountTokens')
        .set({ usedAt: now })
        .where('id', '=', row.id)
        .where('usedAt', 'is', null)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return { ok: false, reason: 'used' };
      return { ok: true, row };
    },
  };
}
