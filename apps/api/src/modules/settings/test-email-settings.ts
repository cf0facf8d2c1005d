import { randomUUID } from 'node:crypto';
import { type emailTestInputSchema, type EmailTestResult, smtpPortOf } from '@hostpilot/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import nodemailer from 'nodemailer';
import type { z } from 'zod';
import type { Database } from '../../db/schema';
import { mailLanguage } from '../../lib/mail/language';
import { fileInOutbox } from '../../lib/mail/mailer';
import { isSmtpConversationError, smtpErrorText, smtpTransportOptions } from '../../lib/mail/smtp';
import { renderMail } from '../../lib/mail/templates';
import type { SecretBox } from '../../lib/secret-box';
import { accountMailbox } from '../accounts';
import type { AdminMailOptions } from './mail-options';
import { checkSmtpPort } from './settings-errors';
import { readStoredSettings, smtpPassword } from './system-settings';

/**
 * Test Email Settings (docs/decisions/034-system-settings-and-mail.md): sends a test message through the Email
 * section as given (an empty password uses the saved one) to `to`, by default the caller's own address, and
 * answers the server's reply or error. With no host the message is filed in the outbox. Nothing is saved.
 */
export async function testEmailSettings(
  db: Kysely<Database>,
  test: {
    input: z.output<typeof emailTestInputSchema>;
    staffId: string;
    acceptLanguage: string | undefined;
    box: SecretBox;
    mail: AdminMailOptions;
    now: number;
    log: FastifyBaseLogger;
  },
): Promise<EmailTestResult> {
  const { input, staffId, box, mail, log } = test;
  const { email } = input;
  checkSmtpPort(email, mail.extraPorts);
  const account = await accountMailbox(db, staffId);
  // The caller is signed in: an account gone under its token is a server error, as the read that failed was.
  if (!account) throw new Error('The signed-in account no longer exists');
  const to = input.to ?? account.email;
  const stored = await readStoredSettings(db);
  const language = mailLanguage(account.preferredLanguage, test.acceptLanguage);
  const site = { name: stored.general.siteName, supportEmail: stored.general.supportEmail };
  const from = email.smtpFrom || stored.smtp.smtpFrom || mail.from;
  if (!email.smtpHost) {
    const content = renderMail({ kind: 'settings-test', server: 'outbox' }, language, site);
    await fileInOutbox(mail.outboxDir, {
      id: randomUUID(),
      createdAt: test.now,
      from,
      to,
      language,
      template: 'settings-test',
      ...content,
    });
    return { sent: true, via: 'outbox', to, server: null, detail: '' };
  }
  const password = email.smtpPasswordClear
    ? undefined
    : email.smtpPassword || smtpPassword(stored.smtp, box) || undefined;
  const server = `${email.smtpHost}:${smtpPortOf(email.smtpPort, email.encryption)}`;
  const transport = nodemailer.createTransport(
    smtpTransportOptions({
      host: email.smtpHost,
      port: email.smtpPort,
      encryption: email.encryption,
      username: email.smtpUsername,
      password,
    }),
  );
  try {
    const info = await transport.sendMail({
      from,
      to,
      ...renderMail({ kind: 'settings-test', server }, language, site),
    });
    log.info({ event: 'smtp_test', outcome: 'sent', server, adminId: staffId }, 'smtp test');
    return { sent: true, via: 'smtp', to, server, detail: smtpErrorText(info.response, password) };
  } catch (error) {
    // Only a mail server's own answer is shown: a refused, silent or foreign port answers the same empty
    // detail, so that the test cannot tell which ports of a host are open.
    const detail = isSmtpConversationError(error) ? smtpErrorText(error, password) : '';
    log.info({ event: 'smtp_test', outcome: 'failed', server, detail, adminId: staffId }, 'smtp test');
    return { sent: false, via: 'smtp', to, server, detail };
  } finally {
    transport.close();
  }
}
