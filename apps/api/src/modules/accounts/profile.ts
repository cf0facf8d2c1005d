import type { Preferences, preferencesUpdateRequestSchema, profileUpdateRequestSchema, User } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/errors';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { journal } from '../../lib/journal';
import type { RequestContext } from '../../lib/request-context';
import { signInRequired } from '../../plugins/authenticate';
import type { AccountDeps } from './account-deps';
import { changeEmail } from './change-email';
import type { AuthService } from './auth.service';
import { toPublicUser, updateName, updatePreferences, userById } from './users.repository';

/**
 * The profile form and the preferences (docs/decisions/044-account-protection.md). A changed e-mail needs the
 * current password (counted like a sign-in) and must be free (409 EMAIL_TAKEN, as at registration); the new
 * address is unverified until its link is clicked, and the previous one is mailed a link that undoes the change.
 * The activity records each change.
 */
export async function saveProfile(
  deps: { db: Kysely<Database>; auth: AuthService; account: AccountDeps },
  userId: string,
  body: z.output<typeof profileUpdateRequestSchema>,
  ctx: RequestContext,
  now: () => number,
): Promise<User> {
  const { db } = deps;
  const user = await userById(db, userId);
  if (!user || user.deletedAt !== null) throw signInRequired();
  const emailChanges = body.email !== user.email;
  if (emailChanges) await deps.auth.confirmPassword(user, body.currentPassword, ctx);
  const at = now();
  let mailChange: ((ctx: RequestContext) => void) | undefined;
  try {
    const answer = await db.transaction().execute(async (trx) => {
      if (emailChanges) mailChange = await changeEmail(deps.account, user, body.email, at, trx);
      const updated = await updateName(trx, userId, { firstName: body.firstName, lastName: body.lastName }, at);
      const log = journal(trx, userId, userId, at);
      await log.activity({ action: 'account.profileUpdated', subjectType: 'account', subjectId: userId });
      if (emailChanges) {
        await log.audit({
          action: 'user.emailChanged',
          entityType: 'user',
          entityId: userId,
          before: { email: user.email },
          after: { email: body.email },
        });
      }
      return toPublicUser(updated);
    });
    mailChange?.(ctx);
    return answer;
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('EMAIL_TAKEN');
    throw error;
  }
}

/** Changes any subset of the language and notification preferences; answers all of them after. */
export async function savePreferences(
  db: Kysely<Database>,
  userId: string,
  body: z.output<typeof preferencesUpdateRequestSchema>,
  now: number,
): Promise<Preferences> {
  const flag = (value: boolean | undefined) => (value === undefined ? undefined : value ? 1 : 0);
  const set = Object.fromEntries(
    Object.entries({
      preferredLanguage: body.language,
      notifyEmail: flag(body.emailNotifications),
      notifyServiceUpdates: flag(body.serviceUpdates),
      notifyMarketing: flag(body.marketing),
    }).filter(([, value]) => value !== undefined),
  );
  const user = await updatePreferences(db, userId, set, now);
  if (!user) throw signInRequired();
  return {
    language: user.preferredLanguage,
    emailNotifications: user.notifyEmail === 1,
    serviceUpdates: user.notifyServiceUpdates === 1,
    marketing: user.notifyMarketing === 1,
  };
}
