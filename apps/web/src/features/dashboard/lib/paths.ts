/**
 * The dashboard's own addresses, for its links. Features do not import the app's route table
 * (docs/architecture.md); `app/route-table.test.ts` checks that each of these is a route of that table.
 */
const item = (base: string) => (id: string) => `${base}/${encodeURIComponent(id)}`;

export const dashboardPaths = {
  servers: '/dashboard/servers',
  server: item('/dashboard/servers'),
  domains: '/dashboard/domains',
  domain: item('/dashboard/domains'),
  services: '/dashboard/services',
  certificate: (serviceId: string) => `/dashboard/services/${encodeURIComponent(serviceId)}/certificate`,
  /** A hosting service's own control panel: site, domains, databases, files, certificate, usage. */
  panel: (serviceId: string) => `/dashboard/services/${encodeURIComponent(serviceId)}/panel`,
  databases: (serviceId: string) => `/dashboard/services/${encodeURIComponent(serviceId)}/databases`,
  support: '/dashboard/support',
  ticket: item('/dashboard/support/tickets'),
  article: item('/dashboard/support/articles'),
  notifications: '/dashboard/notifications',
  orders: '/dashboard/orders',
  order: item('/dashboard/orders'),
} as const;

/**
 * The file manager of a hosting site (issue 30): its page is built apart from the panel and joins the route table
 * with it; move this into `dashboardPaths` then, where route-table.test.ts checks it.
 */
export const fileManagerPath = (serviceId: string) => `/dashboard/services/${encodeURIComponent(serviceId)}/files`;
