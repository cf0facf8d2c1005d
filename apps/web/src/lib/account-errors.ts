import type { FieldError } from '@hostpilot/shared';
import { ApiError } from './http';

/** The translation key (common namespace) of a failed account call: every code the API may answer, translated. */
export function accountErrorKey(error: unknown): string {
  if (!(error instanceof ApiError)) return 'errors.generic';
  if (error.isNetworkError) return 'errors.network';
  const byCode: Partial<Record<string, string>> = {
    LINK_INVALID: 'errors.linkInvalid',
    LINK_EXPIRED: 'errors.linkExpired',
    LINK_USED: 'errors.linkUsed',
    RATE_LIMITED: 'errors.rateLimited',
    VALIDATION_FAILED: 'errors.validationFailed',
    SERVICE_UNAVAILABLE: 'errors.serviceUnavailable',
    NOT_FOUND: 'errors.notFound',
    INVALID_STATE: 'errors.invalidState',
    TWO_FACTOR_REQUIRED: 'errors.twoFactorRequired',
    TWO_FACTOR_CHALLENGE_INVALID: 'errors.twoFactorChallengeInvalid',
    FORBIDDEN: 'errors.forbidden',
  };
  return (error.code && byCode[error.code]) || 'errors.generic';
}

/** The API's field errors (their codes are i18n keys such as validation.passwordCommon), when it sent any. */
export function fieldErrorsOf(error: unknown): Record<string, FieldError> {
  return error instanceof ApiError && error.fields ? error.fields : {};
}
