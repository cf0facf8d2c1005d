import {
  ADMIN_DOMAINS,
  ADMIN_HOSTING,
  ADMIN_OVERVIEW,
  ADMIN_TRANSACTIONS,
  ADMIN_USERS,
  BILLING_SUMMARY,
  DEFAULT_ADMIN_SETTINGS,
  SERVER_SUMMARY,
  SERVERS,
} from './sample-data';
import type {
  AdminDomain,
  AdminHostingService,
  AdminOverview,
  AdminSettings,
  AdminTransaction,
  AdminUser,
  BillingSummary,
  Server,
  ServerSummary,
} from './types';

/**
 * The admin back office's data. Today each hook returns the fixed sample data the back office starts from
 * (docs/product/README.md); when the API serves these lists, only these hooks change (they keep returning
 * `{ data }`), never a page.
 */
export interface AdminQuery<T> {
  data: T;
}

export function useAdminOverview(): AdminQuery<AdminOverview> {
  return { data: ADMIN_OVERVIEW };
}

export function useAdminUsers(): AdminQuery<AdminUser[]> {
  return { data: ADMIN_USERS };
}

export function useAdminHosting(): AdminQuery<AdminHostingService[]> {
  return { data: ADMIN_HOSTING };
}

export function useAdminDomains(): AdminQuery<AdminDomain[]> {
  return { data: ADMIN_DOMAINS };
}

export function useAdminTransactions(): AdminQuery<{ transactions: AdminTransaction[]; summary: BillingSummary }> {
  return { data: { transactions: ADMIN_TRANSACTIONS, summary: BILLING_SUMMARY } };
}

export function useAdminServers(): AdminQuery<{ servers: Server[]; summary: ServerSummary }> {
  return { data: { servers: SERVERS, summary: SERVER_SUMMARY } };
}

export function useAdminSettings(): AdminQuery<AdminSettings> {
  return { data: DEFAULT_ADMIN_SETTINGS };
}
