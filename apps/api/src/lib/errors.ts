import { type ApiErrorBody, ERROR_CODES, ERROR_STATUS, type ErrorCode, type FieldError } from '@hostpilot/shared';
import { z } from 'zod';

/** English text for each code; the web app shows its own translation of the code. */
export const ERROR_MESSAGES: Record<ErrorCode, string> = {
  VALIDATION_FAILED: 'Some fields are not valid',
  MALFORMED_JSON: 'The request body is not valid JSON',
  BAD_REQUEST: 'Bad request',
  UNAUTHORIZED: 'Sign-in required',
  INVALID_CREDENTIALS: 'Invalid credentials',
  TOKEN_INVALID: 'The access token is not valid',
  TOKEN_EXPIRED: 'The access token has expired',
  REFRESH_TOKEN_INVALID: 'The refresh token is not valid',
  FORBIDDEN: 'You are not allowed to do this',
  EMAIL_NOT_VERIFIED: 'Verify your e-mail address first: ordering, payments and tickets open once it is verified',
  ACCOUNT_SUSPENDED: 'This account is suspended; contact support',
  NOT_FOUND: 'Not found',
  METHOD_NOT_ALLOWED: 'Method not allowed',
  EMAIL_TAKEN: 'An account with this e-mail already exists',
  LAST_ADMINISTRATOR: 'This would leave no active administrator',
  OWN_ACCOUNT: 'You cannot demote, suspend or delete your own account',
  LINK_INVALID: 'This link is not valid; ask for a new one',
  LINK_EXPIRED: 'This link has expired; ask for a new one',
  LINK_USED: 'This link has already been used; ask for a new one',
  TWO_FACTOR_CHALLENGE_INVALID: 'This sign-in step has expired or was already used; sign in with your password again',
  TWO_FACTOR_REQUIRED: 'The back office requires two-factor sign-in: set it up in your account settings first',
  INSUFFICIENT_FUNDS: 'The balance does not cover this charge; add funds first',
  IDEMPOTENCY_KEY_REUSED: 'This Idempotency-Key was used for another request',
  INVALID_STATE: 'This cannot be done in the current state',
  DNS_CONFLICT: 'The record conflicts with other records at the same name',
  PAYMENT_DECLINED: 'The payment was declined',
  CART_CHANGED: 'The cart or its prices changed; check the new total and order again',
  ORDER_ALREADY_PAID: 'This order is already paid, or a bank transfer for it is pending',
  OUT_OF_CAPACITY: 'No server in the chosen data centre has a free place left; nothing was charged',
  DOMAIN_UNAVAILABLE: 'A domain of this order was registered meanwhile; nothing was charged',
  CERTIFICATE_REVOKED: 'This certificate was revoked and can no longer be downloaded',
  PAYLOAD_TOO_LARGE: 'The request body is too large',
  UNSUPPORTED_MEDIA_TYPE: 'The request body must be JSON (Content-Type: application/json)',
  RATE_LIMITED: 'Too many attempts; try again later',
  INTERNAL: 'An error occurred',
  SERVICE_UNAVAILABLE: 'The service is temporarily unavailable; try again shortly',
  MAINTENANCE: 'Maintenance is under way: changes are paused until it ends; try again later',
};

/**
 * An error of a domain rule, thrown below the HTTP layer (a repository, a state machine) where an AppError's HTTP
 * meaning would not belong; the error handler answers it with its code. Every domain error extends this, so none
 * reaches the browser as a 500.
 */
export abstract class DomainError extends Error {
  abstract readonly code: ErrorCode;
}

type UnmappedErrorListener = (error: unknown) => void;
let unmappedErrorListener: UnmappedErrorListener | null = null;

/**
 * Who hears of an error that reached the error handler with no mapping and answered 500 INTERNAL. The test setup
 * (src/test/setup.ts) listens and fails the test, so a thrown error that is not mapped is found by the suite.
 */
export function onUnmappedError(listener: UnmappedErrorListener | null): void {
  unmappedErrorListener = listener;
}

export function reportUnmappedError(error: unknown): void {
  unmappedErrorListener?.(error);
}

/** What an AppError carries beside its code; every part is optional. */
export interface AppErrorOptions {
  /** English text; the code's own text (ERROR_MESSAGES) when left out. */
  message?: string;
  /** Per-field problems, as the web app shows them beside each field. */
  fields?: Record<string, FieldError>;
  /** Headers the answer carries (`retry-after`, `www-authenticate`). */
  headers?: Record<string, string>;
  /** The error that led to this one, for the error log; never sent. */
  cause?: unknown;
}

/**
 * The one error type of the API, built from its code and an options object:
 * `new AppError('INVALID_STATE', { message, fields })`. Anything thrown that is not an AppError (or a domain error
 * plugins/error-handler.ts maps to one) answers 500 with no internals.
 */
export class AppError extends Error {
  readonly statusCode: number;
  readonly fields?: Record<string, FieldError>;
  readonly headers?: Record<string, string>;

  constructor(
    readonly code: ErrorCode,
    { message = ERROR_MESSAGES[code], fields, headers, cause }: AppErrorOptions = {},
  ) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'AppError';
    this.statusCode = ERROR_STATUS[code];
    this.fields = fields;
    this.headers = headers;
  }

  toBody(): ApiErrorBody {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.fields && Object.keys(this.fields).length > 0 ? { fields: this.fields } : {}),
      },
    };
  }
}

const fieldErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  params: z
    .record(z.string(), z.union([z.string(), z.number()]))
    .optional()
    .describe('Values the translation of `code` puts in its text, already in `message`'),
});

/** The error body as a schema, for the OpenAPI description and response serialization. */
export const errorResponseSchema = z
  .object({
    error: z.object({
      code: z.enum(ERROR_CODES as [ErrorCode, ...ErrorCode[]]),
      message: z.string(),
      fields: z.record(z.string(), fieldErrorSchema).optional(),
    }),
  })
  .describe('Error: `code` is machine-readable, `message` English text, `fields` per-field problems');

/** Error response schemas of a route, each described (OpenAPI): `{ 401: 'INVALID_CREDENTIALS: ...' }`. */
export function errorResponses<const S extends number>(
  descriptions: Record<S, string>,
): Record<S, typeof errorResponseSchema> {
  return Object.fromEntries(
    Object.entries(descriptions).map(([status, text]) => [status, errorResponseSchema.describe(text as string)]),
  ) as Record<S, typeof errorResponseSchema>;
}

/** The refusals every JSON-body route can give before its handler runs. */
export const BODY_ERRORS = {
  400: 'VALIDATION_FAILED (with `fields`) or MALFORMED_JSON',
  413: 'PAYLOAD_TOO_LARGE: the body is over BODY_LIMIT',
  415: 'UNSUPPORTED_MEDIA_TYPE: the body is not JSON',
} as const;
