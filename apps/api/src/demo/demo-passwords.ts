import { DEMO_ACCOUNTS } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import { verifyPassword } from '../lib/password';
import type { Database } from '../db/schema';

/** How the operator gives an account a new password: the API's command line (src/cli.ts, docs/operations.md). */
export const SET_PASSWORD_COMMAND = 'node apps/api/dist/cli.js set-password <email>';

/**
 * The e-mails of the accounts that still sign in with a password published in this repository: the demo accounts
 * (packages/shared/src/demo.ts), only those, so the check costs at most one hash per demo account. A deleted
 * account cannot sign in and does not count.
 */
export async function demoPasswordAccounts(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select(['email', 'passwordHash'])
    .where(
      'email',
      'in',
      DEMO_ACCOUNTS.map((account) => account.email),
    )
    .where('deletedAt', 'is', null)
    .execute();
  const found: string[] = [];
  for (const account of DEMO_ACCOUNTS) {
    const row = rows.find((candidate) => candidate.email === account.email);
    if (row && (await verifyPassword(row.passwordHash, account.password))) found.push(account.email);
  }
  return found;
}

/**
 * Production start refused: a database that once ran the demo keeps its accounts, and anyone who read the README
 * could sign in to them (docs/decisions/045-production-hardening.md).
 */
export class DemoPasswordsError extends Error {
  constructor(public readonly emails: string[]) {
    super(
      [
        `HostPilot will not start in production: ${emails.join(', ')} still sign${emails.length === 1 ? 's' : ''} in ` +
          'with the published demo password.',
        `Give each a new password: ${SET_PASSWORD_COMMAND} (it reads the new password from standard input), ` +
          'e.g. `printf %s "$NEW_PASSWORD" | ' +
          SET_PASSWORD_COMMAND.replace('<email>', emails[0] ?? '<email>') +
          '`. Every sign-in of the account ends with it.',
        'A public demonstration that means to keep them starts with SEED_DEMO=1.',
      ].join('\n'),
    );
    this.name = 'DemoPasswordsError';
  }
}
