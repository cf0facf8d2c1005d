/**
 * The customer dashboard's data, shaped as SPEC.md section 3's entities. Text a person reads (titles,
 * descriptions, subjects) comes already in the reader's language: the sample data keeps translation keys
 * and the hooks in this folder translate them, as the API will answer in the user's language later.
 */

/** SPEC.md section 3, Notification. `date` is relative text ("2 hours ago"). */
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

/** SPEC.md section 3, Hosting service (customer). Status: active, or anything else (suspended, expired). */
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

/** SPEC.md section 3, Domain (customer); statuses of section 4. */
export type DomainStatus = 'active' | 'transferring' | 'expired' | 'graceperiod';
export interface Domain {
  id: string;
  name: string;
  registrationDate: string;
  expiryDate: string;
  status: DomainStatus;
  autoRenew: boolean;
}

/** SPEC.md section 3, Transaction (customer): a negative amount is a charge. */
export interface Transaction {
  id: string;
  date: string;
  description: string;
  amount: number;
  status: 'completed' | 'pending' | 'failed';
}

/** SPEC.md section 3, Invoice. */
export interface Invoice {
  id: string;
  number: string;
  date: string;
  amount: number;
  status: 'paid' | 'unpaid';
}

/** SPEC.md section 3, Finance data. */
export interface FinanceData {
  balance: number;
  transactions: Transaction[];
  invoices: Invoice[];
}

/** SPEC.md section 3, Support ticket. `lastUpdate` is an ISO timestamp. */
export interface SupportTicket {
  id: string;
  subject: string;
  status: 'open' | 'answered';
  lastUpdate: string;
  priority: 'medium' | 'high';
}

/** SPEC.md section 3, Knowledge article. */
export interface KnowledgeArticle {
  id: string;
  title: string;
  category: string;
  views: number;
}

/*
 * The rest are shown by SPEC.md section 2 without a listed entity; their shapes are ours (decision 010).
 */

/** The four tiles of the dashboard home (SPEC.md section 9: hosting 2, domains 3, services 1, tickets 0). */
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
