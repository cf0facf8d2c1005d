import type {
  Activity,
  AdditionalService,
  Domain,
  ExpiringService,
  FinanceData,
  HostingService,
  KnowledgeArticle,
  Notification,
  NotificationPreferences,
  ServerStatus,
  SupportTicket,
} from './types';

/*
 * The dashboard's fixed sample data (docs/product/README.md: the dashboard starts from fixed sample data).
 * Only the hooks of this folder read it. Text fields hold keys of the `dashboard` namespace (under
 * `samples.`), which the hooks translate; names, domains and plan names are proper nouns and stay as they are.
 */

export const NOTIFICATIONS: readonly Notification[] = [
  {
    id: 'n1',
    title: 'samples.notifications.domainExpiring.title',
    message: 'samples.notifications.domainExpiring.message',
    date: 'samples.notifications.domainExpiring.date',
    read: false,
    type: 'warning',
  },
  {
    id: 'n2',
    title: 'samples.notifications.paymentReceived.title',
    message: 'samples.notifications.paymentReceived.message',
    date: 'samples.notifications.paymentReceived.date',
    read: false,
    type: 'success',
  },
  {
    id: 'n3',
    title: 'samples.notifications.maintenance.title',
    message: 'samples.notifications.maintenance.message',
    date: 'samples.notifications.maintenance.date',
    read: true,
    type: 'info',
  },
  {
    id: 'n4',
    title: 'samples.notifications.backupFailed.title',
    message: 'samples.notifications.backupFailed.message',
    date: 'samples.notifications.backupFailed.date',
    read: true,
    type: 'error',
  },
  {
    id: 'n5',
    title: 'samples.notifications.welcome.title',
    message: 'samples.notifications.welcome.message',
    date: 'samples.notifications.welcome.date',
    read: true,
    type: 'info',
  },
];

/** Two hosting services (docs/product/constants.md: hosting 2), on the second plan set's Pro and Basic plans. */
export const HOSTING_SERVICES: readonly HostingService[] = [
  {
    id: 'h1',
    name: 'samples.hosting.mainSite',
    domain: 'mysite.com',
    plan: 'Pro',
    status: 'active',
    storage: { used: 23.4, total: 50 },
    bandwidth: { used: 156, total: 500 },
    expiryDate: '2027-03-15',
    autoRenew: true,
  },
  {
    id: 'h2',
    name: 'samples.hosting.blog',
    domain: 'myblog.net',
    plan: 'Basic',
    status: 'active',
    storage: { used: 8.7, total: 10 },
    bandwidth: { used: 42, total: 100 },
    expiryDate: '2026-12-10',
    autoRenew: false,
  },
];

/** Three domains (docs/product/constants.md: domains 3). */
export const DOMAINS: readonly Domain[] = [
  {
    id: 'd1',
    name: 'mysite.com',
    registrationDate: '2024-03-15',
    expiryDate: '2027-03-15',
    status: 'active',
    autoRenew: true,
  },
  {
    id: 'd2',
    name: 'myblog.net',
    registrationDate: '2025-12-05',
    expiryDate: '2026-12-05',
    status: 'active',
    autoRenew: false,
  },
  {
    id: 'd3',
    name: 'old-project.io',
    registrationDate: '2023-10-01',
    expiryDate: '2026-10-01',
    status: 'expired',
    autoRenew: false,
  },
];

/** One additional service (docs/product/constants.md: services 1). */
export const ADDITIONAL_SERVICES: readonly AdditionalService[] = [
  {
    id: 's1',
    kind: 'ssl',
    name: 'samples.services.ssl',
    domain: 'mysite.com',
    status: 'active',
    expiryDate: '2027-03-15',
    price: 29.99,
  },
];

export const FINANCE: FinanceData = {
  balance: 125.5,
  transactions: [
    {
      id: 't5',
      date: '2026-11-20',
      description: 'samples.transactions.topUp',
      amount: 25,
      status: 'pending',
    },
    {
      id: 't4',
      date: '2026-11-15',
      description: 'samples.transactions.hostingRenewal',
      amount: -9.99,
      status: 'completed',
    },
    {
      id: 't3',
      date: '2026-11-01',
      description: 'samples.transactions.topUp',
      amount: 50,
      status: 'completed',
    },
    {
      id: 't2',
      date: '2026-10-20',
      description: 'samples.transactions.domainRenewal',
      amount: -12.99,
      status: 'completed',
    },
    {
      id: 't1',
      date: '2026-10-05',
      description: 'samples.transactions.sslPurchase',
      amount: -29.99,
      status: 'completed',
    },
  ],
  invoices: [
    { id: 'i3', number: 'INV-2026-0142', date: '2026-11-15', amount: 9.99, status: 'paid' },
    { id: 'i2', number: 'INV-2026-0127', date: '2026-10-20', amount: 12.99, status: 'paid' },
    { id: 'i1', number: 'INV-2026-0113', date: '2026-10-05', amount: 29.99, status: 'paid' },
  ],
};

/** Past tickets, all answered: no ticket is open (docs/product/constants.md: tickets 0). */
export const SUPPORT_TICKETS: readonly SupportTicket[] = [
  {
    id: 'TCK-1042',
    subject: 'samples.tickets.sslSetup',
    status: 'answered',
    lastUpdate: '2026-11-18T14:32:00Z',
    priority: 'medium',
  },
  {
    id: 'TCK-1017',
    subject: 'samples.tickets.emailDelivery',
    status: 'answered',
    lastUpdate: '2026-10-29T09:05:00Z',
    priority: 'high',
  },
];

export const KNOWLEDGE_ARTICLES: readonly KnowledgeArticle[] = [
  { id: 'kb1', title: 'samples.articles.pointDomain', category: 'samples.categories.domains', views: 12840 },
  { id: 'kb2', title: 'samples.articles.installWordpress', category: 'samples.categories.hosting', views: 9532 },
  { id: 'kb3', title: 'samples.articles.emailClient', category: 'samples.categories.email', views: 7410 },
  { id: 'kb4', title: 'samples.articles.freeSsl', category: 'samples.categories.security', views: 6208 },
  { id: 'kb5', title: 'samples.articles.restoreBackup', category: 'samples.categories.hosting', views: 4377 },
];

export const ACTIVITY: readonly Activity[] = [
  { id: 'a1', kind: 'payment', description: 'samples.activity.topUp', date: '2026-11-20T10:12:00Z' },
  { id: 'a3', kind: 'support', description: 'samples.activity.ticketAnswered', date: '2026-11-18T14:32:00Z' },
  { id: 'a2', kind: 'hosting', description: 'samples.activity.hostingRenewed', date: '2026-11-15T08:00:00Z' },
  { id: 'a4', kind: 'domain', description: 'samples.activity.domainRenewed', date: '2026-10-20T16:45:00Z' },
  { id: 'a5', kind: 'account', description: 'samples.activity.passwordChanged', date: '2026-10-02T19:20:00Z' },
];

/** Services close to expiry: consistent with HOSTING_SERVICES and DOMAINS above. */
export const EXPIRING_SERVICES: readonly ExpiringService[] = [
  { id: 'd2', kind: 'domain', name: 'myblog.net', expiryDate: '2026-12-05' },
  { id: 'h2', kind: 'hosting', name: 'myblog.net', expiryDate: '2026-12-10' },
];

export const SERVER_STATUS: ServerStatus = { name: 'web-03.fra', cpu: 23, memory: 45, uptime: 99.9 };

export const NOTIFICATION_PREFERENCES: NotificationPreferences = {
  emailNotifications: true,
  serviceUpdates: true,
  marketing: false,
};
