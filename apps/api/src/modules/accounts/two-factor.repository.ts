import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, TwoFactorRow } from '../../db/schema';
import {
  checkTotp,
  hashChallenge,
  hashRecoveryCode,
  newRecoveryCodes,
  openSecret,
  type TwoFactorKeys,
} from './two-factor-codes';

/** Why a second factor was refused: each has its own translated message (validation.* keys). */
export type SecondFactorFailure =
  | 'validation.twoFactorCodeWrong'
  | 'validation.twoFactorCodeExpired'
  | 'validation.twoFactorCodeUsed'
  | 'validation.recoveryCodeWrong'
  | 'validation.recoveryCodeUsed';

export type SecondFactorCheck =
  { ok: true; method: 'totp' | 'recovery' } | { ok: false; field: 'code' | 'recoveryCode'; key: SecondFactorFailure };

/** What the second step was given: a code from the app or a recovery code. */
export interface SecondFactor {
  code?: string;
  recoveryCode?: string;
}

/** How long the challenge between the password step and the code step works. */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;

/**
 * The two-factor rows of accounts: secrets, recovery codes and sign-in challenges (migration 0043). Every check
 * that uses something up (a time step, a recovery code, a challenge) is a conditional update, so that of two
 * simultaneous uses at most one succeeds.
 */
