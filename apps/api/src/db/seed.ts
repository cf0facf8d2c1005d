import { DEMO_ACCOUNTS } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import { hashPassword } from '../lib/password';
import { createUsersRepository, EmailTakenError } from '../modules/users/users.repository';
import type { Database } from './schema';

/** Creates the demo accounts that are missing. Returns the e-mails it created. */
export async function seedDemoAccounts(db: Kysely<Database>): Promise<string[]> {
  const users = createUsersRepository(db);
  const created: string[] = [];
  for (const account of DEMO_ACCOUNTS) {
    if (await users.findByEmail(account.email)) continue;
    try {
      await users.create({
        email: account.email,
        firstName: account.firstName,
        lastName: account.lastName,
        role: account.role,
        passwordHash: await hashPassword(account.password),
        // The demo accounts have no mailbox to verify; they are shown as they would be after verification.
        emailVerifiedAt: Date.now(),
      });
      created.push(account.email);
    } catch (error) {
      // Another instance seeded it between our read and our write.
      if (!(error instanceof EmailTakenError)) throw error;
    }
  }
  return created;
}
