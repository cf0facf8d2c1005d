import type {
  ActivityRecord,
  AdditionalService,
  DashboardSummaryRecord,
  Domain,
  HostingService,
  Invoice,
  KnowledgeArticle,
  NotificationPreferences,
  NotificationRecord,
  SupportTicket,
  TransactionRecord,
} from '@/features/dashboard/api/types';
import { type Handler, paged } from './http';

/*
 * A customer's account as the customer API answers it, for component tests only (never imported by the app):
 * two hosting services, three domains, one SSL certificate, answered tickets. Money in cents.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const usd = (amount: number) => ({ amount, currency: 'USD' });
const server = { name: 'web-03.fra', status: 'active' as const, cpu: 23, memory: 45, uptime: 99.9 };

export const HOSTING: HostingService[] = [
  {
    id: 'h1',
    name: 'Main website',
    domain: 'mysite.com',
    plan: 'Pro',
    status: 'active',
    storage: { used: 23.4, total: 50 },
    bandwidth: { used: 156, total: 500 },
    expiresAt: '2027-03-15',
    autoRenew: true,
    server,
  },
  {
    id: 'h2',
    name: 'Blog',
    domain: 'myblog.net',
    plan: 'Basic',
    status: 'active',
    storage: { used: 8.7, total: 10 },
    bandwidth: { used: 42, total: 100 },
    expiresAt: '2026-12-10',
    autoRenew: false,
    server,
  },
];

export const DOMAINS: Domain[] = [
  {
    id: 'd1',
    name: 'mysite.com',
    registeredAt: '2024-03-15',
    expiresAt: '2027-03-15',
    status: 'active',
    autoRenew: true,
  },
  {
    id: 'd2',
    name: 'myblog.net',
    registeredAt: '2025-12-05',
    expiresAt: '2026-12-05',
    status: 'active',
    autoRenew: false,
  },
  {
    id: 'd3',
    name: 'old-project.io',
    registeredAt: '2023-10-01',
    expiresAt: '2026-10-01',
    status: 'graceperiod',
    autoRenew: false,
  },
];

export const SERVICES: AdditionalService[] = [
  {
    id: 's1',
    kind: 'ssl',
    name: 'SSL certificate',
    domain: 'mysite.com',
    status: 'active',
    expiresAt: '2027-03-15',
    price: usd(2999),
  },
];

export const TRANSACTIONS: TransactionRecord[] = [
  { id: 't5', createdAt: '2026-11-20', key: 'topUp', amount: usd(2500), status: 'pending' },
  {
    id: 't4',
    createdAt: '2026-11-15',
    key: 'hostingRenewal',
    params: { domain: 'mysite.com', plan: 'Pro' },
    amount: usd(-999),
    status: 'completed',
  },
  { id: 't3', createdAt: '2026-11-01', key: 'topUp', amount: usd(5000), status: 'completed' },
  {
    id: 't2',
    createdAt: '2026-10-20',
    key: 'domainRenewal',
    params: { domain: 'mysite.com' },
    amount: usd(-1299),
    status: 'completed',
  },
  {
    id: 't1',
    createdAt: '2026-10-05',
    key: 'servicePurchase',
    params: { name: 'SSL certificate', domain: 'mysite.com' },
    amount: usd(-2999),
    status: 'completed',
  },
];

export const INVOICES: Invoice[] = [
  { id: 'i3', number: 'INV-2026-0142', issuedAt: '2026-11-15', total: usd(999), status: 'paid' },
  { id: 'i2', number: 'INV-2026-0127', issuedAt: '2026-10-20', total: usd(1299), status: 'paid' },
  { id: 'i1', number: 'INV-2026-0113', issuedAt: '2026-10-05', total: usd(2999), status: 'paid' },
];

export const TICKETS: SupportTicket[] = [
  {
    id: 'tk2',
    number: 'TCK-1042',
    subject: 'SSL certificate does not show on www',
    status: 'answered',
    priority: 'medium',
    updatedAt: '2026-11-18T14:32:00Z',
  },
  {
    id: 'tk1',
    number: 'TCK-1017',
    subject: 'E-mails to Gmail land in spam',
    status: 'answered',
    priority: 'high',
    updatedAt: '2026-10-29T09:05:00Z',
  },
];

export const ARTICLES: Record<'en' | 'ru', KnowledgeArticle[]> = {
  en: [
    { id: 'kb1', title: 'How to point your domain to HostPilot', category: 'Domains', views: 12840 },
    { id: 'kb2', title: 'Installing WordPress in one click', category: 'Hosting', views: 9532 },
    { id: 'kb3', title: 'Setting up e-mail in Outlook and Apple Mail', category: 'E-mail', views: 7410 },
    { id: 'kb4', title: 'Turning on the free SSL certificate', category: 'Security', views: 6208 },
    { id: 'kb5', title: 'Restoring your site from a backup', category: 'Hosting', views: 4377 },
  ],
  ru: [
    { id: 'kb1', title: 'Как направить домен на HostPilot', category: 'Домены', views: 12840 },
    { id: 'kb2', title: 'Установка WordPress в один клик', category: 'Хостинг', views: 9532 },
  ],
};

/** Notifications relative to now, so "2 hours ago" holds whenever the test runs. */
export function notifications(now = Date.now()): NotificationRecord[] {
  return [
    {
      id: 'n1',
      key: 'domainExpiring',
      params: { domain: 'myblog.net', count: 12 },
      type: 'warning',
      read: false,
      createdAt: new Date(now - 2 * HOUR).toISOString(),
    },
    { id: 'n2', key: 'paymentReceived', type: 'success', read: false, createdAt: now - DAY },
    {
      id: 'n3',
      key: 'maintenance',
      params: { server: 'web-03.fra' },
      type: 'info',
      read: true,
      createdAt: now - 3 * DAY,
    },
    {
      id: 'n4',
      key: 'backupFailed',
      params: { domain: 'myblog.net' },
      type: 'error',
      read: true,
      createdAt: now - 5 * DAY,
    },
    { id: 'n5', key: 'welcome', type: 'info', read: true, createdAt: now - 14 * DAY },
  ];
}

