import type { RequestContext } from '../../lib/request-context';
import { type AccountDeps, PASSWORD_RESET_TTL_MS } from './account-deps';
import { createAccountTokensRepository } from './account-tokens.repository';
import { rateLimitedError } from './auth-rate-limits';
import { createUsersRepository } from './users.repository';

/**
 * Mails a reset link when the e-mail belongs to an account. The answer is the same either way, and comes before
 * the mail is sent, so neither its content nor its timing tells whether the account exists.
 */
export async function forgotPassword(
  { db, clock, limits, auth, appUrl }: Pick<AccountDeps, 'db' | 'clock' | 'limits' | 'auth' | 'appUrl'>,
  email: string,
  ctx: RequestContext,
): Promise<void> {
  const limited = await limits.mailRequest('reset', email, ctx.ip);
  if (limited.address !== null) throw rateLimitedError(limited.address);
  const user = await createUsersRepository(db).findByEmail(email);
  // Over the e-mail's own limit no more mails go to it, but the answer stays 204: requests by others for this
  // e-mail never turn its owner's own request away (docs/decisions/044-account-protection.md).
  const quiet = limited.email !== null;
  ctx.log.info(
    {
      event: 'password_reset_requested',
      userId: user?.id ?? null,
      ip: ctx.ip,
      ...(quiet ? { outcome: 'quiet' } : {}),
    },
    'password reset',
  );
  if (!user || quiet) return;
  const token = await createAccountTokensRepository(db).issue(
    user.id,
    'password_reset',
    clock.now(),
    PASSWORD_RESET_TTL_MS,
  );
  auth.deliver(
    user.email,
    {
      kind: 'password-reset',
      firstName: user.firstName,
      link: `${appUrl}/reset-password#${token}`,
      minutes: PASSWORD_RESET_TTL_MS / 60_000,
    },
    ctx,
  );
}
