import { errorResponses } from './errors';

/** OpenAPI parts every signed-in customer route shares. */
export const CUSTOMER_ROUTE = { security: [{ bearerAuth: [] }] } as const;

const UNAUTHORIZED = 'UNAUTHORIZED (no or malformed Authorization header), TOKEN_INVALID, TOKEN_EXPIRED';

/** Errors of a customer list: bad query (400) and sign-in (401). */
export const LIST_ERRORS = errorResponses({
  400: 'VALIDATION_FAILED: a page below 1, a page size other than 10, 20 or 50, an unknown sort, order, filter value or parameter (`fields` names each)',
  401: UNAUTHORIZED,
});

/** Errors of one row by id: 404 for an id that does not exist and for another account's id alike. */
export const ITEM_ERRORS = errorResponses({
  400: 'VALIDATION_FAILED: a malformed id or query parameter',
  401: UNAUTHORIZED,
  404: "NOT_FOUND: no such row among the signed-in account's own",
});

export const SIGNED_IN_ERRORS = errorResponses({ 401: UNAUTHORIZED });
