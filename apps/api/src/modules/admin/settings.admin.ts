import { securitySettingsSchema, validationMessage } from '@hostpilot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../lib/clock';
import { AppError, BODY_ERRORS, errorResponses } from '../../lib/errors';
import { journal } from '../../lib/journal';
import { staffOf } from '../../plugins/authorize';
import { STAFF_ERRORS } from './errors';
import { readSecuritySettings, writeSecuritySettings } from './security-settings';

const security = [{ bearerAuth: [] }];

/** The back office's sign-in rules (docs/decisions/023-two-factor-sign-in.md). */
export const adminSettingsRoutes: FastifyPluginAsyncZod<{ clock: Clock }> = async (app, { clock }) => {
  const db = app.database.db;

  app.get(
    '/settings/security',
    {
      config: { access: 'settings.read' },
      schema: {
        tags: ['admin'],
        summary: 'Sign-in rules for staff',
        security,
        response: { 200: securitySettingsSchema, ...errorResponses(STAFF_ERRORS) },
      },
    },
    async () => readSecuritySettings(db),
  );

  app.put(
    '/settings/security',
    {
      config: { access: 'settings.write' },
      schema: {
        tags: ['admin'],
        summary: 'Change the sign-in rules for staff',
        description:
          'With `requireStaffTwoFactor` on, every /api/admin route answers 403 TWO_FACTOR_REQUIRED to a staff ' +
          "account without two-factor sign-in. Turning it on needs two-factor sign-in on the caller's own account " +
          '(else the caller would lock themselves out). Recorded in the audit log.',
        security,
        body: securitySettingsSchema,
        response: {
          200: securitySettingsSchema,
          ...errorResponses({
            ...BODY_ERRORS,
            ...STAFF_ERRORS,
            400: 'VALIDATION_FAILED (with `fields`): `requireStaffTwoFactor` validation.twoFactorSelfFirst, or a malformed body',
          }),
        },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      const next = request.body;
      if (next.requireStaffTwoFactor && !staff.twoFactor) {
        throw new AppError('VALIDATION_FAILED', undefined, {
          requireStaffTwoFactor: {
            code: 'validation.twoFactorSelfFirst',
            message: validationMessage('validation.twoFactorSelfFirst'),
          },
        });
      }
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
