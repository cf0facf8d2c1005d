/**
 * Error codes the API answers with, and the HTTP status each one goes with.
 * The web app maps these codes to translated messages (see apps/web/src/lib/account-errors.ts).
 */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  MALFORMED_JSON: 400,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  INVALID_CREDENTIALS: 401,
  TOKEN_INVALID: 401,
  TOKEN_EXPIRED: 401,
  REFRESH_TOKEN_INVALID: 401,
  FORBIDDEN: 403,
  EMAIL_NOT_VERIFIED: 403,
  /** The account is suspended by staff: it cannot sign in until it is activated again. */
  ACCOUNT_SUSPENDED: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  EMAIL_TAKEN: 409,
  /** The change would leave no active administrator. */
  LAST_ADMINISTRATOR: 409,
  /** Staff may not demote, suspend or delete their own account. */
  OWN_ACCOUNT: 409,
  /** A reset or verification link that was never issued, or was altered. */
  LINK_INVALID: 400,
  /** A reset or verification link past its lifetime. */
  LINK_EXPIRED: 400,
  /** A reset or verification link that has already been used. */
  LINK_USED: 400,
  /** The second sign-in step's challenge is unknown, expired or already used: sign in with the password again. */
  TWO_FACTOR_CHALLENGE_INVALID: 401,
  /** The back office requires two-factor sign-in of staff, and this account has not set it up. */
  TWO_FACTOR_REQUIRED: 403,
  INSUFFICIENT_FUNDS: 409,
  IDEMPOTENCY_KEY_REUSED: 409,
  INVALID_STATE: 409,
  DNS_CONFLICT: 409,
  PAYMENT_DECLINED: 402,
  /** The cart's total differs from the catalogue's now: it changed in another tab, or a price changed. */
  CART_CHANGED: 409,
  /** The order is paid already, or a bank transfer toward it is pending. */
  ORDER_ALREADY_PAID: 409,
  /** No active server in the chosen city has a free slot for the plan any more. */
  OUT_OF_CAPACITY: 409,
  /** A domain of the order was registered by someone else (or reserved) meanwhile. */
  DOMAIN_UNAVAILABLE: 409,
  /** The certificate was revoked: neither it nor its key is handed out any more. */
  CERTIFICATE_REVOKED: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
  /** Maintenance mode is on: customers' changes wait until it ends; reading and staff work go on. */
  MAINTENANCE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

/** One field's problem: `code` is an i18n key (see VALIDATION_MESSAGES), `message` its English text. */
export interface FieldError {
  code: string;
  message: string;
  /** Values the translation of `code` puts in its text (`{{count}}`), already in `message`. */
  params?: Record<string, string | number>;
}

/** The body of every error answer of the API. */
export interface ApiErrorBody {
  error: {
    code: ErrorCode;
    message: string;
    fields?: Record<string, FieldError>;
  };
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_STATUS, value);
}

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error = (value as { error: unknown }).error;
  return (
    typeof error === 'object' &&
    error !== null &&
    isErrorCode((error as { code?: unknown }).code) &&
    typeof (error as { message?: unknown }).message === 'string'
  );
}
