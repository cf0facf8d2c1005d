import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { PasswordHasher } from '../../lib/password';
import type { ConsumeFailure } from './account-tokens.repository';
import type { AuthRateLimits } from './auth-rate-limits';
import type { AuthService } from './auth.service';
import { createUsersRepository } from './users.repository';

/**
 * What the account's own use cases need (password change and reset, e-mail verification and change, the
 * account's sign-ins: docs/decisions/019-unverified-accounts.md, 020-remember-me-and-sessions.md,
 * 044-account-protection.md). The composition root builds them once; each use case takes the part it uses.
 */
export interface AccountDeps {
  db: Kysely<Database>;
  clock: Clock;
  passwords: PasswordHasher;
  limits: AuthRateLimits;
  auth: AuthService;
  /** The web app's public address, for links in mails. */
  appUrl: string;
}

/** How long a password-reset link works. */
export const PASSWORD_RESET_TTL_MS = 30 * 60 * 1000;

/** How long the undo link mailed to the previous address after an e-mail change works, in days. */
export const EMAIL_UNDO_DAYS = 7;
export const EMAIL_UNDO_TTL_MS = EMAIL_UNDO_DAYS * 24 * 60 * 60 * 1000;

/** The error of a mailed link that cannot be used, by why. */
export const LINK_ERRORS: Record<ConsumeFailure, AppError['code']> = {
  invalid: 'LINK_INVALID',
  expired: 'LINK_EXPIRED',
  used: 'LINK_USED',
};

/** The signed-in account, or UNAUTHORIZED when it no longer exists. */
export async function signedInAccount(db: Kysely<Database>, userId: string) {
  const user = await createUsersRepository(db).findById(userId);
  if (!user) throw new AppError('UNAUTHORIZED');
  return user;
}
