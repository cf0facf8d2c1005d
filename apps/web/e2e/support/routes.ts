import routes from './routes.json' with { type: 'json' };

/**
 * Every route of docs/product/screens.md, by who may see it (routes.json, which `npm run bench:web` reads too).
 * The accessibility, CSP and code-splitting checks walk all of them.
 */
export const PUBLIC_ROUTES: readonly string[] = routes.public;
export const CUSTOMER_ROUTES: readonly string[] = routes.customer;
export const ADMIN_ROUTES: readonly string[] = routes.admin;

export const LANGUAGES = ['en', 'ru'] as const;
export type Language = (typeof LANGUAGES)[number];
