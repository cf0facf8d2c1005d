import { ADMIN_ROLE, permissionsOf, ROLES, type RoleName } from '@hostpilot/shared';
import type {
  AdminDomain,
  AdminOverview,
  AdminServer,
  AdminService,
  AdminTransaction,
  AdminUser,
} from '@hostpilot/shared';
import { type Handler, paged } from './http';

/*
 * The admin API as component tests see it (packages/shared/src/api/admin.ts; never imported by the app): a
 * population of users, hosting, domains, transactions and servers, and lists that search, filter, sort and page
 * the way the server does.
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
const usd = (amountMinor: number) => ({ amountMinor, currency: 'USD' });
const at = (year: number, month: number, day: number) => new Date(Date.UTC(year, month - 1, day, 9, 30)).toISOString();
const owner = (index: number) => ({
  id: `u${index + 1}`,
  name: `${FIRST[index % FIRST.length]} ${LAST[index % LAST.length]}`,
  email: `user${index + 1}@example.com`,
});

/** `count` users, the first of them named after the lists above; ids and e-mails are unique. */
export function adminUsers(count = 312): AdminUser[] {
  return Array.from({ length: count }, (_, index) => {
    const first = FIRST[index % FIRST.length]!;
    const last = LAST[Math.floor(index / FIRST.length) % LAST.length]!;
    return {
      id: `u${index + 1}`,
      firstName: first,
      lastName: last,
      email: `${first.toLowerCase()}.${last.toLowerCase()}${index + 1}@example.com`,
      role: index === 1 ? 1 : 0,
      status: index % 7 === 3 ? 'suspended' : 'active',
      preferredLanguage: index % 3 === 0 ? 'ru' : 'en',
      createdAt: at(2025, (index % 12) + 1, (index % 27) + 1),
      lastSignInAt: index % 11 === 5 ? null : at(2026, 11, (index % 21) + 1),
      services: { hosting: index % 3, other: 0, domains: (index * 7) % 6 },
    };
  });
}

const DOMAINS = ['example.com', 'mybusiness.net', 'techstartup.io', 'cloudbakery.org', 'petrov-studio.ru'];
const SERVICE_STATUSES = ['active', 'active', 'suspended', 'active', 'expired', 'active'] as const;

export function adminHosting(count = 24): AdminService[] {
  return Array.from({ length: count }, (_, index) => ({
    id: `h${index + 1}`,
    kind: 'hosting',
    name: 'Website',
    planId: ['starter', 'business', 'enterprise'][index % 3]!,
    domain: index < DOMAINS.length ? DOMAINS[index]! : `site-${index + 1}.com`,
    status: SERVICE_STATUSES[index % SERVICE_STATUSES.length]!,
    suspensionReason: null,
    owner: owner(index),
    server: { id: `s${(index % 4) + 1}`, name: `web-0${(index % 4) + 1}.fra` },
    price: usd(999),
    expiresAt: at(2027, (index % 12) + 1, ((index * 5) % 27) + 1),
    autoRenew: true,
    createdAt: at(2025, 1, (index % 27) + 1),
    updatedAt: at(2026, 10, (index % 27) + 1),
    usage: {
      cpuPercent: (index * 17 + 12) % 96,
      memoryPercent: (index * 23 + 30) % 97,
      storageUsedMb: 1024 * ((index % 9) + 1),
      bandwidthUsedMb: 2048,
    },
  }));
}

export function adminDomains(count = 24): AdminDomain[] {
  const statuses = ['active', 'active', 'transferring', 'active', 'expired', 'graceperiod'] as const;
  return Array.from({ length: count }, (_, index) => {
    const name = index < DOMAINS.length ? DOMAINS[index]! : `site-${index + 1}.com`;
    return {
      id: `d${index + 1}`,
      name,
      tld: name.slice(name.lastIndexOf('.') + 1),
      status: statuses[index % statuses.length]!,
      owner: owner(index),
      registeredAt: at(2024, (index % 12) + 1, ((index * 3) % 27) + 1),
      expiresAt: at(2027, ((index + 4) % 12) + 1, ((index * 7) % 27) + 1),
      autoRenew: index % 3 !== 1,
      transferLock: true,
      nameservers: ['ns1.hostpilot.com', 'ns2.hostpilot.com'],
      dns: { records: 4 + ((index * 5) % 14), updatedAt: index % 4 === 0 ? null : at(2026, 10, (index % 27) + 1) },
    };
  });
}

export function adminTransactions(count = 28): AdminTransaction[] {
  const statuses = ['completed', 'pending', 'completed', 'failed', 'completed', 'pending', 'completed'] as const;
  return Array.from({ length: count }, (_, index) => {
    const method = (['credit_card', 'paypal', 'bank_transfer'] as const)[index % 3]!;
    // Even rows pay an invoice (refunded to the balance), odd rows are top-ups (refunded to their source).
    const refundTo = index % 2 === 0 ? 'balance' : method === 'bank_transfer' ? 'bank_transfer' : 'card';
    return {
      id: `t${index + 1}`,
      owner: owner(index),
      amount: usd(7188 + index * 100),
      method,
      status: statuses[index % statuses.length]!,
      invoice: index % 2 === 0 ? { id: `i${index}`, number: `INV-2026-${String(index + 100).padStart(4, '0')}` } : null,
      declineReason: null,
      refunded: usd(0),
      refundTo,
      createdAt: at(2026, 11, 21 - (index % 21)),
      completedAt: null,
    } as const;
  });
}

