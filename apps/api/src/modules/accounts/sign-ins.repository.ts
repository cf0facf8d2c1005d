import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { clientAddressKey } from '../../lib/client-address';

/** How many of an account's most recent sign-ins the known-address rule looks at. */
const KNOWN_ADDRESSES_LOOKED_AT = 50;

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

    /**
     * Whether the account with this e-mail signed in from this client address (by clientAddressKey: an IPv6 /64
     * as one) in one of its recent sign-ins: the known-address rule of docs/decisions/044-account-protection.md.
     */
    async knownAddress(email: string, address: string): Promise<boolean> {
      const rows = await db
        .selectFrom('signIns')
        .innerJoin('users', 'users.id', 'signIns.userId')
        .select('signIns.address')
        .where('users.email', '=', email)
        .orderBy('signIns.lastUsedAt', 'desc')
        .limit(KNOWN_ADDRESSES_LOOKED_AT)
        .execute();
      const key = clientAddressKey(address);
      return rows.some((row) => clientAddressKey(row.address) === key);
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
