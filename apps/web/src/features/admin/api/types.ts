/**
 * The back office's data as the admin API serves it (docs/product/entities.md, docs/product/api.md): money in
 * minor units with a currency, moments as timestamps the pages format in the reader's language.
 */
import type { AdminServer, Money, RefundDestination } from '@hostpilot/shared';
import type { Moment } from '@/lib/format';

export type { Moment, Money };

/** One page of a list and how many rows match in all. */
export interface Paged<Row> {
  items: Row[];
  total: number;
}

export interface AdminUser {
  id: string;
  name: string;
  firstName: string;
  lastName: string;
  email: string;
  /** The role number (packages/shared/src/roles.ts): 0 a customer. */
  role: number;
  /** active or suspended. */
  status: string;
  createdAt: Moment;
  /** Never signed in: null. */
  lastLoginAt: Moment | null;
  services: { hosting: number; domains: number };
}

export interface AdminHostingService {
  id: string;
  userId: string;
  userName: string;
  userEmail: string;
  plan: string;
  /** The catalogue plan id (packages/shared/src/catalog.ts). */
  planId: string;
  domain: string;
  /** The server's name. */
  server: string;
  /** The server's id; null when the service is placed on none. */
  serverId: string | null;
  /** active, suspended, expired. */
  status: string;
  /** Why it is suspended, as staff or the lifecycle wrote it; null when it is not. */
  suspensionReason: string | null;
  expiresAt: Moment;
  /** When the service last changed (ISO): Edit sends it back, so a change made meanwhile is not overwritten. */
  updatedAt: string;
  /** CPU and memory in percent, 0 to 100; storage used in gigabytes. */
  usage: { cpu: number; memory: number; storageGb: number };
}

export interface AdminDomain {
  id: string;
  name: string;
  registeredAt: Moment;
  expiresAt: Moment;
  /** active, transferring, expired, graceperiod. */
  status: string;
  autoRenew: boolean;
  transferLock: boolean;
  userId: string;
  userName: string;
  userEmail: string;
  nameservers: string[];
  dns: { records: number; updatedAt: Moment | null };
}

export interface AdminTransaction {
  id: string;
  userId: string;
  userName: string;
  userEmail: string;
  amount: Money;
  /** How much was refunded, by staff or by cancelling its order (decisions 033, 043); zero when none. */
  refunded: Money;
  /** Where a refund of it goes: an invoice's payment to the balance, a top-up back to its source (decision 043). */
  refundTo: RefundDestination;
  /** completed, pending; anything else is treated as failed. */
  status: string;
  createdAt: Moment;
  /** credit_card, paypal, bank_transfer, balance. */
  paymentMethod: string;
  /** The invoice it pays, or null for a top-up. */
  invoiceNumber: string | null;
}

export interface AdminStatistics {
  totalUsers: number;
  activeHosting: number;
  activeDomains: number;
  /** Revenue of the last 30 days. */
  revenue: Money;
  /** Percent change against the 30 days before; null with nothing to compare. */
  userGrowth: number | null;
  revenueGrowth: number | null;
  /** Mean CPU load of active servers, percent; null before the first sample. */
  serverLoad: number | null;
  ticketsOpen: number;
}

export interface Server {
  id: string;
  name: string;
  location: string;
  type: string;
  ip: string;
  /** active, maintenance. */
  status: string;
  specs: { cpu: string; ram: string; storage: string; bandwidth: string };
  /** The latest load sample in percent; null before the first. */
  usage: { cpu: number; memory: number; storage: number } | null;
  activeServices: number;
  capacity: number;
  /** The server as the API answered it: what the Edit form starts from. */
  record: AdminServer;
}

/** The server summary cards, computed by the API from the servers. */
export interface ServerSummary {
  totalServers: number;
  activeServices: number;
  totalStorageGb: number;
  totalRamGb: number;
}

/** The billing summary cards, computed by the API from the transactions. */
export interface BillingSummary {
  totalRevenue: Money;
  pendingAmount: Money;
  pendingCount: number;
  failedAmount: Money;
  failedCount: number;
}

/** What an event is about, for its icon. */
export type ActivityKind = 'service' | 'domain' | 'payment' | 'invoice' | 'ticket' | 'account';

export interface AdminActivity {
  id: string;
  kind: ActivityKind;
  /** The account's name. */
  user: string;
  /** What happened, translated. */
  text: string;
  createdAt: Moment;
}

export type TicketPriority = 'urgent' | 'high' | 'medium' | 'low';

export interface AdminOverview {
  statistics: AdminStatistics;
  /** Share of active domains per TLD, percent. */
  tldSplit: { tld: string; percent: number }[];
  activity: AdminActivity[];
  /** Percentages, 0 to 100. */
  systemStatus: { cpu: number; memory: number; storage: number };
  supportQueue: { priority: TicketPriority; count: number }[];
}
