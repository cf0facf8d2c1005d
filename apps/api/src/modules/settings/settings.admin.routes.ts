import { randomUUID } from 'node:crypto';
import {
  type EmailTestResult,
  settingsEndpoints,
  smtpPortOf,
  type SystemSettingsInput,
  validationMessage,
} from '@hostpilot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import nodemailer from 'nodemailer';
import type { Clock } from '../../lib/clock';
import { endpointRoute } from '../../lib/endpoint-route';
import { AppError, BODY_ERRORS, errorResponses } from '../../lib/errors';
import { journal } from '../../lib/journal';
import { pageOf } from '../../lib/listing';
import { mailLanguage } from '../../lib/mail/language';
import { fileInOutbox, findOutboxMail, maskLinkTokens, readOutbox } from '../../lib/mail/mailer';
import { isSmtpConversationError, smtpErrorText, smtpPortAllowed, smtpTransportOptions } from '../../lib/mail/smtp';
import { renderMail } from '../../lib/mail/templates';
import { staffOf } from '../../plugins/authorize';
import {
  auditView,
  readStoredSettings,
  settingsView,
  smtpPassword,
  storedFrom,
  writeStoredSettings,
} from './system-settings';
import { LIST_ERRORS, STAFF_ERRORS } from '../../lib/staff-errors';
import { readSecuritySettings, writeSecuritySettings } from './security-settings';

export interface AdminMailOptions {
  /** SMTP_URL: when set it wins over the saved server (docs/decisions/034-system-settings-and-mail.md). */
  smtpUrl: string | undefined;
  /** MAIL_FROM, the sender when the settings name none. */
  from: string;
  outboxDir: string;
  /** SMTP_EXTRA_PORTS: ports allowed besides the SMTP ones (lib/mail/smtp.ts). */
  extraPorts: readonly number[];
}

/** Refuses a server on a port that is not a mail port (docs/decisions/045-production-hardening.md). */
function checkSmtpPort(email: SmtpFields, extraPorts: readonly number[]): void {
  if (!email.smtpHost) return;
  if (smtpPortAllowed(smtpPortOf(email.smtpPort, email.encryption), extraPorts)) return;
  throw new AppError('VALIDATION_FAILED', {
    fields: {
      'email.smtpPort': {
        code: 'validation.smtpPortNotAllowed',
        message: validationMessage('validation.smtpPortNotAllowed'),
      },
    },
  });
}
type SmtpFields = Pick<SystemSettingsInput['email'], 'smtpHost' | 'smtpPort' | 'encryption'>;

function twoFactorSelfFirst(field = 'requireStaffTwoFactor'): AppError {
  return new AppError('VALIDATION_FAILED', {
    fields: {
      [field]: {
        code: 'validation.twoFactorSelfFirst',
        message: validationMessage('validation.twoFactorSelfFirst'),
      },
    },
  });
}

/**
 * The back office's System Settings (docs/decisions/034-system-settings-and-mail.md), its sign-in rules
 * (docs/decisions/023-two-factor-sign-in.md), Test Email Settings and the outbox.
 */
