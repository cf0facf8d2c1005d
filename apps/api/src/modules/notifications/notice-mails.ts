import type { MessageParams, NotificationKey } from '@hostpilot/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { mailLanguage } from '../../lib/mail/language';
import type { Mailer } from '../../lib/mail/mailer';
import { accountMailbox } from '../accounts';

/**
 * The mail that follows a notice written in a change's transaction (docs/decisions/030-lifecycle-automation.md):
 * the scheduler's jobs and the provisioning engine collect them while the transaction runs and send them once it
 * has committed.
 */
export interface NoticeMail {
  userId: string;
  key: NotificationKey;
  params: MessageParams;
}

/**
 * Sends the mails of notices whose change has committed, each in its reader's language with the dashboard's own
 * texts (template `account-notice`). A mail that fails is logged, not retried: the dashboard notification stays.
 */
export async function sendNoticeMails(
  db: Kysely<Database>,
  mailer: Mailer,
  log: Pick<FastifyBaseLogger, 'warn'>,
  mails: readonly NoticeMail[],
): Promise<void> {
  for (const mail of mails) {
    try {
      const user = await accountMailbox(db, mail.userId);
      if (!user) continue;
      await mailer.send(
        user.email,
        { kind: 'account-notice', firstName: user.firstName, key: mail.key, params: mail.params },
        mailLanguage(user.preferredLanguage, undefined),
      );
    } catch (error) {
      log.warn({ err: error, event: 'job_mail_failed', key: mail.key }, 'job mail not sent');
    }
  }
}
