import type {
  AdminDomain,
  AdminHostingService,
  AdminOverview,
  AdminTransaction,
  AdminUser,
  Server,
} from '@/features/admin/api/types';
import { type Handler, paged } from './http';

/*
 * The admin API as component tests see it (never imported by the app): a population of users, hosting, domains,
 * transactions and servers, and lists that search, filter, sort and page the way the server does.
 */

const FIRST = [
  'John',
  'Emma',
  'Michael',
  'Olivia',
  'Ivan',
  'Sophia',
  'Daniel',
  'Anna',
  'James',
  'Mia',
  'Alexei',
  'Grace',
];
const LAST = ['Smith', 'Johnson', 'Brown', 'Davis', 'Petrov', 'Wilson', 'Martinez', 'Sokolova', 'Taylor', 'Volkov'];
const usd = (amount: number) => ({ amount, currency: 'USD' });
const at = (year: number, month: number, day: number) => Date.UTC(year, month - 1, day, 9, 30);

/** `count` users, the first of them named after the lists above; ids and e-mails are unique. */
export function adminUsers(count = 312): AdminUser[] {
  return Array.from({ length: count }, (_, index) => {
    const first = FIRST[index % FIRST.length]!;
    const last = LAST[Math.floor(index / FIRST.length) % LAST.length]!;
    return {
      id: `u${index + 1}`,
      name: `${first} ${last}`,
      email: `${first.toLowerCase()}.${last.toLowerCase()}${index + 1}@example.com`,
      role: index === 1 ? 1 : 0,
      status: index % 7 === 3 ? 'suspended' : 'active',
      createdAt: at(2025, (index % 12) + 1, (index % 27) + 1),
      lastLoginAt: index % 11 === 5 ? null : at(2026, 11, (index % 21) + 1),
      services: { hosting: index % 3, domains: (index * 7) % 6 },
    };
  });
}

const DOMAINS = ['example.com', 'mybusiness.net', 'techstartup.io', 'cloudbakery.org', 'petrov-studio.ru'];
const HOSTING_STATUSES = ['active', 'active', 'suspended', 'active', 'expired', 'active'];

export function adminHosting(count = 24): AdminHostingService[] {
  return Array.from({ length: count }, (_, index) => ({
    id: `h${index + 1}`,
    userId: `u${index + 1}`,
    userName: `${FIRST[index % FIRST.length]} ${LAST[index % LAST.length]}`,
    plan: ['Starter', 'Business', 'Enterprise'][index % 3]!,
    domain: index < DOMAINS.length ? DOMAINS[index]! : `site-${index + 1}.com`,
    server: `web-0${(index % 4) + 1}.fra`,
    status: HOSTING_STATUSES[index % HOSTING_STATUSES.length]!,
    expiresAt: at(2027, (index % 12) + 1, ((index * 5) % 27) + 1),
    usage: { cpu: (index * 17 + 12) % 96, memory: (index * 23 + 30) % 97, storage: (index * 13 + 20) % 98 },
  }));
}

export function adminDomains(count = 24): AdminDomain[] {
  const statuses = ['active', 'active', 'transferring', 'active', 'expired', 'graceperiod'];
  return Array.from({ length: count }, (_, index) => ({
    id: `d${index + 1}`,
    name: index < DOMAINS.length ? DOMAINS[index]! : `site-${index + 1}.com`,
    registeredAt: at(2024, (index % 12) + 1, ((index * 3) % 27) + 1),
    expiresAt: at(2027, ((index + 4) % 12) + 1, ((index * 7) % 27) + 1),
    status: statuses[index % statuses.length]!,
    autoRenew: index % 3 !== 1,
    userId: `u${index + 1}`,
    userName: `${FIRST[index % FIRST.length]} ${LAST[index % LAST.length]}`,
    nameservers: ['ns1.hostpilot.com', 'ns2.hostpilot.com'],
    dns: { records: 4 + ((index * 5) % 14), updatedAt: index % 4 === 0 ? null : at(2026, 10, (index % 27) + 1) },
  }));
}

export function adminTransactions(count = 28): AdminTransaction[] {
  const statuses = ['completed', 'pending', 'completed', 'failed', 'completed', 'pending', 'completed'];
  return Array.from({ length: count }, (_, index) => ({
    id: `t${index + 1}`,
    userId: `u${index + 1}`,
    userName: `${FIRST[index % FIRST.length]} ${LAST[index % LAST.length]}`,
    type: 'hosting_renewal',
    amount: usd(7188 + index * 100),
    status: statuses[index % statuses.length]!,
    createdAt: at(2026, 11, 21 - (index % 21)),
    paymentMethod: ['credit_card', 'paypal', 'bank_transfer'][index % 3]!,
    description: 'Business hosting renewal',
  }));
}