export function createTwoFactorRepository(db: Kysely<Database>, keys: TwoFactorKeys) {
  const find = (userId: string, executor: Kysely<Database> = db): Promise<TwoFactorRow | undefined> =>
    executor.selectFrom('twoFactor').selectAll().where('userId', '=', userId).executeTakeFirst();

  /**
   * Checks a code from the app against the row's secret and uses its time step up: a code of the newest step
   * accepted so far, or of an earlier one, is refused as already used (RFC 6238, section 5.2).
   */
  async function useTotp(row: TwoFactorRow, code: string, now: number, executor: Kysely<Database>) {
    let secret: string;
    try {
      secret = openSecret(keys.seal, row.secretSealed);
    } catch {
      // Sealed under another server secret (docs/decisions/023-two-factor-sign-in.md): no code can match it.
      return 'validation.twoFactorCodeWrong' as const;
    }
    const checked = checkTotp(secret, code, now);
    if (!checked.ok) {
      return checked.reason === 'expired'
        ? ('validation.twoFactorCodeExpired' as const)
        : ('validation.twoFactorCodeWrong' as const);
    }
    if (row.lastStep !== null && checked.step <= row.lastStep) return 'validation.twoFactorCodeUsed' as const;
    const result = await executor
      .updateTable('twoFactor')
      .set({ lastStep: checked.step })
      .where('userId', '=', row.userId)
      .where((eb) => eb.or([eb('lastStep', 'is', null), eb('lastStep', '<', checked.step)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1 ? null : ('validation.twoFactorCodeUsed' as const);
  }

  async function useRecoveryCode(userId: string, typed: string, now: number, executor: Kysely<Database>) {
    const row = await executor
      .selectFrom('recoveryCodes')
      .select(['id', 'usedAt'])
      .where('userId', '=', userId)
      .where('codeHash', '=', hashRecoveryCode(keys.recovery, typed))
      .executeTakeFirst();
    if (!row) return 'validation.recoveryCodeWrong' as const;
    if (row.usedAt !== null) return 'validation.recoveryCodeUsed' as const;
    const result = await executor
      .updateTable('recoveryCodes')
      .set({ usedAt: now })
      .where('id', '=', row.id)
      .where('usedAt', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1 ? null : ('validation.recoveryCodeUsed' as const);
  }

  return {
    find,

    async isEnabled(userId: string): Promise<boolean> {
      const row = await find(userId);
      return row?.enabledAt !== null && row?.enabledAt !== undefined;
    },

    /** Starts (or restarts) set-up: a new secret, not enabled yet. */
    async startSetup(userId: string, secretSealed: string, now: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('twoFactor').where('userId', '=', userId).where('enabledAt', 'is', null).execute();
        await trx
          .insertInto('twoFactor')
          .values({ userId, secretSealed, createdAt: now, enabledAt: null, lastStep: null })
          .execute();
      });
    },

    /**
     * Checks a second factor of an enabled account (or, with `pending`, of a set-up waiting for its first code)
     * and uses it up. Runs in the caller's transaction, so that what it allows happens with its use or not at all.
     */
    async verify(
      userId: string,
      factor: SecondFactor,
      now: number,
      executor: Kysely<Database>,
      { pending = false, recovery = true }: { pending?: boolean; recovery?: boolean } = {},
    ): Promise<SecondFactorCheck> {
      const row = await find(userId, executor);
      const usable = row && (pending ? row.enabledAt === null : row.enabledAt !== null);
      if (factor.code !== undefined) {
        const failure = usable ? await useTotp(row, factor.code, now, executor) : 'validation.twoFactorCodeWrong';
        return failure === null ? { ok: true, method: 'totp' } : { ok: false, field: 'code', key: failure };
      }
      if (factor.recoveryCode !== undefined && recovery && usable) {
        const failure = await useRecoveryCode(userId, factor.recoveryCode, now, executor);
        if (failure === null) return { ok: true, method: 'recovery' };
        return { ok: false, field: 'recoveryCode', key: failure };
      }
      return { ok: false, field: 'recoveryCode', key: 'validation.recoveryCodeWrong' };
    },

    /** Marks set-up done. Answers false when there was no set-up waiting (or it was done meanwhile). */
    async enable(userId: string, now: number, executor: Kysely<Database>): Promise<boolean> {
      const result = await executor
        .updateTable('twoFactor')
        .set({ enabledAt: now })
        .where('userId', '=', userId)
        .where('enabledAt', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Turns two-factor sign-in off: the secret, the recovery codes and any open challenge go. */
    async disable(userId: string, executor: Kysely<Database>): Promise<void> {
      await executor.deleteFrom('recoveryCodes').where('userId', '=', userId).execute();
      await executor.deleteFrom('signInChallenges').where('userId', '=', userId).execute();
      await executor.deleteFrom('twoFactor').where('userId', '=', userId).execute();
    },

    /** Replaces the account's recovery codes with a new set; answers the codes (the only time they exist in clear). */
    async replaceRecoveryCodes(userId: string, now: number, executor: Kysely<Database>): Promise<string[]> {
      const codes = newRecoveryCodes();
      await executor.deleteFrom('recoveryCodes').where('userId', '=', userId).execute();
      await executor
        .insertInto('recoveryCodes')
        .values(
          codes.map((code) => ({
            id: randomUUID(),
            userId,
            codeHash: hashRecoveryCode(keys.recovery, code),
            createdAt: now,
            usedAt: null,
          })),
        )
        .execute();
      return codes;
    },

    async recoveryCodesLeft(userId: string): Promise<number> {
      const row = await db
        .selectFrom('recoveryCodes')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('userId', '=', userId)
        .where('usedAt', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** Issues the challenge of a sign-in whose password was right; answers the token (only its hash is kept). */
    async issueChallenge(userId: string, remember: boolean, now: number) {
      const value = randomBytes(32).toString('base64url');
      await db.deleteFrom('signInChallenges').where('userId', '=', userId).where('expiresAt', '<=', now).execute();
      await db
        .insertInto('signInChallenges')
        .values({
          id: randomUUID(),
          userId,
          tokenHash: hashChallenge(value),
          remember: remember ? 1 : 0,
          createdAt: now,
          expiresAt: now + CHALLENGE_TTL_MS,
          usedAt: null,
        })
        .execute();
      return { value, expiresAt: now + CHALLENGE_TTL_MS };
    },

    /** A challenge that still works (unknown, expired and used ones answer undefined). */
    async findChallenge(value: string, now: number) {
      const row = await db
        .selectFrom('signInChallenges')
        .selectAll()
        .where('tokenHash', '=', hashChallenge(value))
        .executeTakeFirst();
      return row && row.usedAt === null && row.expiresAt > now ? row : undefined;
    },

    /** Uses a challenge up; false when another request used it first. */
    async consumeChallenge(id: string, now: number, executor: Kysely<Database>): Promise<boolean> {
      const result = await executor
        .updateTable('signInChallenges')
        .set({ usedAt: now })
        .where('id', '=', id)
        .where('usedAt', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}

export type TwoFactorRepository = ReturnType<typeof createTwoFactorRepository>;
