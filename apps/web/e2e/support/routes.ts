/** Every route of SPEC.md section 2, by who may see it. The accessibility and CSP checks walk all of them. */
export const PUBLIC_ROUTES = [
  '/',
  '/hosting',
  '/game-servers',
  '/vds',
  '/dedicated',
  '/domains',
  '/services',
  '/about',
  '/contact',
  '/blog',
  '/terms',
  '/privacy',
  '/login',
  '/register',
  '/no-such-page',
] as const;

export const CUSTOMER_ROUTES = [
  '/dashboard',
  '/dashboard/hosting',
  '/dashboard/domains',
  '/dashboard/services',
  '/dashboard/finance',
  '/dashboard/support',
  '/dashboard/notifications',
  '/dashboard/settings',
] as const;

export const ADMIN_ROUTES = [
  '/admin',
  '/admin/users',
  '/admin/servers',
  '/admin/hosting',
  '/admin/domains',
  '/admin/billing',
  '/admin/settings',
] as const;

export const LANGUAGES = ['en', 'ru'] as const;
export type Language = (typeof LANGUAGES)[number];
