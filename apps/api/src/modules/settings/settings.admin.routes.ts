import { settingsEndpoints } from '@hostpilot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../lib/clock';
import { endpointRoute } from '../../lib/endpoint-route';
import { BODY_ERRORS, errorResponses } from '../../lib/errors';
import { LIST_ERRORS, STAFF_ERRORS } from '../../lib/staff-errors';
import { staffOf } from '../../plugins/authorize';
import type { AdminMailOptions } from './mail-options';
import { listOutboxMails, outboxMail } from './outbox-mails';
import { saveSecuritySettings } from './save-security-settings';
import { saveSystemSettings } from './save-system-settings';
import { readSecuritySettings } from './security-settings';
import { readStoredSettings, settingsView } from './system-settings';
import { testEmailSettings } from './test-email-settings';

export type { AdminMailOptions } from './mail-options';

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
      const saved = await saveSystemSettings(db, {
        input: request.body,
        staff,
        box,
        extraPorts: mail.extraPorts,
        now: clock.now(),
        ip: request.ip,
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
    async (request) =>
      testEmailSettings(db, {
        input: request.body,
        staffId: staffOf(request).userId,
        acceptLanguage: request.headers['accept-language'],
        box,
        mail,
        now: clock.now(),
        log: request.log,
      }),
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
    async (request) => listOutboxMails(mail.outboxDir, request.query),
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
    async (request) => outboxMail(mail.outboxDir, request.params.id),
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
      const next = await saveSecuritySettings(db, { next: request.body, staff, now: clock.now(), ip: request.ip });
      request.log.info(
        { event: 'settings_changed', key: 'security.staff', adminId: staff.userId, ...next },
        'settings',
      );
      return next;
    },
  );
};
