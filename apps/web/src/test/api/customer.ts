import type {
  Activity,
  Article,
  DashboardSummary,
  Domain,
  HostingService,
  Invoice,
  Notification,
  Preferences,
  ServerSummary,
  Service,
  Ticket,
  Transaction,
} from '@hostpilot/shared';
import { type Handler, paged } from './http';

/*
 * A customer's account as the customer API answers it (packages/shared/src/api/customer.ts), for component
 * tests only (never imported by the app): two hosting services, three domains, one SSL certificate, answered
 * tickets. Money in cents, times in ISO text.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const usd = (amountMinor: number) => ({ amountMinor, currency: 'USD' });
const iso = (value: string | number) => new Date(value).toISOString();
const local = (date: string) => iso(`${date}T12:00:00Z`);
const GB = 1024;

const server: ServerSummary = {
  id: 'srv3',
  name: 'web-03.fra',
  location: 'frankfurt',
  type: 'shared',
  status: 'active',
  load: { cpuPercent: 23, memoryPercent: 45, sampledAt: iso('2026-11-24T06:00:00Z') },
  uptimePercent: 99.9,
};

const hosting = (
  id: string,
  name: string,
  domain: string,
  plan: string,
  storage: [number, number],
  bandwidth: [number, number],
  expiresAt: string,
  autoRenew: boolean,
): HostingService => ({
  id,
  kind: 'hosting',
  name,
  plan: { id: plan.toLowerCase(), name: plan },
  domain,
  status: 'active',
  suspensionReason: null,
  price: usd(999),
  billingPeriod: 'month',
  expiresAt: local(expiresAt),
  autoRenew,
  cancelRequestedAt: null,
  pendingPlan: null,
  createdAt: iso('2025-03-15T10:00:00Z'),
  server,
  setup: null,
  storage: { usedMb: Math.round(storage[0] * GB), totalMb: storage[1] * GB },
  bandwidth: { usedMb: Math.round(bandwidth[0] * GB), totalMb: bandwidth[1] * GB },
  measurement: 'estimated',
  measured: null,
});

export const HOSTING: HostingService[] = [
  hosting('h1', 'Main website', 'mysite.com', 'Pro', [23.4, 50], [156, 500], '2027-03-15', true),
  hosting('h2', 'Blog', 'myblog.net', 'Basic', [8.7, 10], [42, 100], '2026-12-10', false),
];

const domain = (
  id: string,
  name: string,
  registered: string,
  expires: string,
  status: Domain['status'],
  autoRenew: boolean,
): Domain => ({
  id,
  name,
  tld: name.slice(name.lastIndexOf('.')),
  status,
  registeredAt: local(registered),
  expiresAt: local(expires),
  autoRenew,
  transferLock: true,
  nameservers: ['ns1.hostpilot.com', 'ns2.hostpilot.com'],
  dnsRecordCount: 4,
  dnsUpdatedAt: null,
  setup: null,
});

export const DOMAINS: Domain[] = [
  domain('d1', 'mysite.com', '2024-03-15', '2027-03-15', 'active', true),
  domain('d2', 'myblog.net', '2025-12-05', '2026-12-05', 'active', false),
  domain('d3', 'old-project.io', '2023-10-01', '2026-10-01', 'graceperiod', false),
];

export const SERVICES: Service[] = [
  {
    id: 's1',
    kind: 'extra',
    name: 'SSL certificate',
    plan: { id: 'ssl', name: 'SSL Certificate' },
    domain: 'mysite.com',
    status: 'active',
    suspensionReason: null,
    price: usd(2999),
    billingPeriod: 'year',
    expiresAt: local('2027-03-15'),
    autoRenew: true,
    cancelRequestedAt: null,
    pendingPlan: null,
    createdAt: iso('2026-03-15T10:00:00Z'),
    server: null,
    setup: null,
  },
];

const transaction = (
  id: string,
  date: string,
  type: Transaction['type'],
  key: string,
  params: Record<string, string>,
  amountMinor: number,
  status: Transaction['status'],
): Transaction => ({
  id,
  date: local(date),
  type,
  description: { key, params },
  amount: usd(amountMinor),
  status,
  method: amountMinor > 0 ? 'credit_card' : 'balance',
  invoiceId: null,
});

export const TRANSACTIONS: Transaction[] = [
  transaction('t5', '2026-11-20', 'topup', 'transactions.topUp', {}, 2500, 'pending'),
  transaction(
    't4',
    '2026-11-15',
    'hosting_renewal',
    'transactions.hostingRenewal',
    { domain: 'mysite.com', plan: 'Pro' },
    -999,
    'completed',
  ),
  transaction('t3', '2026-11-01', 'topup', 'transactions.topUp', {}, 5000, 'completed'),
  transaction(
    't2',
    '2026-10-20',
    'domain_renewal',
    'transactions.domainRenewal',
    { domain: 'mysite.com' },
    -1299,
    'completed',
  ),
  transaction(
    't1',
    '2026-10-05',
    'service_purchase',
    'transactions.servicePurchase',
    { name: 'SSL Certificate', domain: 'mysite.com' },
    -2999,
    'completed',
  ),
];

const invoice = (id: string, number: string, date: string, total: number): Invoice => ({
  id,
  number,
  status: 'paid',
  issuedAt: local(date),
  dueAt: local(date),
  paidAt: local(date),
  total: usd(total),
});

export const INVOICES: Invoice[] = [
  invoice('i3', 'INV-2026-0142', '2026-11-15', 999),
  invoice('i2', 'INV-2026-0127', '2026-10-20', 1299),
  invoice('i1', 'INV-2026-0113', '2026-10-05', 2999),
];

export const TICKETS: Ticket[] = [
  {
    id: 'tk2',
    number: 'TCK-1042',
    subject: 'SSL certificate does not show on www',
    department: 'technical',
    priority: 'medium',
    status: 'answered',
    createdAt: iso('2026-11-18T11:32:00Z'),
    updatedAt: iso('2026-11-18T14:32:00Z'),
  },
  {
    id: 'tk1',
    number: 'TCK-1017',
    subject: 'E-mails to Gmail land in spam',
    department: 'technical',
    priority: 'high',
    status: 'answered',
    createdAt: iso('2026-10-29T06:05:00Z'),
    updatedAt: iso('2026-10-29T09:05:00Z'),
  },
];

const article = (
  id: string,
  language: 'en' | 'ru',
  category: Article['category'],
  title: string,
  views: number,
): Article => ({
  id,
  slug: id,
  category,
  language,
  title,
  views,
  publishedAt: iso('2026-01-10T10:00:00Z'),
});

export const ARTICLES: Record<'en' | 'ru', Article[]> = {
  en: [
    article('kb1', 'en', 'domains', 'How to point your domain to HostPilot', 12840),
    article('kb2', 'en', 'hosting', 'Installing WordPress in one click', 9532),
    article('kb3', 'en', 'email', 'Setting up e-mail in Outlook and Apple Mail', 7410),
    article('kb4', 'en', 'security', 'Turning on the free SSL certificate', 6208),
    article('kb5', 'en', 'hosting', 'Restoring your site from a backup', 4377),
  ],
  ru: [
    article('kb1', 'ru', 'domains', 'Как направить домен на HostPilot', 12840),
    article('kb2', 'ru', 'hosting', 'Установка WordPress в один клик', 9532),
  ],
};

/** Notifications relative to now, so "2 hours ago" holds whenever the test runs. */
export function notifications(now = Date.now()): Notification[] {
  const at = (ago: number) => iso(now - ago);
  return [
    {
      id: 'n1',
      key: 'domainExpiring',
      params: { domain: 'myblog.net', expiresAt: '2026-12-05T12:00:00.000Z' },
      type: 'warning',
      read: false,
      createdAt: at(2 * HOUR),
    },
    {
      id: 'n2',
      key: 'paymentReceived',
      params: { amountMinor: '2500', currency: 'USD' },
      type: 'success',
      read: false,
      createdAt: at(DAY),
    },
    {
      id: 'n3',
      key: 'maintenance',
      params: { server: 'web-03.fra' },
      type: 'info',
      read: true,
      createdAt: at(3 * DAY),
    },
    {
      id: 'n4',
      key: 'backupFailed',
      params: { domain: 'myblog.net' },
      type: 'error',
      read: true,
      createdAt: at(5 * DAY),
    },
    { id: 'n5', key: 'welcome', params: {}, type: 'info', read: true, createdAt: at(14 * DAY) },
  ];
}