export const adminSettingsRoutes: FastifyPluginAsyncZod<{ clock: Clock; mail: AdminMailOptions }> = async (
  app,
  { clock, mail },
) => {
  const db = app.database.db;
  const box = app.siteSettings.box;

  endpointRoute(
    app,
    settingsEndpoints.getAdminSettings,
    {
      schema: {
        tags: ['admin'],
        summary: 'The System Settings',
        description: 'The SMTP password is never sent: `email.smtpPasswordSet` says whether one is saved.',
        response: errorResponses(STAFF_ERRORS),
      },
    },
    async () => settingsView(await readStoredSettings(db), Boolean(mail.smtpUrl)),
  );

  endpointRoute(
    app,
    settingsEndpoints.putAdminSettings,
    {
      schema: {
        tags: ['admin'],
        summary: 'Save All Settings',
        description:
          'Saves General, Security and Email together, with one audit entry (values before and after, the SMTP ' +
          'password masked). The SMTP password is write-only: absent or empty keeps the saved one, ' +
          '`smtpPasswordClear` removes it; it is stored encrypted (AES-256-GCM under a key derived from the ' +
          'server secret).',
        response: errorResponses({
          ...BODY_ERRORS,
          ...STAFF_ERRORS,
          400: 'VALIDATION_FAILED (with `fields`, by field path such as `email.smtpPort`), or a malformed body',
        }),
      },
    },
    async (request) => {
      const staff = staffOf(request);
      const input = request.body;
      checkSmtpPort(input.email, mail.extraPorts);
      const now = clock.now();
      const saved = await db.transaction().execute(async (trx) => {
        const before = await readStoredSettings(trx);
        if (input.security.requireStaffTwoFactor === true && !before.requireStaffTwoFactor && !staff.twoFactor) {
          throw twoFactorSelfFirst('security.requireStaffTwoFactor');
        }
        const after = storedFrom(before, input, box);
        await writeStoredSettings(trx, after, staff.userId, now);
        const afterView = auditView(after);
        afterView.email.smtpCredentialChange = input.email.smtpPasswordClear
          ? 'cleared'
          : input.email.smtpPassword
            ? 'replaced'
            : 'kept';
        await journal(trx, staff.userId, staff.userId, now, request.ip).audit({
          action: 'settings.update',
          entityType: 'settings',
          entityId: 'system',
          before: auditView(before),
          after: afterView,
        });
        return after;
      });
      request.log.info({ event: 'settings_changed', key: 'system', adminId: staff.userId }, 'settings');
      return settingsView(saved, Boolean(mail.smtpUrl));
    },
  );

  endpointRoute(
    app,
    settingsEndpoints.postAdminSettingsEmailTest,
    {
      schema: {
        tags: ['admin'],
        summary: 'Test Email Settings',
        description:
          'Sends a test message through the Email section as given (an empty password uses the saved one) to `to`, ' +
          "by default the caller's own address, and answers the server's reply or error. With no host the message " +
          'is filed in the outbox. Nothing is saved.',
        response: errorResponses({ ...BODY_ERRORS, ...STAFF_ERRORS }),
      },
    },
    async (request): Promise<EmailTestResult> => {
      const staff = staffOf(request);
      const { email } = request.body;
      checkSmtpPort(email, mail.extraPorts);
      const account = await db
        .selectFrom('users')
        .select(['email', 'preferredLanguage'])
        .where('id', '=', staff.userId)
        .executeTakeFirstOrThrow();
      const to = request.body.to ?? account.email;
      const stored = await readStoredSettings(db);
      const language = mailLanguage(account.preferredLanguage, request.headers['accept-language']);
      const site = { name: stored.general.siteName, supportEmail: stored.general.supportEmail };
      const from = email.smtpFrom || stored.smtp.smtpFrom || mail.from;
      if (!email.smtpHost) {
        const content = renderMail({ kind: 'settings-test', server: 'outbox' }, language, site);
        await fileInOutbox(mail.outboxDir, {
          id: randomUUID(),
          createdAt: clock.now(),
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
        request.log.info({ event: 'smtp_test', outcome: 'sent', server, adminId: staff.userId }, 'smtp test');
        return { sent: true, via: 'smtp', to, server, detail: smtpErrorText(info.response, password) };
      } catch (error) {
        // Only a mail server's own answer is shown: a refused, silent or foreign port answers the same empty
        // detail, so that the test cannot tell which ports of a host are open.
        const detail = isSmtpConversationError(error) ? smtpErrorText(error, password) : '';
        request.log.info({ event: 'smtp_test', outcome: 'failed', server, detail, adminId: staff.userId }, 'smtp test');
        return { sent: false, via: 'smtp', to, server, detail };
      } finally {
        transport.close();
      }
    },
  );

  endpointRoute(
    app,
    settingsEndpoints.getAdminOutbox,
    {
      schema: {
        tags: ['admin'],
        summary: 'Mails filed in the outbox',
        description:
          'Mails go to the outbox (DATA_DIR/outbox) while no SMTP server is configured. Newest first; `q` ' +
          'matches the recipient.',
        response: errorResponses({ ...LIST_ERRORS, ...STAFF_ERRORS }),
      },
    },
    async (request) => {
      const query = request.query;
      const needle = query.q?.toLowerCase();
      let mails = readOutbox(mail.outboxDir);
      if (needle) mails = mails.filter((item) => item.to.toLowerCase().includes(needle));
      if (query.order === 'desc') mails.reverse();
      const start = (query.page - 1) * query.pageSize;
      const items = mails.slice(start, start + query.pageSize).map((item) => ({
        id: item.id,
        createdAt: new Date(item.createdAt).toISOString(),
        to: item.to,
        subject: item.subject,
        language: item.language,
        template: item.template,
      }));
      return pageOf(query, mails.length, items);
    },
  );

  endpointRoute(
    app,
    settingsEndpoints.getAdminOutboxItem,
    {
      schema: {
        tags: ['admin'],
        summary: 'One mail of the outbox',
        description: 'Its HTML is shown by the back office in a sandboxed frame, never in the page itself.',
        response: errorResponses({
          ...STAFF_ERRORS,
          404: 'NOT_FOUND: no such mail',
          400: 'VALIDATION_FAILED: not an id',
        }),
      },
    },
    async (request) => {
      const found = findOutboxMail(mail.outboxDir, request.params.id);
      if (!found) throw new AppError('NOT_FOUND');
      // A reset or verification link would let any reader of the outbox act as its recipient.
      return {
        ...found,
        text: maskLinkTokens(found.text),
        html: maskLinkTokens(found.html),
        createdAt: new Date(found.createdAt).toISOString(),
      };
    },
  );

  endpointRoute(
    app,
    settingsEndpoints.getAdminSettingsSecurity,
    {
      schema: {
        tags: ['admin'],
        summary: 'Sign-in rules for staff',
        response: errorResponses(STAFF_ERRORS),
      },
    },
    async () => readSecuritySettings(db),
  );

  endpointRoute(
    app,
    settingsEndpoints.putAdminSettingsSecurity,
    {
      schema: {
        tags: ['admin'],
        summary: 'Change the sign-in rules for staff',
        description:
          'With `requireStaffTwoFactor` on, every /api/admin route answers 403 TWO_FACTOR_REQUIRED to a staff ' +
          "account without two-factor sign-in. Turning it on needs two-factor sign-in on the caller's own account " +
          '(else the caller would lock themselves out). Recorded in the audit log.',
        response: errorResponses({
          ...BODY_ERRORS,
          ...STAFF_ERRORS,
          400: 'VALIDATION_FAILED (with `fields`): `requireStaffTwoFactor` validation.twoFactorSelfFirst, or a malformed body',
        }),
      },
    },
    async (request) => {
      const staff = staffOf(request);
      const next = request.body;
      if (next.requireStaffTwoFactor && !staff.twoFactor) throw twoFactorSelfFirst();
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        const before = await readSecuritySettings(trx);
        await writeSecuritySettings(trx, next, staff.userId, now);
        await journal(trx, staff.userId, staff.userId, now, request.ip).audit({
          action: 'settings.security.update',
          entityType: 'settings',
          entityId: 'security.staff',
          before,
          after: next,
        });
      });
      request.log.info(
        { event: 'settings_changed', key: 'security.staff', adminId: staff.userId, ...next },
        'settings',
      );
      return next;
    },
  );
};
