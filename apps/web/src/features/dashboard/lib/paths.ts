/**
 * The dashboard's own addresses, for its links. Features do not import the app's route table
 * (docs/architecture.md); `app/route-table.test.ts` checks that each of these is a route of that table.
 */
const item = (base: string) => (id: string) => `${base}/${encodeURIComponent(id)}`;

export const dashboardPaths = {
  hosting: '/dashboard/hosting',
  servers: '/dashboard/servers',
  server: item('/dashboard/servers'),
  domains: '/dashboard/domains',
  domain: item('/dashboard/domains'),
  services: '/dashboard/services',
  certificate: (serviceId: string) => `/dashboard/services/${encodeURIComponent(serviceId)}/certificate`,
  /** A hosting service's own control panel: site, domains, databases, files, certificate, usage. */
  panel: (serviceId: string) => `/dashboard/services/${encodeURIComponent(serviceId)}/panel`,
  databases: (serviceId: string) => `/dashboard/services/${encodeURIComponent(serviceId)}/databases`,
  files: (serviceId: string) => `/dashboard/services/${encodeURIComponent(serviceId)}/files`,
  support: '/dashboard/support',
  ticket: item('/dashboard/support/tickets'),
  article: item('/dashboard/support/articles'),
  notifications: '/dashboard/notifications',
  orders: '/dashboard/orders',
  order: item('/dashboard/orders'),
} as const;
