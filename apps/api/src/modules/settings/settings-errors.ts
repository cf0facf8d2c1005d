import { smtpPortOf, type SystemSettingsInput, validationMessage } from '@hostpilot/shared';
import { AppError } from '../../lib/errors';
import { smtpPortAllowed } from '../../lib/mail/smtp';

type SmtpFields = Pick<SystemSettingsInput['email'], 'smtpHost' | 'smtpPort' | 'encryption'>;

/** Refuses a server on a port that is not a mail port (docs/decisions/045-production-hardening.md). */
export function checkSmtpPort(email: SmtpFields, extraPorts: readonly number[]): void {
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

/** Requiring two-factor sign-in of staff needs it on the caller's own account first. */
export function twoFactorSelfFirst(field = 'requireStaffTwoFactor'): AppError {
  return new AppError('VALIDATION_FAILED', {
    fields: {
      [field]: {
        code: 'validation.twoFactorSelfFirst',
        message: validationMessage('validation.twoFactorSelfFirst'),
      },
    },
  });
}
