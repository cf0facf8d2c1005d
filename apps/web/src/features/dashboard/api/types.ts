/**
 * The customer dashboard's data, shaped as the entities of docs/product/entities.md. Text a person reads (titles,
 * descriptions, subjects) comes already in the reader's language: the sample data keeps translation keys
 * and the hooks in this folder translate them, as the API will answer in the user's language later.
 */

/** docs/product/entities.md, Notification. `date` is relative text ("2 hours ago"). */
export type NotificationType = 'info' | 'warning' | 'success' | 'error';
export interface Notification {
  id: string;
  title: string;
  message: string;
  date: string;
  read: boolean;
  type: NotificationType;
}

/** A used/total pair in gigabytes. */
export interface UsageGb {
  used: number;
  total: number;
}

/** docs/product/entities.md, Hosting service (customer). Status: active, or anything else (suspended, expired). */
export type HostingStatus = 'active' | 'suspended' | 'expired';
export interface HostingService {
  id: string;
  name: string;
  domain: string;
  plan: string;
  status: HostingStatus;
  storage: UsageGb;
  bandwidth: UsageGb;
  /** ISO date. */
  expiryDate: string;
  autoRenew: boolean;
}

/** docs/product/entities.md, Domain (customer); statuses in docs/product/states.md. */
export type DomainStatus = 'active' | 'transferring' | 'expired' | 'graceperiod';
export interface Domain {
  id: string;
  name: string;
  registrationDate: string;
  expiryDate: string;
  status: DomainStatus;
  autoRenew: boolean;
}

/** docs/product/entities.md, Transaction (customer): a negative amount is a charge. */
export interface Transaction {
  id: string;
  date: string;
  description: string;
  amount: number;
  status: 'completed' | 'pending' | 'failed';
}

/** docs/product/entities.md, Invoice. */
export interface Invoice {
  id: string;
  number: string;
  date: string;
  amount: number;
  status: 'paid' | 'unpaid';
}

/** docs/product/entities.md, Finance data. */
export interface FinanceData {
  balance: number;
  transactions: Transaction[];
  invoices: Invoice[];
}

/** docs/product/entities.md, Support ticket. `lastUpdate` is an ISO timestamp. */
export interface SupportTicket {
  id: string;
  subject: string;
  status: 'open' | 'answered';
  lastUpdate: string;
  priority: 'medium' | 'high';
}

/** docs/product/entities.md, Knowledge article. */
export interface KnowledgeArticle {
  id: string;
  title: string;
  category: string;
  views: number;
}

/*
 * The rest are shown by docs/product/screens.md without a listed entity; their shapes are ours (decision 010).
 */

/** The four tiles of the dashboard home (docs/product/constants.md: hosting 2, domains 3, services 1, tickets 0). */
export interface DashboardStats {
  hosting: number;
  domains: number;
  services: number;
  /** Open tickets. */
  tickets: number;
}

/** One entry of the recent-activity timeline. */
export type ActivityKind = 'hosting' | 'domain' | 'payment' | 'support' | 'account';
export interface Activity {
  id: string;
  kind: ActivityKind;
  description: string;
  /** ISO timestamp. */
  date: string;
}

/** A hosting service or domain close to its expiry date (the home page's Expiring Services panel). */
export interface ExpiringService {
  id: string;
  kind: 'hosting' | 'domain';
  name: string;
  expiryDate: string;
}

/** An additional service (SSL, backup, e-mail, security) on /dashboard/services. */
export type AdditionalServiceKind = 'ssl' | 'backup' | 'email' | 'security';
export interface AdditionalService {
  id: string;
  kind: AdditionalServiceKind;
  name: string;
  /** The domain it protects or serves. */
  domain: string;
  status: 'active' | 'pending' | 'expired';
  expiryDate: string;
  /** Dollars a year. */
  price: number;
}

/** The hosting server's state: CPU and memory load in percent, uptime in percent. */
export interface ServerStatus {
  name: string;
  cpu: number;
  memory: number;
  uptime: number;
}

/** The three preference toggles of Settings. */
export interface NotificationPreferences {
  emailNotifications: boolean;
  serviceUpdates: boolean;
  marketing: boolean;
}