const activity = (
  id: string,
  action: string,
  subjectType: Activity['subjectType'],
  at: string,
  params: Activity['params'] = {},
): Activity => ({
  id,
  action,
  subjectType,
  subjectId: null,
  params,
  createdAt: iso(at),
});

export const ACTIVITY: Activity[] = [
  activity('a1', 'payment.topUp', 'payment', '2026-11-20T10:12:00Z', { amountMinor: 2500, currency: 'USD' }),
  activity('a3', 'ticket.answered', 'ticket', '2026-11-18T14:32:00Z'),
  activity('a2', 'service.renewed', 'service', '2026-11-15T08:00:00Z', { domain: 'mysite.com' }),
  activity('a4', 'domain.renewed', 'domain', '2026-10-20T16:45:00Z', { domain: 'mysite.com' }),
  activity('a5', 'account.passwordChanged', 'account', '2026-10-02T19:20:00Z'),
];

export const PREFERENCES: Preferences = {
  language: 'en',
  emailNotifications: true,
  serviceUpdates: true,
  marketing: false,
};

export function summary(): DashboardSummary {
  const all = notifications();
  return {
    counts: { hosting: 2, domains: 3, services: 1, openTickets: 0 },
    balance: usd(12550),
    // Relative to now: the home page says "expired" of a date that has passed and "expires" of one to come.
    expiringSoon: [
      { id: 'd3', kind: 'domain', name: 'old-project.io', expiresAt: iso(Date.now() - 10 * DAY) },
      { id: 'd2', kind: 'domain', name: 'myblog.net', expiresAt: iso(Date.now() + 11 * DAY) },
      { id: 'h2', kind: 'hosting', name: 'myblog.net', expiresAt: iso(Date.now() + 16 * DAY) },
    ],
    recentActivity: ACTIVITY,
    notifications: all.slice(0, 3),
    unreadNotifications: all.filter((n) => !n.read).length,
  };
}

