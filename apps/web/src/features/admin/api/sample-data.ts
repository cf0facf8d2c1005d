import type {
  AdminDomain,
  AdminHostingService,
  AdminOverview,
  AdminSettings,
  AdminTransaction,
  AdminUser,
  BillingSummary,
  Server,
  ServerSummary,
} from './types';

/**
 * The admin back office's fixed sample data, the starting point before the API serves these lists
 * (docs/product/api.md). Pages never import this file: they read it through the hooks beside it.
 */

const PEOPLE = [
  ['John', 'Smith'],
  ['Emma', 'Johnson'],
  ['Michael', 'Brown'],
  ['Olivia', 'Davis'],
  ['Ivan', 'Petrov'],
  ['Sophia', 'Wilson'],
  ['Daniel', 'Martinez'],
  ['Anna', 'Sokolova'],
  ['James', 'Taylor'],
  ['Mia', 'Anderson'],
  ['Alexei', 'Volkov'],
  ['Isabella', 'Thomas'],
  ['William', 'Moore'],
  ['Ava', 'Jackson'],
  ['Dmitry', 'Kuznetsov'],
  ['Charlotte', 'White'],
  ['Benjamin', 'Harris'],
  ['Elena', 'Morozova'],
  ['Lucas', 'Clark'],
  ['Amelia', 'Lewis'],
  ['Henry', 'Walker'],
  ['Maria', 'Novikova'],
  ['Jack', 'Hall'],
  ['Grace', 'Young'],
] as const;

const DOMAIN_NAMES = [
  'example.com',
  'mybusiness.net',
  'techstartup.io',
  'cloudbakery.org',
  'petrov-studio.ru',
  'wilsonphoto.com',
  'martinezlaw.com',
  'sokolova-design.ru',
  'taylorfitness.net',
  'andersonhomes.com',
  'volkov-games.io',
  'thomasbooks.org',
  'mooremusic.com',
  'jacksontravel.net',
  'kuznetsov.dev',
  'whitegarden.com',
  'harrisauto.com',
  'morozova-art.ru',
  'clarkconsulting.com',
  'lewiskitchen.net',
  'walkerbikes.com',
  'novikova-shop.ru',
  'hallmedia.io',
  'youngacademy.org',
];

const pad = (value: number) => String(value).padStart(2, '0');
/** A date in 2026 or 2027 from a day number (deterministic, no clock). */
const day = (year: number, month: number, dayOfMonth: number) => `${year}-${pad(month)}-${pad(dayOfMonth)}`;

export const ADMIN_USERS: AdminUser[] = PEOPLE.map(([first, last], index) => {
  const n = index + 1;
  const statuses = ['active', 'active', 'active', 'suspended', 'active', 'inactive'];
  return {
    id: `usr-${String(1000 + n)}`,
    name: `${first} ${last}`,
    email: `${first.toLowerCase()}.${last.toLowerCase()}@example.com`,
    role: n === 2 || n === 13 ? 'admin' : 'user',
    status: statuses[index % statuses.length] ?? 'active',
    registeredDate: day(2025, (index % 12) + 1, (index % 27) + 1),
    lastLogin: `${day(2026, 11, ((index * 3) % 21) + 1)}T${pad(8 + (index % 12))}:${pad((index * 7) % 60)}:00Z`,
    services: { hosting: (index * 5) % 4, domains: (index * 7) % 6 },
  };
});

const PLANS = ['Starter', 'Business', 'Enterprise'];
const HOSTING_STATUSES = ['active', 'active', 'suspended', 'active', 'expired', 'active'];

