import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../../db/errors';
import type { Database, UserRow } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { RequestContext } from '../../lib/request-context';
import { type AccountDeps, EMAIL_UNDO_DAYS, EMAIL_UNDO_TTL_MS, LINK_ERRORS } from './account-deps';
import { createAccountTokensRepository } from './account-tokens.repository';
import { VERIFY_EMAIL_TTL_MS } from './auth.service';
import { createRefreshTokensRepository } from './refresh-tokens.repository';
import { restoreEmail, setUnverifiedEmail, userById } from './users.repository';

/**
 * The e-mail of the account changes to `newEmail`, in the caller's transaction: the new address is unverified
 * until its link is clicked, and the previous one gets a link that restores it for EMAIL_UNDO_DAYS
 * (docs/decisions/044-account-protection.md). Answers the function that mails both, to call after commit.
 */
export async function changeEmail(
  { db, auth, appUrl }: Pick<AccountDeps, 'db' | 'auth' | 'appUrl'>,
  user: Pick<UserRow, 'id' | 'email' | 'firstName' | 'preferredLanguage'>,
  newEmail: string,
  now: number,
  trx: Kysely<Database>,
): Promise<(ctx: RequestContext) => void> {
  const tokens = createAccountTokensRepository(db);
  await setUnverifiedEmail(trx, user.id, newEmail);
  const verify = await tokens.issue(user.id, 'verify_email', now, VERIFY_EMAIL_TTL_MS, {
    email: newEmail,
    executor: trx,
  });
  const undo = await tokens.issue(user.id, 'email_undo', now, EMAIL_UNDO_TTL_MS, {
    email: user.email,
    executor: trx,
  });
  return (ctx) => {
    auth.deliver(
      user.email,
      {
        kind: 'email-changed',
        firstName: user.firstName,
        when: new Date(now),
        newEmail,
        link: `${appUrl}/undo-email-change#${undo}`,
        days: EMAIL_UNDO_DAYS,
      },
      ctx,
      user,
    );
    auth.deliver(
      newEmail,
      { kind: 'verify-email', firstName: user.firstName, link: `${appUrl}/verify-email#${verify}` },
      ctx,
      user,
    );
  };
}

/**
 * The undo link of an e-mail change: the previous address is the account's again (verified: the link proved the
 * mailbox), and every session ends. An address another account has taken since answers EMAIL_TAKEN.
 */
export async function undoEmailChange(
  { db, clock }: Pick<AccountDeps, 'db' | 'clock'>,
  token: string,
  ctx: RequestContext,
): Promise<void> {
  const now = clock.now();
  let result;
  try {
    result = await db.transaction().execute(async (trx) => {
      const used = await createAccountTokensRepository(db).consume(token, 'email_undo', now, trx);
      if (!used.ok || used.row.email === null)
        return used.ok ? { ok: false as const, reason: 'invalid' as const } : used;
      const before = await userById(trx, used.row.userId);
      await restoreEmail(trx, used.row.userId, used.row.email, now);
      await createRefreshTokensRepository(db).revokeOthersForUser(used.row.userId, null, now, trx);
      await writeAudit(trx, {
        actorId: used.row.userId,
        action: 'user.emailRestored',
        entityType: 'user',
        entityId: used.row.userId,
        before: { email: before?.email ?? null },
        after: { email: used.row.email },
        clientIp: ctx.ip,
        now,
      });
      return used;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('EMAIL_TAKEN');
    throw error;
  }
  if (!result.ok) throw new AppError(LINK_ERRORS[result.reason]);
  ctx.log.warn({ event: 'email_change_undone', userId: result.row.userId, ip: ctx.ip }, 'e-mail change undone');
}