export const ACTIVITY: ActivityRecord[] = [
  { id: 'a1', kind: 'payment', key: 'balanceTopUp', createdAt: '2026-11-20T10:12:00Z' },
  {
    id: 'a3',
    kind: 'support',
    key: 'ticketAnswered',
    params: { number: 'TCK-1042' },
    createdAt: '2026-11-18T14:32:00Z',
  },
  {
    id: 'a2',
    kind: 'hosting',
    key: 'hostingRenewed',
    params: { domain: 'mysite.com' },
    createdAt: '2026-11-15T08:00:00Z',
  },
  {
    id: 'a4',
    kind: 'domain',
    key: 'domainRenewed',
    params: { domain: 'mysite.com' },
    createdAt: '2026-10-20T16:45:00Z',
  },
  { id: 'a5', kind: 'account', key: 'passwordChanged', createdAt: '2026-10-02T19:20:00Z' },
];

export const PREFERENCES: NotificationPreferences = {
  emailNotifications: true,
  serviceUpdates: true,
  marketing: false,
};

export function summary(): DashboardSummaryRecord {
  const all = notifications();
  return {
    counts: { hosting: 2, domains: 3, services: 1, tickets: 0 },
    balance: usd(12550),
    expiringSoon: [
      { id: 'd2', kind: 'domain', name: 'myblog.net', expiresAt: '2026-12-05' },
      { id: 'h2', kind: 'hosting', name: 'myblog.net', expiresAt: '2026-12-10' },
    ],
    activity: ACTIVITY,
    notifications: all.slice(0, 3),
    unreadNotifications: all.filter((n) => !n.read).length,
  };
}

/** The customer API with this account's data. */
export function customerRoutes(): Record<string, Handler> {
  return {
    '/api/dashboard/summary': () => summary(),
    '/api/hosting': () => ({ items: HOSTING }),
    '/api/services': () => ({ items: SERVICES }),
    '/api/domains': () => ({ items: DOMAINS }),
    '/api/finance/balance': () => ({ balance: usd(12550) }),
    '/api/finance/transactions': (url) => paged(TRANSACTIONS, url),
    '/api/finance/invoices': (url) => paged(INVOICES, url),
    '/api/tickets': () => ({ items: TICKETS }),
    '/api/notifications': () => ({ items: notifications() }),
    '/api/knowledge/articles': (url) => {
      const lang = url.searchParams.get('lang') === 'ru' ? 'ru' : 'en';
      const q = (url.searchParams.get('q') ?? '').toLocaleLowerCase();
      return { items: ARTICLES[lang].filter((a) => a.title.toLocaleLowerCase().includes(q)) };
    },
    '/api/preferences': () => PREFERENCES,
  };
}

/** A customer who has just registered: nothing anywhere, balance zero. */
export function emptyCustomerRoutes(): Record<string, Handler> {
  const none = () => ({ items: [] });
  const emptyPage = (url: URL) => paged([], url);
  return {
    '/api/dashboard/summary': () => ({
      counts: { hosting: 0, domains: 0, services: 0, tickets: 0 },
      balance: usd(0),
      expiringSoon: [],
      activity: [],
      notifications: [],
      unreadNotifications: 0,
    }),
    '/api/hosting': none,
    '/api/services': none,
    '/api/domains': none,
    '/api/finance/balance': () => ({ balance: usd(0) }),
    '/api/finance/transactions': emptyPage,
    '/api/finance/invoices': emptyPage,
    '/api/tickets': none,
    '/api/notifications': none,
    '/api/knowledge/articles': () => ({ items: ARTICLES.en }),
    '/api/preferences': () => PREFERENCES,
  };
}
