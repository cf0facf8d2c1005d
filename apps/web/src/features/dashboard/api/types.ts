/**
 * The customer dashboard's data as the pages read it (docs/product/entities.md). Money is integer minor units
 * with a currency; moments are timestamps (ISO text or epoch milliseconds) that the pages format in the reader's
 * language; text the API stores as a translation key with parameters (notifications, activity, transaction
 * descriptions) reaches the pages already translated by the hooks of this folder.
 */
import type { Moment } from '@/lib/format';

export type { Moment };

/** An amount in minor units (cents) with its ISO currency code. */
export interface Money {
  amount: number;
  currency: string;
}

/**
 * A text the API stores as a translation key with its parameters, so that each reader sees it in their
 * language: the key names an entry under `messages.notifications`, `messages.activity` or
 * `messages.transactions` of the dashboard namespace (for example `domainExpiring` with `{domain, count}`).
 */
export interface Message {
  key: string;
  params?: Record<string, string | number>;
}

export type NotificationType = 'info' | 'warning' | 'success' | 'error';

/** A notification as the API sends it: its title and message are `messages.notifications.<key>`. */
export interface NotificationRecord extends Message {
  id: string;
  type: NotificationType;
  read: boolean;
  createdAt: Moment;
}

/** A notification as the pages show it: title and message translated; "2 hours ago" computed when shown. */
export interface Notification extends NotificationRecord {
  title: string;
  message: string;
}

/** A used/total pair in gigabytes. */
export interface UsageGb {
  used: number;
  total: number;
}

/** The state of the server a hosting service runs on: CPU and memory load and uptime, in percent. */
export interface ServerStatus {
  name: string;
  status: 'active' | 'maintenance';
  cpu: number;
  memory: number;
  uptime: number;
}

export type HostingStatus = 'active' | 'suspended' | 'expired' | 'pending' | 'cancelled';

export interface HostingService {
  id: string;
  name: string;
  domain: string;
  plan: string;
  status: HostingStatus;
  storage: UsageGb;
  bandwidth: UsageGb;
  expiresAt: Moment;
  autoRenew: boolean;
  server: ServerStatus | null;
}

export type DomainStatus = 'active' | 'transferring' | 'expired' | 'graceperiod';

export interface Domain {
  id: string;
  name: string;
  registeredAt: Moment;
  expiresAt: Moment;
  status: DomainStatus;
  autoRenew: boolean;
}

export type TransactionStatus = 'completed' | 'pending' | 'failed';

/** A transaction as the API sends it: a negative amount is a charge; `key` names its description. */
export interface TransactionRecord extends Message {
  id: string;
  createdAt: Moment;
  amount: Money;
  status: TransactionStatus;
}

export interface Transaction extends TransactionRecord {
  description: string;
}

export interface Invoice {
  id: string;
  number: string;
  issuedAt: Moment;
  total: Money;
  status: 'paid' | 'unpaid' | 'overdue' | 'cancelled';
}

/** One page of a list and how many rows there are in all. */
export interface Paged<Row> {
  items: Row[];
  total: number;
}

export interface SupportTicket {
  id: string;
  number: string;
  subject: string;
  status: 'open' | 'answered' | 'closed';
  priority: 'low' | 'medium' | 'high';
  updatedAt: Moment;
}

export interface KnowledgeArticle {
  id: string;
  title: string;
  category: string;
  views: number;
}

/** The four tiles of the dashboard home. */
export interface DashboardStats {
  hosting: number;
  domains: number;
  services: number;
  /** Open tickets. */
  tickets: number;
}

export type ActivityKind = 'hosting' | 'domain' | 'payment' | 'support' | 'account';

/** An event of the account as the API sends it; `key` names its description. */
export interface ActivityRecord extends Message {
  id: string;
  kind: ActivityKind;
  createdAt: Moment;
}

export interface Activity extends ActivityRecord {
  description: string;
}

/** A service or domain close to its expiry date (the home page's Expiring Services panel). */
export interface ExpiringService {
  id: string;
  kind: 'hosting' | 'domain' | 'service';
  name: string;
  expiresAt: Moment;
}

/** The dashboard home in one answer. */
export interface DashboardSummaryRecord {
  counts: DashboardStats;
  balance: Money;
  expiringSoon: ExpiringService[];
  activity: ActivityRecord[];
  notifications: NotificationRecord[];
  unreadNotifications: number;
}

export interface DashboardSummary extends Omit<DashboardSummaryRecord, 'activity' | 'notifications'> {
  activity: Activity[];
  notifications: Notification[];
}

export type AdditionalServiceKind = 'ssl' | 'backup' | 'email' | 'security';

export interface AdditionalService {
  id: string;
  kind: AdditionalServiceKind;
  name: string;
  /** The domain it protects or serves. */
  domain: string;
  status: 'active' | 'pending' | 'expired' | 'suspended';
  expiresAt: Moment;
  /** A year's price. */
  price: Money;
}

export interface NotificationPreferences {
  emailNotifications: boolean;
  serviceUpdates: boolean;
  marketing: boolean;
}

export interface Finance {
  balance: Money;
  transactions: Paged<Transaction>;
  invoices: Paged<Invoice>;
}
