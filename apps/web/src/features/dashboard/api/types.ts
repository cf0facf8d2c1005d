/**
 * The customer dashboard's data as the pages read it (docs/product/entities.md). Money is integer minor units
 * with a currency; moments are ISO timestamps the pages format in the reader's language; text the API stores
 * as a translation key with parameters (notifications, activity, transaction descriptions) reaches the pages
 * already translated by the hooks of this folder.
 */
import type { Money, PaymentMethod, ServiceKind, SetupState, Translatable } from '@hostpilot/shared';
import type { Moment } from '@/lib/format';

export type { Moment, Money, Translatable };

/*
 * The pages' shapes. The API's answers (packages/shared/src/api/customer.ts) are mapped to these by the hooks
 * of this folder: sizes become gigabytes, stored texts are translated, the server's latest load is flattened.
 */

export type NotificationType = 'info' | 'warning' | 'success' | 'error';

/** A notification as the pages show it: title and message translated; "2 hours ago" computed when shown. */
export interface Notification {
  id: string;
  type: NotificationType;
  read: boolean;
  createdAt: Moment;
  title: string;
  message: string;
}

/** A used/total pair in gigabytes; a null total is unlimited. */
export interface UsageGb {
  used: number;
  total: number | null;
}

/** The server a hosting service runs on: its state, latest CPU and memory load, and uptime, in percent. */
export interface ServerStatus {
  name: string;
  /** The data centre (new-york, london, frankfurt, singapore). */
  location: string;
  status: 'active' | 'maintenance';
  cpu: number | null;
  memory: number | null;
  uptime: number | null;
}

export type HostingStatus = 'pending' | 'active' | 'suspended' | 'expired' | 'cancelled';

export interface HostingService {
  id: string;
  name: string;
  domain: string;
  plan: string;
  /** The catalogue plan's id: its price and billing period are what a renewal costs. */
  planId: string;
  status: HostingStatus;
  storage: UsageGb;
  bandwidth: UsageGb;
  expiresAt: Moment;
  autoRenew: boolean;
  /** Set while a cancellation at the end of the period is pending (it can be withdrawn until then). */
  cancelRequestedAt: Moment | null;
  /** What a period costs now (docs/decisions/037-plan-changes.md). */
  price: Money;
  billingPeriod: 'month' | 'year';
  /** A cheaper plan chosen to take over at the next renewal. */
  pendingPlan: PlanRef | null;
  server: ServerStatus | null;
  /** Being set up, or setup delayed, on our servers (docs/decisions/042-provisioning-engine.md). */
  setup: SetupState | null;
  /**
   * Where the usage figures come from (docs/decisions/058-usage-and-limits.md): measured by its web node,
   * pending (on a web node, not measured yet), or estimated (no node measures it).
   */
  measurement: 'measured' | 'pending' | 'estimated';
  measured: MeasuredUsage | null;
}

/** What the service's web node measured, with its limits. */
export interface MeasuredUsage {
  measuredAt: Moment;
  diskBytes: number;
  bandwidthBytes: number;
  storageLimitBytes: number;
  overQuota: boolean;
  databases: { used: number; limit: number };
  domains: { used: number; limit: number };
}

/** A catalogue plan as a service names it. */
export interface PlanRef {
  id: string;
  name: string;
}

export type DomainStatus = 'active' | 'transferring' | 'expired' | 'graceperiod';

export interface Domain {
  id: string;
  name: string;
  registeredAt: Moment;
  expiresAt: Moment;
  status: DomainStatus;
  autoRenew: boolean;
  /** How many DNS records it has, and when they last changed (null: never since registration). */
  dnsRecordCount: number;
  dnsUpdatedAt: Moment | null;
  /** Its zone being published, or late (docs/decisions/042-provisioning-engine.md). */
  setup: SetupState | null;
}

export type TransactionStatus = 'completed' | 'pending' | 'failed' | 'refunded';

/** A line of the money history: a negative amount is a charge. */
export interface Transaction {
  id: string;
  createdAt: Moment;
  description: string;
  amount: Money;
  status: TransactionStatus;
  /** How a payment was made (a top-up); null for charges and adjustments. */
  method: PaymentMethod | null;
}

export interface Invoice {
  id: string;
  number: string;
  issuedAt: Moment;
  total: Money;
  status: 'unpaid' | 'paid' | 'void' | 'refunded';
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
  priority: 'low' | 'medium' | 'high' | 'urgent';
  updatedAt: Moment;
}

export interface KnowledgeArticle {
  id: string;
  title: string;
  /** Already translated. */
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

export interface Activity {
  id: string;
  kind: ActivityKind;
  createdAt: Moment;
  description: string;
}

/** A service or domain close to its expiry date (the home page's Expiring Services panel). */
export interface ExpiringService {
  id: string;
  kind: 'hosting' | 'game' | 'vds' | 'dedicated' | 'extra' | 'domain';
  name: string;
  expiresAt: Moment;
}

export interface DashboardSummary {
  counts: DashboardStats;
  balance: Money;
  expiringSoon: ExpiringService[];
  activity: Activity[];
  notifications: Notification[];
  unreadNotifications: number;
}

/** The extras the services page knows by icon; other kinds (game, VDS, dedicated) show a generic one. */
export type AdditionalServiceKind = 'ssl' | 'backup' | 'email' | 'security' | 'other';

export interface AdditionalService {
  id: string;
  kind: AdditionalServiceKind;
  /** The catalogue's kind (game, vds, dedicated, extra) and plan: what a renewal costs. */
  serviceKind: ServiceKind;
  planId: string;
  name: string;
  /** The domain it protects or serves; empty when it has none. */
  domain: string;
  status: HostingStatus;
  expiresAt: Moment;
  price: Money;
  billingPeriod: 'month' | 'year';
  autoRenew: boolean;
  cancelRequestedAt: Moment | null;
  /** A cheaper plan chosen to take over at the next renewal. */
  pendingPlan: PlanRef | null;
  server: { name: string; location: string } | null;
  setup: SetupState | null;
}

export interface NotificationPreferences {
  emailNotifications: boolean;
  serviceUpdates: boolean;
  marketing: boolean;
}