export const ADMIN_HOSTING: AdminHostingService[] = DOMAIN_NAMES.map((domain, index) => {
  const user = ADMIN_USERS[index % ADMIN_USERS.length]!;
  return {
    id: `hst-${String(2000 + index + 1)}`,
    userId: user.id,
    userName: user.name,
    plan: PLANS[index % PLANS.length]!,
    domain,
    server: `srv-0${(index % 4) + 1}`,
    status: HOSTING_STATUSES[index % HOSTING_STATUSES.length]!,
    expiryDate: day(2027, (index % 12) + 1, ((index * 5) % 27) + 1),
    usage: {
      cpu: (index * 17 + 12) % 96,
      memory: (index * 23 + 30) % 97,
      storage: (index * 13 + 20) % 98,
    },
  };
});

const DOMAIN_STATUSES = ['active', 'active', 'transfer', 'active', 'expired', 'graceperiod'];
const NAMESERVER_SETS = [
  ['ns1.hostpilot.com', 'ns2.hostpilot.com'],
  ['ns1.cloudflare.com', 'ns2.cloudflare.com'],
  ['dns1.registrar-servers.com', 'dns2.registrar-servers.com', 'dns3.registrar-servers.com'],
];

export const ADMIN_DOMAINS: AdminDomain[] = DOMAIN_NAMES.map((name, index) => {
  const user = ADMIN_USERS[(index + 3) % ADMIN_USERS.length]!;
  return {
    id: `dom-${String(3000 + index + 1)}`,
    name,
    registrationDate: day(2024, (index % 12) + 1, ((index * 3) % 27) + 1),
    expiryDate: day(2027, ((index + 4) % 12) + 1, ((index * 7) % 27) + 1),
    status: DOMAIN_STATUSES[index % DOMAIN_STATUSES.length]!,
    autoRenew: index % 3 !== 1,
    userId: user.id,
    userName: user.name,
    nameservers: NAMESERVER_SETS[index % NAMESERVER_SETS.length]!,
    dns: { records: 4 + ((index * 5) % 14), lastUpdate: day(2026, ((index + 6) % 11) + 1, ((index * 4) % 27) + 1) },
  };
});

const TRANSACTION_KINDS = [
  { type: 'hosting_renewal', description: 'Business hosting renewal', amount: 71.88 },
  { type: 'domain_registration', description: 'Domain registration: .com', amount: 12.99 },
  { type: 'hosting_purchase', description: 'Starter hosting, 12 months', amount: 35.88 },
  { type: 'domain_renewal', description: 'Domain renewal: .net', amount: 14.99 },
  { type: 'vds_order', description: 'VDS Pro, monthly', amount: 19.99 },
  { type: 'ssl_certificate', description: 'SSL certificate, 1 year', amount: 49.0 },
];
const TRANSACTION_STATUSES = ['completed', 'pending', 'completed', 'failed', 'completed', 'pending', 'completed'];
const PAYMENT_METHODS = ['credit_card', 'paypal', 'bank_transfer'];

export const ADMIN_TRANSACTIONS: AdminTransaction[] = Array.from({ length: 28 }, (_, index) => {
  const user = ADMIN_USERS[(index * 5) % ADMIN_USERS.length]!;
  const kind = TRANSACTION_KINDS[index % TRANSACTION_KINDS.length]!;
  return {
    id: `txn-${String(5000 + index + 1)}`,
    userId: user.id,
    userName: user.name,
    type: kind.type,
    amount: kind.amount,
    status: TRANSACTION_STATUSES[index % TRANSACTION_STATUSES.length]!,
    date: day(2026, 11, 21 - (index % 21)),
    paymentMethod: PAYMENT_METHODS[index % PAYMENT_METHODS.length]!,
    description: kind.description,
  };
});

export const BILLING_SUMMARY: BillingSummary = {
  totalRevenue: 45231.89,
  pendingAmount: 2345.0,
  pendingCount: 12,
  failedAmount: 1234.0,
  failedCount: 3,
};