export const SERVERS: AdminServer[] = [
  {
    id: 's1',
    name: 'web-01.nyc',
    location: 'new-york',
    type: 'dedicated',
    ip: '192.0.2.10',
    status: 'active',
    specs: { cpuModel: 'Intel Xeon E5-2680 v4', cpuCores: 14, ramGb: 64, storageGb: 2048, bandwidthGbps: 10 },
    capacity: 200,
    services: 156,
    load: { cpuPercent: 45, memoryPercent: 62, storagePercent: 38, sampledAt: at(2026, 11, 24) },
    driver: { type: null, settings: {}, secretsSet: [], connection: { status: null, checkedAt: null, error: null } },
  },
  {
    id: 's2',
    name: 'web-03.fra',
    location: 'frankfurt',
    type: 'vds',
    ip: '198.51.100.30',
    status: 'maintenance',
    specs: { cpuModel: 'Intel Xeon Gold 6230', cpuCores: 20, ramGb: 256, storageGb: 8192, bandwidthGbps: 1 },
    capacity: 120,
    services: 89,
    load: null,
    driver: { type: null, settings: {}, secretsSet: [], connection: { status: null, checkedAt: null, error: null } },
  },
];

export const OVERVIEW: AdminOverview = {
  users: { total: 312, newLast30Days: 45, newPrevious30Days: 40, growthPercent: 12.5 },
  hosting: { active: 180, serverLoadPercent: 67 },
  domains: {
    active: 240,
    byTld: [
      { tld: 'com', count: 139 },
      { tld: 'ru', count: 101 },
    ],
  },
  revenue: { last30Days: usd(4523189), previous30Days: usd(4672000), changePercent: -3.2 },
  tickets: { open: 23, byPriority: { urgent: 0, high: 5, medium: 12, low: 6 } },
  recentActivity: [
    {
      id: 'a1',
      createdAt: new Date(Date.now() - 2 * 3_600_000).toISOString(),
      user: { id: 'u12', name: 'Grace Young', email: 'grace@example.com' },
      action: 'account.created',
      subjectType: 'account',
      subjectId: null,
      params: {},
    },
  ],
  system: {
    cpu: { cores: 2, loadAverage: [0.9, 0.8, 0.7], usagePercent: 45 },
    memory: { totalBytes: 8e9, usedBytes: 4.96e9, usedPercent: 62 },
    disk: { totalBytes: 1e11, usedBytes: 7.8e10, usedPercent: 78 },
    uptimeSeconds: 3600,
  },
};

/** Search (a literal, case-insensitive substring of `texts`), filters, sort and page, as the admin API does. */
export function listHandler<Row extends object>(
  rows: Row[],
  texts: (row: Row) => string[],
  extra: (rows: Row[]) => object = () => ({}),
): Handler {
  return (url) => {
    const search = (url.searchParams.get('q') ?? '').toLocaleLowerCase();
    let found = rows.filter((row) => !search || texts(row).some((text) => text.toLocaleLowerCase().includes(search)));
    for (const name of ['status', 'role', 'kind']) {
      const value = url.searchParams.get(name);
      const wanted = name === 'role' && value !== null ? String(ROLES[value as RoleName]) : value;
      if (wanted) found = found.filter((row) => String((row as Record<string, unknown>)[name]) === wanted);
    }
    const sort = url.searchParams.get('sort');
    if (sort) {
      const sign = url.searchParams.get('order') === 'asc' ? 1 : -1;
      const value = (row: Row) => {
        const raw = (row as Record<string, unknown>)[sort];
        return typeof raw === 'object' && raw !== null && 'amountMinor' in raw ? Number(raw.amountMinor) : (raw ?? '');
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
    '/api/admin/me/permissions': () => ({ role: ADMIN_ROLE, permissions: permissionsOf(ADMIN_ROLE) }),
    '/api/admin/users': listHandler(users, (user) => [`${user.firstName} ${user.lastName}`, user.email]),
    '/api/admin/services': listHandler(adminHosting(), (service) => [service.domain ?? '', service.owner.name]),
    '/api/admin/domains': listHandler(adminDomains(), (domain) => [domain.name, domain.owner.name]),
    '/api/admin/transactions': listHandler(
      transactions,
      (transaction) => [transaction.owner.name, transaction.owner.email],
      () => ({
        summary: {
          revenueLast30Days: usd(4523189),
          pending: { count: 12, amount: usd(234500) },
          failed: { count: 3, amount: usd(123400) },
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
