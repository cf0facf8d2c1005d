/** The admin entities of docs/product/entities.md, as the API will one day serve them. */

export type AdminRole = 'user' | 'admin';

export interface AdminUser {
  id: string;
  name: string;
  email: string;
  role: AdminRole;
  /** active, or another state such as suspended. */
  status: string;
  registeredDate: string;
  /** ISO timestamp. */
  lastLogin: string;
  services: { hosting: number; domains: number };
}

export interface AdminHostingService {
  id: string;
  userId: string;
  userName: string;
  plan: string;
  domain: string;
  /** A server id, e.g. srv-01. */
  server: string;
  /** active, suspended, expired. */
  status: string;
  expiryDate: string;
  /** Percentages, 0 to 100. */
  usage: { cpu: number; memory: number; storage: number };
}

export interface AdminDomain {
  id: string;
  name: string;
  registrationDate: string;
  expiryDate: string;
  /** active, transfer, expired, graceperiod. */
  status: string;
  autoRenew: boolean;
  userId: string;
  userName: string;
  nameservers: string[];
  dns: { records: number; lastUpdate: string };
}

export interface AdminTransaction {
  id: string;
  userId: string;
  userName: string;
  /** e.g. hosting_renewal, domain_registration. */
  type: string;
  amount: number;
  /** completed, pending; anything else is treated as failed. */
  status: string;
  date: string;
  /** e.g. credit_card, paypal. */
  paymentMethod: string;
  description: string;
}

export interface AdminStatistics {
  totalUsers: number;
  activeHosting: number;
  activeDomains: number;
  monthlyRevenue: number;
  /** Percent change against the previous month. */
  userGrowth: number;
  revenueGrowth: number;
  /** Average server load, percent. */
  serverLoad: number;
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
  usage: { cpu: number; memory: number; storage: number; bandwidth: number };
  activeServices: number;
}

/** The fixed texts of the server summary cards (fixed text, docs/product/screens.md). */
export interface ServerSummary {
  totalServers: number;
  activeServices: number;
  totalStorage: string;
  totalRam: string;
}

/** The fixed amounts of the billing summary cards. */
export interface BillingSummary {
  totalRevenue: number;
  pendingAmount: number;
  pendingCount: number;
  failedAmount: number;
  failedCount: number;
}

export type ActivityKind =
  'user_registered' | 'hosting_created' | 'domain_registered' | 'payment_received' | 'ticket_opened';

export interface AdminActivity {
  id: string;
  kind: ActivityKind;
  /** Who or what the event is about: a name, a domain. */
  subject: string;
  /** ISO timestamp. */
  date: string;
}

export type TicketPriority = 'high' | 'medium' | 'low';

export interface AdminOverview {
  statistics: AdminStatistics;
  /** Share of active domains per TLD, percent. */
  tldSplit: { tld: string; percent: number }[];
  activity: AdminActivity[];
  /** Percentages, 0 to 100. */
  systemStatus: { cpu: number; memory: number; storage: number };
  supportQueue: { priority: TicketPriority; count: number }[];
}

export type EmailEncryption = 'tls' | 'ssl' | 'none';

export interface AdminSettings {
  general: { siteName: string; supportEmail: string; defaultLanguage: 'en' | 'ru' };
  security: {
    sslEnforcement: boolean;
    passwordPolicy: { uppercase: boolean; numbers: boolean; specialCharacters: boolean };
  };
  email: {
    smtpHost: string;
    /** Empty until set; the field's placeholder shows 587. */
    smtpPort: string;
    encryption: EmailEncryption;
    smtpUsername: string;
    smtpPassword: string;
  };
}