/** A year of spending (one charge in the current month) and a month of usage (the last 3 days sampled). */
function trends() {
  const now = new Date();
  const month = (offset: number) =>
    new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1)).toISOString().slice(0, 7);
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  return {
    spending: Array.from({ length: 12 }, (_, at) => ({
      month: month(at - 11),
      amount: usd(at === 11 ? 1999 : 0),
    })),
    usage: Array.from({ length: 30 }, (_, at) => ({
      day: day(at - 29),
      storageUsedMb: at >= 27 ? 2048 : null,
      bandwidthUsedMb: at >= 27 ? 10_240 : null,
    })),
  };
}

/** The customer API with this account's data. */
export function customerRoutes(): Record<string, Handler> {
  return {
    '/api/dashboard/summary': () => summary(),
    '/api/dashboard/trends': () => trends(),
    '/api/dashboard/getting-started': () => ({
      steps: { verifyEmail: true, firstOrder: true, pointDomain: true, uploadSite: true },
      dismissed: false,
    }),
    '/api/hosting': (url) => paged(HOSTING, url),
    '/api/services': (url) => paged(SERVICES, url),
    '/api/domains': (url) => paged(DOMAINS, url),
    '/api/finance/balance': () => ({ balance: usd(12550) }),
    '/api/billing/payment-method': () => ({ card: null }),
    '/api/finance/transactions': (url) => paged(TRANSACTIONS, url),
    '/api/finance/invoices': (url) => paged(INVOICES, url),
    '/api/tickets': (url) => paged(TICKETS, url),
    '/api/notifications': (url) => {
      const all = notifications();
      return { ...paged(all, url), unread: all.filter((n) => !n.read).length };
    },
    '/api/notifications/unread-count': () => ({ unread: notifications().filter((n) => !n.read).length }),
    '/api/knowledge/articles': (url) => {
      const lang = url.searchParams.get('lang') === 'ru' ? 'ru' : 'en';
      const q = (url.searchParams.get('q') ?? '').toLocaleLowerCase();
      return paged(
        ARTICLES[lang].filter((a) => a.title.toLocaleLowerCase().includes(q)),
        url,
      );
    },
    '/api/users/me/preferences': () => PREFERENCES,
  };
}

/** A customer who has just registered: nothing anywhere, balance zero. */
export function emptyCustomerRoutes(): Record<string, Handler> {
  const none = (url: URL) => paged([], url);
  return {
    '/api/dashboard/summary': (): DashboardSummary => ({
      counts: { hosting: 0, domains: 0, services: 0, openTickets: 0 },
      balance: usd(0),
      expiringSoon: [],
      recentActivity: [],
      notifications: [],
      unreadNotifications: 0,
    }),
    '/api/hosting': none,
    '/api/services': none,
    '/api/domains': none,
    '/api/finance/balance': () => ({ balance: usd(0) }),
    '/api/billing/payment-method': () => ({ card: null }),
    '/api/finance/transactions': none,
    '/api/finance/invoices': none,
    '/api/tickets': none,
    '/api/notifications': (url) => ({ ...paged([], url), unread: 0 }),
    '/api/notifications/unread-count': () => ({ unread: 0 }),
    '/api/knowledge/articles': (url) => paged(ARTICLES.en, url),
    '/api/users/me/preferences': () => PREFERENCES,
  };
}
