import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, RefreshTokenRow } from '../../db/schema';

/** SHA-256 of a refresh token, hex: the only form in which a token is stored. */
export function hashRefreshToken(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** A new refresh token: 256 random bits, base64url (43 characters). */
function newRefreshTokenValue(): string {
  return randomBytes(32).toString('base64url');
}

export interface IssuedRefreshToken {
  /** The token itself, handed to the client once and never stored. */
  value: string;
  row: RefreshTokenRow;
}

export interface NewFamily {
  userId: string;
  remember: boolean;
  now: number;
  /** Lifetime of this token, ms. */
  ttlMs: number;
  /** Absolute lifetime of the family, ms: no token of it outlives this. */
  familyMaxAgeMs: number;
}

export function createRefreshTokensRepository(db: Kysely<Database>) {
  async function insert(row: Omit<RefreshTokenRow, 'tokenHash'>, executor: Kysely<Database>) {
    const value = newRefreshTokenValue();
    const stored: RefreshTokenRow = { ...row, tokenHash: hashRefreshToken(value) };
    await executor.insertInto('refreshTokens').values(stored).execute();
    return { value, row: stored };
  }

  async function revokeWhere(column: 'familyId' | 'userId', id: string, now: number): Promise<number> {
    const result = await db
      .updateTable('refreshTokens')
      .set({ revokedAt: now })
      .where(column, '=', id)
      .where('revokedAt', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  return {
    /** Starts a family (a sign-in) with its first token. */
    startFamily(family: NewFamily, executor: Kysely<Database> = db): Promise<IssuedRefreshToken> {
      const familyExpiresAt = family.now + family.familyMaxAgeMs;
      return insert(
        {
          id: randomUUID(),
          familyId: randomUUID(),
          parentId: null,
          userId: family.userId,
          remember: family.remember ? 1 : 0,
          createdAt: family.now,
          expiresAt: Math.min(family.now + family.ttlMs, familyExpiresAt),
          familyExpiresAt,
          usedAt: null,
          revokedAt: null,
        },
        executor,
      );
    },

    findByValue(value: string): Promise<RefreshTokenRow | undefined> {
      return db
        .selectFrom('refreshTokens')
        .selectAll()
        .where('tokenHash', '=', hashRefreshToken(value))
        .executeTakeFirst();
    },

    /**
     * Uses the token up and issues its child, in one transaction. The conditional UPDATE decides: when it
     * changes no row (already used, revoked or expired, possibly by a concurrent request) nothing is issued
     * and the answer is null.
     */
    rotate(parent: RefreshTokenRow, now: number, ttlMs: number): Promise<IssuedRefreshToken | null> {
      return db.transaction().execute(async (trx) => {
        const used = await trx
          .updateTable('refreshTokens')
          .set({ usedAt: now })
          .where('id', '=', parent.id)
          .where('usedAt', 'is', null)
          .where('revokedAt', 'is', null)
          .where('expiresAt', '>', now)
          .executeTakeFirst();
        if (Number(used.numUpdatedRows) !== 1) return null;
        return insert(
          {
            id: randomUUID(),
            familyId: parent.familyId,
            parentId: parent.id,
            userId: parent.userId,
            remember: parent.remember,
            createdAt: now,
            expiresAt: Math.min(now + ttlMs, parent.familyExpiresAt),
            familyExpiresAt: parent.familyExpiresAt,
            usedAt: null,
            revokedAt: null,
          },
          trx,
        );
      });
    },

    /** Revokes every token of a family (sign-out, or reuse detected). Returns how many were still live. */
    revokeFamily(familyId: string, now: number): Promise<number> {
      return revokeWhere('familyId', familyId, now);
    },

    /** Revokes every family of a user, e.g. after a password change. */
    revokeAllForUser(userId: string, now: number): Promise<number> {
      return revokeWhere('userId', userId, now);
    },

    /**
     * Revokes every family of a user but one (the sign-in that changed the password keeps going), in the
     * caller's transaction. `keepFamilyId` null revokes them all.
     */
    async revokeOthersForUser(
      userId: string,
      keepFamilyId: string | null,
      now: number,
      executor: Kysely<Database> = db,
    ): Promise<number> {
      let query = executor
        .updateTable('refreshTokens')
        .set({ revokedAt: now })
        .where('userId', '=', userId)
        .where('revokedAt', 'is', null);
      if (keepFamilyId) query = query.where('familyId', '!=', keepFamilyId);
      const result = await query.executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /**
     * Deletes a user's tokens that can never be accepted again: revoked ones, and those of families past their
     * absolute expiry. Used tokens of live families stay, so that their reuse is still detected.
     */
    async deleteDeadTokens(userId: string, now: number): Promise<number> {
      const result = await db
        .deleteFrom('refreshTokens')
        .where('userId', '=', userId)
        .where((eb) => eb.or([eb('familyExpiresAt', '<=', now), eb('revokedAt', 'is not', null)]))
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type RefreshTokensRepository = ReturnType<typeof createRefreshTokensRepository>;
