import type { FieldError } from '@hostpilot/shared';
import { ApiError } from './http';

/** The translation key (common namespace) of a failed account call: every code the API may answer, translated. */
export function accountErrorKey(error: unknown): string {
  if (!(error instanceof ApiError)) return 'errors.generic';
  if (error.isNetworkError) return 'errors.network';
  return errorCodeKey(error.code);
}

/** The translation key (common namespace) of an error code the API answered, as a bulk action's row carries it. */
export function errorCodeKey(code: string | undefined): string {
  const byCode: Partial<Record<string, string>> = {
    LINK_INVALID: 'errors.linkInvalid',
    LINK_EXPIRED: 'errors.linkExpired',
    LINK_USED: 'errors.linkUsed',
    RATE_LIMITED: 'errors.rateLimited',
    VALIDATION_FAILED: 'errors.validationFailed',
    SERVICE_UNAVAILABLE: 'errors.serviceUnavailable',
    MAINTENANCE: 'errors.maintenance',
    NOT_FOUND: 'errors.notFound',
    INVALID_STATE: 'errors.invalidState',
    INSUFFICIENT_FUNDS: 'errors.insufficientFunds',
    PAYMENT_DECLINED: 'errors.paymentDeclined',
    IDEMPOTENCY_KEY_REUSED: 'errors.idempotencyKeyReused',
    LAST_ADMINISTRATOR: 'errors.lastAdministrator',
    OWN_ACCOUNT: 'errors.ownAccount',
    FORBIDDEN: 'errors.forbidden',
    EMAIL_NOT_VERIFIED: 'errors.emailNotVerified',
    TWO_FACTOR_REQUIRED: 'errors.twoFactorRequired',
    TWO_FACTOR_CHALLENGE_INVALID: 'errors.twoFactorChallengeInvalid',
    DNS_CONFLICT: 'errors.dnsConflict',
    EMAIL_TAKEN: 'errors.emailTaken',
    CART_CHANGED: 'errors.cartChanged',
    ORDER_ALREADY_PAID: 'errors.orderAlreadyPaid',
    OUT_OF_CAPACITY: 'errors.outOfCapacity',
    DOMAIN_UNAVAILABLE: 'errors.domainUnavailable',
    CERTIFICATE_REVOKED: 'errors.certificateRevoked',
  };
  return (code && byCode[code]) || 'errors.generic';
}

/** The API's field errors (their codes are i18n keys such as validation.passwordCommon), when it sent any. */
export function fieldErrorsOf(error: unknown): Record<string, FieldError> {
  return error instanceof ApiError && error.fields ? error.fields : {};
}

/**
 * Puts the API's field errors on the form's fields that have them (the first gets focus) and answers the
 * translation key of what is left to say above the form, or null when every error found its field.
 */
export function applyFieldErrors<F extends string>(
  error: unknown,
  names: readonly F[],
  setError: (name: F, error: { message: string }, options?: { shouldFocus: boolean }) => void,
): string | null {
  const fields = fieldErrorsOf(error);
  const named = names.filter((name) => fields[name]);
  named.forEach((name, index) => setError(name, { message: fields[name]!.code }, { shouldFocus: index === 0 }));
  return named.length > 0 ? null : accountErrorKey(error);
}
