import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export interface NewSignIn {
  familyId: string;
  userId: string;
  device: string;
  deviceKey: string;
  address: string;
  now: number;
}

/** Each sign-in's device, address and times; the list of active ones joins the refresh-token families. */
export function createSignInsRepository(db: Kysely<Database>) {
  return {
    /** Whether the account has signed in from this device before. */
    async knownDevice(userId: string, deviceKey: string): Promise<boolean> {
      const row = await db
        .selectFrom('signIns')
        .select('familyId')
        .where('userId', '=', userId)
        .where('deviceKey', '=', deviceKey)
        .executeTakeFirst();
      return row !== undefined;
    },

    async record(signIn: NewSignIn, executor: Kysely<Database> = db): Promise<void> {
      await executor
        .insertInto('signIns')
        .values({
          familyId: signIn.familyId,
          userId: signIn.userId,
          device: signIn.device,
          deviceKey: signIn.deviceKey,
          address: signIn.address,
          createdAt: signIn.now,
          lastUsedAt: signIn.now,
        })
        .execute();
    },

    async touch(familyId: string, address: string, now: number): Promise<void> {
      await db.updateTable('signIns').set({ lastUsedAt: now, address }).where('familyId', '=', familyId).execute();
    },

    /** The account's sign-ins whose family still has a live token (not used, revoked or expired). */
    async listActive(userId: string, now: number) {
      return db
        .selectFrom('signIns')
        .select(['familyId', 'device', 'address', 'createdAt', 'lastUsedAt'])
        .where('userId', '=', userId)
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('refreshTokens')
              .select('refreshTokens.id')
              .whereRef('refreshTokens.familyId', '=', 'signIns.familyId')
              .where('refreshTokens.usedAt', 'is', null)
              .where('refreshTokens.revokedAt', 'is', null)
              .where('refreshTokens.expiresAt', '>', now),
          ),
        )
        .orderBy('lastUsedAt', 'desc')
        .execute();
    },

    /** Whether this sign-in belongs to this account (another account's id answers like a missing one). */
    async belongsTo(familyId: string, userId: string): Promise<boolean> {
      const row = await db
        .selectFrom('signIns')
        .select('familyId')
        .where('familyId', '=', familyId)
        .where('userId', '=', userId)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}
