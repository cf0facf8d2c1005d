/** The refusals every back-office route gives before its handler runs (plugins/authorize.ts). */
export const STAFF_ERRORS = {
  401: 'UNAUTHORIZED (no token, or the account is gone or suspended), TOKEN_INVALID, TOKEN_EXPIRED',
  403:
    'FORBIDDEN: the role read from the database now lacks the permission this route needs; TWO_FACTOR_REQUIRED: ' +
    'the back office requires two-factor sign-in of staff and this account has not set it up',
} as const;

/** The refusal of a list's query. */
export const LIST_ERRORS = {
  400: 'VALIDATION_FAILED (with `fields`): a page size other than 10, 20 or 50, an unknown sort, order or filter value, or an unknown parameter',
} as const;