export const SERVERS: Server[] = [
  {
    id: 's1',
    name: 'web-01.nyc',
    location: 'New York',
    type: 'Dedicated',
    ip: '192.0.2.10',
    status: 'active',
    specs: { cpu: 'Intel Xeon E5-2680 v4, 14 cores', ram: '64 GB DDR4', storage: '2 TB NVMe SSD', bandwidth: '10 TB' },
    usage: { cpu: 45, memory: 62, storage: 38, bandwidth: 27 },
    activeServices: 156,
  },
  {
    id: 's2',
    name: 'web-03.fra',
    location: 'Frankfurt',
    type: 'VPS',
    ip: '198.51.100.30',
    status: 'maintenance',
    specs: { cpu: 'Intel Xeon Gold 6230, 20 cores', ram: '256 GB DDR4', storage: '8 TB SSD', bandwidth: '30 TB' },
    usage: { cpu: 12, memory: 35, storage: 68, bandwidth: 8 },
    activeServices: 89,
  },
];

export const OVERVIEW: AdminOverview = {
  statistics: {
    totalUsers: 312,
    activeHosting: 180,
    activeDomains: 240,
    revenue: usd(4523189),
    userGrowth: 12.5,
    revenueGrowth: -3.2,
    serverLoad: 67,
    ticketsOpen: 23,
  },
  tldSplit: [
    { tld: '.com', percent: 58 },
    { tld: '.ru', percent: 42 },
  ],
  activity: [{ id: 'a1', kind: 'user_registered', subject: 'Grace Young', createdAt: Date.now() - 2 * 3_600_000 }],
  systemStatus: { cpu: 45, memory: 62, storage: 78 },
  supportQueue: [
    { priority: 'high', count: 5 },
    { priority: 'medium', count: 12 },
    { priority: 'low', count: 6 },
  ],
};

/** Search (a literal, case-insensitive substring of `texts`), filters, sort and page, as the admin API does. */
export function listHandler<Row extends object>(
  rows: Row[],
  texts: (row: Row) => string[],
  extra: (rows: Row[]) => object = () => ({}),
): Handler {
  return (url) => {
    const search = (url.searchParams.get('search') ?? '').toLocaleLowerCase();
    let found = rows.filter((row) => !search || texts(row).some((text) => text.toLocaleLowerCase().includes(search)));
    for (const name of ['status', 'role']) {
      const value = url.searchParams.get(name);
      if (value) found = found.filter((row) => String((row as Record<string, unknown>)[name]) === value);
    }
    const sort = url.searchParams.get('sort');
    if (sort) {
      const sign = url.searchParams.get('order') === 'asc' ? 1 : -1;
      const value = (row: Row) => {
        const raw = (row as Record<string, unknown>)[sort];
        return typeof raw === 'object' && raw !== null && 'amount' in raw ? Number(raw.amount) : (raw ?? -Infinity);
      };
      found = [...found].sort((a, b) => (value(a) < value(b) ? -sign : value(a) > value(b) ? sign : 0));
    }
    return { ...paged(found, url), ...extra(found) };
  };
}

export function adminRoutes(users = adminUsers()): Record<string, Handler> {
  const transactions = adminTransactions();
  return {
    '/api/admin/overview': () => OVERVIEW,
    '/api/admin/users': listHandler(users, (user) => [user.name, user.email]),
    '/api/admin/hosting': listHandler(adminHosting(), (service) => [service.domain, service.userName]),
    '/api/admin/domains': listHandler(adminDomains(), (domain) => [domain.name, domain.userName]),
    '/api/admin/transactions': listHandler(
      transactions,
      (transaction) => [transaction.description, transaction.userName],
      () => ({
        summary: {
          totalRevenue: usd(4523189),
          pendingAmount: usd(234500),
          pendingCount: 12,
          failedAmount: usd(123400),
          failedCount: 3,
        },
      }),
    ),
    '/api/admin/servers': listHandler(
      SERVERS,
      (server) => [server.name, server.location],
      () => ({ summary: { totalServers: 2, activeServices: 245, totalStorageGb: 10240, totalRamGb: 320 } }),
    ),
  };
}