export const SERVERS: Server[] = [
  {
    id: 'srv-01',
    name: 'Web Server 01',
    location: 'New York',
    type: 'Dedicated',
    ip: '192.0.2.10',
    status: 'active',
    specs: { cpu: 'Intel Xeon E5-2680 v4, 14 cores', ram: '64 GB DDR4', storage: '2 TB NVMe SSD', bandwidth: '10 TB' },
    usage: { cpu: 45, memory: 62, storage: 38, bandwidth: 27 },
    activeServices: 156,
  },
  {
    id: 'srv-02',
    name: 'Web Server 02',
    location: 'London',
    type: 'Dedicated',
    ip: '192.0.2.20',
    status: 'active',
    specs: { cpu: 'AMD EPYC 7302, 16 cores', ram: '128 GB DDR4', storage: '4 TB NVMe SSD', bandwidth: '20 TB' },
    usage: { cpu: 72, memory: 81, storage: 55, bandwidth: 43 },
    activeServices: 243,
  },
  {
    id: 'srv-03',
    name: 'VPS Node 01',
    location: 'Frankfurt',
    type: 'VPS',
    ip: '198.51.100.30',
    status: 'maintenance',
    specs: { cpu: 'Intel Xeon Gold 6230, 20 cores', ram: '256 GB DDR4', storage: '8 TB SSD', bandwidth: '30 TB' },
    usage: { cpu: 12, memory: 35, storage: 68, bandwidth: 8 },
    activeServices: 89,
  },
  {
    id: 'srv-04',
    name: 'Game Server 01',
    location: 'Singapore',
    type: 'Game',
    ip: '203.0.113.40',
    status: 'active',
    specs: { cpu: 'AMD Ryzen 9 7950X, 16 cores', ram: '128 GB DDR5', storage: '2 TB NVMe SSD', bandwidth: '15 TB' },
    usage: { cpu: 91, memory: 74, storage: 47, bandwidth: 66 },
    activeServices: 64,
  },
];

export const SERVER_SUMMARY: ServerSummary = {
  totalServers: 4,
  activeServices: 552,
  totalStorage: '16 TB',
  totalRam: '576 GB',
};

export const ADMIN_OVERVIEW: AdminOverview = {
  statistics: {
    totalUsers: 1234,
    activeHosting: 856,
    activeDomains: 2341,
    monthlyRevenue: 45231.89,
    userGrowth: 12.5,
    revenueGrowth: 8.2,
    serverLoad: 67,
    ticketsOpen: 23,
  },
  tldSplit: [
    { tld: '.com', percent: 58 },
    { tld: '.net', percent: 17 },
    { tld: '.org', percent: 11 },
    { tld: '.ru', percent: 9 },
    { tld: '.io', percent: 5 },
  ],
  activity: [
    { id: 'act-1', kind: 'user_registered', subject: 'Grace Young', date: '2026-11-22T05:58:00Z' },
    { id: 'act-2', kind: 'payment_received', subject: 'Emma Johnson', date: '2026-11-22T05:12:00Z' },
    { id: 'act-3', kind: 'hosting_created', subject: 'techstartup.io', date: '2026-11-22T03:40:00Z' },
    { id: 'act-4', kind: 'domain_registered', subject: 'kuznetsov.dev', date: '2026-11-21T19:05:00Z' },
    { id: 'act-5', kind: 'ticket_opened', subject: 'Michael Brown', date: '2026-11-21T16:22:00Z' },
  ],
  systemStatus: { cpu: 45, memory: 62, storage: 78 },
  supportQueue: [
    { priority: 'high', count: 5 },
    { priority: 'medium', count: 12 },
    { priority: 'low', count: 6 },
  ],
};

export const DEFAULT_ADMIN_SETTINGS: AdminSettings = {
  general: { siteName: 'HostPilot', supportEmail: 'support@hostpilot.example', defaultLanguage: 'en' },
  security: {
    sslEnforcement: true,
    passwordPolicy: { uppercase: true, numbers: true, specialCharacters: true },
  },
  email: { smtpHost: 'smtp.hostpilot.example', smtpPort: '', encryption: 'tls', smtpUsername: '', smtpPassword: '' },
};
