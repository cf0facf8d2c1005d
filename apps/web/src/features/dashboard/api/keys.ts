import type { LedgerEntryType, PaymentStatus } from '@hostpilot/shared';

/** The transaction list's filters (the API's `type`, `status`, `from` and `to`; days as `YYYY-MM-DD`). */
export interface TransactionFilters {
  type?: LedgerEntryType;
  status?: PaymentStatus;
  from?: string;
  to?: string;
}

/**
 * The dashboard's query keys, one factory so that every cache entry of the feature sits under `['dashboard']`
 * and an action can invalidate exactly what it changes (for example `dashboardKeys.finance()` after a payment).
 */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  summary: () => [...dashboardKeys.all, 'summary'] as const,
  trends: () => [...dashboardKeys.all, 'trends'] as const,
  gettingStarted: () => [...dashboardKeys.all, 'getting-started'] as const,
  hosting: () => [...dashboardKeys.all, 'hosting'] as const,
  /** Under `hosting()`: one hosting service (its panel), refreshed with the list. */
  hostingService: (id: string) => [...dashboardKeys.hosting(), 'detail', id] as const,
  /** Under `hosting()`: a hosting site's databases. */
  hostingDatabases: (id: string) => [...dashboardKeys.hosting(), 'databases', id] as const,
  hostingDomains: (id: string) => [...dashboardKeys.hosting(), 'domains', id] as const,
  services: () => [...dashboardKeys.all, 'services'] as const,
  servers: () => [...dashboardKeys.all, 'servers'] as const,
  server: (id: string) => [...dashboardKeys.all, 'servers', id] as const,
  domains: () => [...dashboardKeys.all, 'domains'] as const,
  /** Under `domains()`: a change of one domain refreshes the list (record count, last change) with it. */
  domain: (id: string) => [...dashboardKeys.domains(), 'detail', id] as const,
  /** Under `services()`: an action on a certificate refreshes the services list (its setup state) with it. */
  certificate: (serviceId: string) => [...dashboardKeys.services(), 'certificate', serviceId] as const,
  /** A hosting service's files: every folder of it under one key, so a change refreshes the folder shown. */
  files: (serviceId: string) => [...dashboardKeys.all, 'files', serviceId] as const,
  folder: (serviceId: string, path: string) => [...dashboardKeys.files(serviceId), 'folder', path] as const,
  finance: () => [...dashboardKeys.all, 'finance'] as const,
  balance: () => [...dashboardKeys.finance(), 'balance'] as const,
  transactions: (page: number, pageSize: number, filters: TransactionFilters = {}) =>
    [...dashboardKeys.finance(), 'transactions', { page, pageSize, ...filters }] as const,
  invoices: (page: number, pageSize: number) => [...dashboardKeys.finance(), 'invoices', { page, pageSize }] as const,
  invoice: (id: string) => [...dashboardKeys.finance(), 'invoice', id] as const,
  orders: (page: number, pageSize: number) => [...dashboardKeys.all, 'orders', { page, pageSize }] as const,
  order: (id: string) => [...dashboardKeys.all, 'orders', 'detail', id] as const,
  tickets: () => [...dashboardKeys.all, 'tickets'] as const,
  ticket: (id: string) => [...dashboardKeys.tickets(), 'detail', id] as const,
  notifications: () => [...dashboardKeys.all, 'notifications'] as const,
  unreadCount: () => [...dashboardKeys.notifications(), 'unread'] as const,
  /** Articles are searched in the reader's language, so the language is part of the key. */
  articles: (language: string, search: string) => [...dashboardKeys.all, 'articles', { language, search }] as const,
  article: (id: string, language: string) => [...dashboardKeys.all, 'article', { id, language }] as const,
  preferences: () => [...dashboardKeys.all, 'preferences'] as const,
  /** The account's protection: e-mail verified, two-factor sign-in, whether staff must set it up. */
  security: () => [...dashboardKeys.all, 'security'] as const,
  /** The account's signed-in devices. */
  sessions: () => [...dashboardKeys.all, 'sessions'] as const,
};
