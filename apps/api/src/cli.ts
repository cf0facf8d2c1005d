import { DEMO_ACCOUNTS, newPasswordSchema, validationMessage } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import { ConfigError, loadConfig } from './config';
import { createDatabase } from './db/index';
import type { Database } from './db/schema';
import { writeAudit } from './lib/audit';
import { AppError } from './lib/errors';
import { hashPassword } from './lib/password';
import { checkNewPassword } from './modules/accounts/auth.service';
import { createRefreshTokensRepository } from './modules/accounts/refresh-tokens.repository';
import { readStoredSettings } from './modules/settings/system-settings';
import { createUsersRepository } from './modules/accounts/users.repository';

/**
 * The API's command line, for the operator of an installation (docs/operations.md, Deployment):
 *   node apps/api/dist/cli.js set-password <email>
 * reads the new password from standard input (never from the command line, where `ps` and the shell history
 * would keep it), checks it against the password rules of registration, sets it, ends every sign-in of the
 * account and writes an audit entry. It reads the same environment as the server (DATABASE_URL, DATA_DIR...).
 */

const USAGE = 'Usage: node apps/api/dist/cli.js set-password <email>   (the new password is read from standard input)';

class CliError extends Error {}

/** Everything on standard input, less one final line break. */
async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

/** The first field message of a refused password, as the API would answer it. */
function refusal(error: unknown): string {
  if (error instanceof AppError && error.fields) {
    const first = Object.values(error.fields)[0];
    if (first) return first.message;
  }
  throw error;
}

/** Sets the account's password: the rules of a new password, then the hash, its sessions ended, the audit entry. */
export async function setPassword(db: Kysely<Database>, email: string, password: string, now = Date.now()) {
  const user = await createUsersRepository(db).findByEmail(email);
  if (!user || user.deletedAt !== null) throw new CliError(`No account has the e-mail ${email}.`);
  const length = newPasswordSchema.safeParse(password);
  if (!length.success) throw new CliError(validationMessage(length.error.issues[0]!.message as 'validation.required'));
  if (DEMO_ACCOUNTS.some((account) => account.password === password)) {
    throw new CliError('This is a published demo password; choose another.');
  }
  try {
    checkNewPassword('password', password, (await readStoredSettings(db)).policy.passwordPolicy, user);
  } catch (error) {
    throw new CliError(refusal(error));
  }
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    await createUsersRepository(trx).setPasswordHash(user.id, passwordHash, now, trx);
    await createRefreshTokensRepository(trx).revokeOthersForUser(user.id, null, now, trx);
    await writeAudit(trx, {
      actorId: null,
      action: 'user.passwordSet',
      entityType: 'user',
      entityId: user.id,
      after: { via: 'command line' },
      clientIp: null,
      now,
    });
  });
  return user;
}

async function main(argv: string[]): Promise<number> {
  const [command, email, ...rest] = argv;
  if (command !== 'set-password' || !email || rest.length > 0) {
    console.error(USAGE);
    return 2;
  }
  const database = createDatabase(loadConfig().database);
  try {
    await database.migrate();
    const password = await readStdin();
    const user = await setPassword(database.db, email, password);
    console.log(`The password of ${user.email} is set; every sign-in of the account has ended.`);
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof CliError || error instanceof ConfigError) console.error(error.message);
    else console.error('set-password failed:', error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
