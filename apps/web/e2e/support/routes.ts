import { addressesOf, routesOf } from '../../src/app/route-table';

/**
 * Every route of the route table (apps/web/src/app/route-table.ts), by who may see it, and an unknown address
 * for the not-found page. The accessibility, CSP and code-splitting checks walk all of them.
 */
export const NOT_FOUND_ROUTE = '/no-such-page';
export const PUBLIC_ROUTES: readonly string[] = [
  ...routesOf('public', 'guest').flatMap((route) => addressesOf(route)),
  NOT_FOUND_ROUTE,
];
/** Pages of one item (`/dashboard/domains/:id`) are walked by the specs that open them from their lists. */
const listed = (layout: 'dashboard' | 'admin') =>
  routesOf(layout)
    .map((route) => route.path)
    .filter((path) => !path.includes(':'));
export const CUSTOMER_ROUTES: readonly string[] = listed('dashboard');
export const ADMIN_ROUTES: readonly string[] = listed('admin');

export const LANGUAGES = ['en', 'ru'] as const;
export type Language = (typeof LANGUAGES)[number];
