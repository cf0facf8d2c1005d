import {
  LANGUAGES,
  PAYMENT_METHODS,
  REFUND_DESTINATIONS,
  SERVER_STATUSES,
  SERVER_TYPES,
  SERVICE_KINDS,
  TICKET_PRIORITIES,
  USER_STATUSES,
} from '../model';
import { PERMISSIONS, ROLES, type RoleName } from '../roles';
import { dayParamSchema, enumFilter, listQuerySchema, pageSchema } from '../schemas/list-query';
import type { ValidationMessageKey } from '../schemas/messages';
import { z } from '../schemas/zod';
import { DOMAIN_STATUSES } from '../states/domain';
import { PAYMENT_STATUSES } from '../states/payment';
import { SERVICE_STATUSES } from '../states/service';
import { activitySchema, moneySchema } from './customer';
import { adminServerDriverSchema } from './provisioning';
import { isHostName, isIPv4, isIPv6 } from './self-service';

/**
 * Contracts of the back-office API under /api/admin (docs/product/api.md). The API validates queries and
 * serialises answers with these schemas, and the web app takes its types from them. Conventions are the
 * customer API's: ISO 8601 times in UTC, money as `{ amountMinor, currency }`, lists paged with the list-query
 * contract (page, pageSize 10/20/50, sort, order, q, filters; 400 for anything else).
 */

const timestamp = z.iso.datetime();
const count = z.number().int().nonnegative();
const DATA_CENTER_IDS = ['new-york', 'london', 'frankfurt', 'singapore'] as const;

/** GET /api/admin/me/permissions: what the caller's role may do now, so the web hides what it cannot. */
export const adminPermissionsSchema = z.object({
  role: z.number().int(),
  permissions: z.array(z.enum(PERMISSIONS)),
});
export type AdminPermissions = z.infer<typeof adminPermissionsSchema>;

/** The account a row belongs to. */
export const ownerSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });
export type Owner = z.infer<typeof ownerSchema>;

/** A growth or change in percent, one decimal; null when the previous period had nothing to compare with. */
const changePercent = z.number().nullable();

// ---------------------------------------------------------------------------------------------------------
// Overview

export const adminOverviewSchema = z.object({
  users: z.object({
    total: count.describe('Accounts not deleted'),
    newLast30Days: count,
    newPrevious30Days: count,
    growthPercent: changePercent.describe('New accounts of the last 30 days against the 30 before'),
  }),
  hosting: z.object({
    active: count.describe('Active hosting services'),
    serverLoadPercent: z.number().nullable().describe("Mean CPU of active servers' latest samples"),
  }),
  domains: z.object({
    active: count,
    byTld: z.array(z.object({ tld: z.string(), count })).describe('Active domains per TLD, most first'),
  }),
  revenue: z.object({
    last30Days: moneySchema.describe('Completed payments of the last 30 days'),
    previous30Days: moneySchema,
    changePercent,
  }),
  tickets: z.object({
    open: count.describe('Tickets not closed'),
    byPriority: z.object(
      Object.fromEntries(TICKET_PRIORITIES.map((p) => [p, count])) as Record<
        (typeof TICKET_PRIORITIES)[number],
        typeof count
      >,
    ),
  }),
  recentActivity: z
    .array(activitySchema.extend({ user: ownerSchema }))
    .describe('The latest 10 across every account, newest first'),
  system: z.object({
    cpu: z.object({
      cores: count,
      loadAverage: z.tuple([z.number(), z.number(), z.number()]).describe('1, 5 and 15 minutes'),
      usagePercent: z.number().describe('Load of the last minute over the cores, at most 100'),
    }),
    memory: z.object({ totalBytes: count, usedBytes: count, usedPercent: z.number() }),
    disk: z
      .object({ totalBytes: count, usedBytes: count, usedPercent: z.number() })
      .describe('The file system of DATA_DIR'),
    uptimeSeconds: count.describe('Of this API process'),
  }),
});
export type AdminOverview = z.infer<typeof adminOverviewSchema>;

/** How many days the overview's charts may cover (GET /api/admin/overview/trends?days=). */
export const TREND_DAYS = [7, 30, 90] as const;
export const adminTrendsQuerySchema = z.object({
  days: z.coerce
    .number()
    .int()
    .refine((value) => (TREND_DAYS as readonly number[]).includes(value), { message: 'validation.days' })
    .default(30),
});

/**
 * GET /api/admin/overview/trends: one entry per UTC day, oldest first, ending today
 * (docs/decisions/054-charts-and-the-look-of-a-brand.md).
 */
export const adminTrendsSchema = z.object({
  days: z.array(
    z.object({
      day: z.iso.date().describe('The UTC day'),
      revenue: moneySchema.describe('Completed payments of the day (as the overview counts its 30 days)'),
      newCustomers: count.describe('Customer accounts registered that day and not deleted'),
      orders: count.describe('Orders placed that day'),
      tickets: count.describe('Tickets opened that day'),
      serverLoadPercent: z
        .number()
        .nullable()
        .describe("Mean CPU of the day's server samples; null when none was taken (samples are kept 30 days)"),
    }),
  ),
});
export type AdminTrends = z.infer<typeof adminTrendsSchema>;

// ---------------------------------------------------------------------------------------------------------
// Users

export const ROLE_NAMES = Object.keys(ROLES) as [RoleName, ...RoleName[]];

const USERS_LIST = {
  sort: ['name', 'email', 'role', 'status', 'createdAt', 'lastSignInAt'],
  defaultSort: 'createdAt',
  defaultOrder: 'desc',
  filters: {
    role: enumFilter(ROLE_NAMES),
    status: enumFilter(USER_STATUSES),
    registeredFrom: dayParamSchema,
    registeredTo: dayParamSchema,
  },
} as const;

export const adminUsersQuerySchema = listQuerySchema(USERS_LIST);

/**
 * GET /api/admin/users/export: the list's search, filters and sort (its page and page size are ignored: every
 * matching row is exported), and `lang` for the column headings.
 */
export const adminUsersExportQuerySchema = listQuerySchema({
  ...USERS_LIST,
  filters: { ...USERS_LIST.filters, lang: enumFilter(LANGUAGES) },
});
export type AdminUsersQuery = z.input<typeof adminUsersQuerySchema>;

export const adminUserSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.number().int(),
  status: z.enum(USER_STATUSES),
  preferredLanguage: z.enum(LANGUAGES),
  createdAt: timestamp,
  lastSignInAt: timestamp.nullable(),
  services: z.object({
    hosting: count.describe('Hosting services not cancelled'),
    other: count.describe('Other services not cancelled'),
    domains: count,
  }),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUsersPageSchema = pageSchema(adminUserSchema);
export type AdminUsersPage = z.infer<typeof adminUsersPageSchema>;

// ---------------------------------------------------------------------------------------------------------
// Hosting and every other service

const SERVICES_LIST = {
  sort: ['createdAt', 'expiresAt', 'domain', 'status'],
  defaultSort: 'expiresAt',
  defaultOrder: 'asc',
  filters: { kind: enumFilter(SERVICE_KINDS), status: enumFilter(SERVICE_STATUSES) },
} as const;

export const adminServicesQuerySchema = listQuerySchema(SERVICES_LIST);
/** The export of this list: its query without paging, and `lang` for the headings. */
export const adminServicesExportQuerySchema = listQuerySchema({
  ...SERVICES_LIST,
  filters: { ...SERVICES_LIST.filters, lang: enumFilter(LANGUAGES) },
});
export type AdminServicesQuery = z.input<typeof adminServicesQuerySchema>;

export const adminServiceSchema = z.object({
  id: z.string(),
  kind: z.enum(SERVICE_KINDS),
  name: z.string(),
  planId: z.string(),
  domain: z.string().nullable(),
  status: z.enum(SERVICE_STATUSES),
  suspensionReason: z.string().nullable(),
  owner: ownerSchema,
  server: z.object({ id: z.string(), name: z.string() }).nullable(),
  price: moneySchema,
  expiresAt: timestamp,
  autoRenew: z.boolean(),
  createdAt: timestamp,
  updatedAt: timestamp.describe('When the service last changed; an Edit sends it back as `unchangedSince`'),
  usage: z.object({
    cpuPercent: z.number(),
    memoryPercent: z.number(),
    storageUsedMb: count,
    bandwidthUsedMb: count,
  }),
});
export type AdminService = z.infer<typeof adminServiceSchema>;
export const adminServicesPageSchema = pageSchema(adminServiceSchema);
export type AdminServicesPage = z.infer<typeof adminServicesPageSchema>;

// ---------------------------------------------------------------------------------------------------------
// Domains

const DOMAINS_LIST = {
  sort: ['name', 'registeredAt', 'expiresAt', 'status'],
  defaultSort: 'expiresAt',
  defaultOrder: 'asc',
  filters: {
    status: enumFilter(DOMAIN_STATUSES),
    tld: z.string().regex(/^[a-z0-9-]{2,24}$/, { error: 'validation.filter' }),
  },
} as const;

export const adminDomainsQuerySchema = listQuerySchema(DOMAINS_LIST);
/** The export of this list: its query without paging, and `lang` for the headings. */
export const adminDomainsExportQuerySchema = listQuerySchema({
  ...DOMAINS_LIST,
  filters: { ...DOMAINS_LIST.filters, lang: enumFilter(LANGUAGES) },
});
export type AdminDomainsQuery = z.input<typeof adminDomainsQuerySchema>;

export const adminDomainSchema = z.object({
  id: z.string(),
  name: z.string(),
  tld: z.string(),
  status: z.enum(DOMAIN_STATUSES),
  owner: ownerSchema,
  registeredAt: timestamp,
  expiresAt: timestamp,
  autoRenew: z.boolean(),
  transferLock: z.boolean(),
  nameservers: z.array(z.string()),
  dns: z.object({ records: count, updatedAt: timestamp.nullable() }),
});
export type AdminDomain = z.infer<typeof adminDomainSchema>;
export const adminDomainsPageSchema = pageSchema(adminDomainSchema);
export type AdminDomainsPage = z.infer<typeof adminDomainsPageSchema>;

// ---------------------------------------------------------------------------------------------------------
// Transactions (payments)

const TRANSACTIONS_LIST = {
  sort: ['createdAt', 'amount', 'status'],
  defaultSort: 'createdAt',
  defaultOrder: 'desc',
  filters: { status: enumFilter(PAYMENT_STATUSES), method: enumFilter(PAYMENT_METHODS) },
} as const;

export const adminTransactionsQuerySchema = listQuerySchema(TRANSACTIONS_LIST);
/** The export of this list: its query without paging, and `lang` for the headings. */
export const adminTransactionsExportQuerySchema = listQuerySchema({
  ...TRANSACTIONS_LIST,
  filters: { ...TRANSACTIONS_LIST.filters, lang: enumFilter(LANGUAGES) },
});
export type AdminTransactionsQuery = z.input<typeof adminTransactionsQuerySchema>;

export const adminTransactionSchema = z.object({
  id: z.string(),
  owner: ownerSchema,
  amount: moneySchema,
  method: z.enum(PAYMENT_METHODS),
  status: z.enum(PAYMENT_STATUSES),
  invoice: z.object({ id: z.string(), number: z.string() }).nullable(),
  declineReason: z.string().nullable(),
  refunded: moneySchema.describe('How much was refunded (by staff, or by cancelling its order); zero when none'),
  refundTo: z
    .enum(REFUND_DESTINATIONS)
    .describe("Where a refund of it goes: an invoice's payment to the balance, a top-up back to its card or bank"),
  createdAt: timestamp,
  completedAt: timestamp.nullable(),
});
export type AdminTransaction = z.infer<typeof adminTransactionSchema>;

/** The cards above the list, computed over every payment (not only the page, nor only the search). */
export const adminTransactionsSummarySchema = z.object({
  revenueLast30Days: moneySchema.describe('Completed in the last 30 days'),
  pending: z.object({ count, amount: moneySchema }),
  failed: z.object({ count, amount: moneySchema }),
});
export type AdminTransactionsSummary = z.infer<typeof adminTransactionsSummarySchema>;

export const adminTransactionsPageSchema = pageSchema(adminTransactionSchema).extend({
  summary: adminTransactionsSummarySchema,
});
export type AdminTransactionsPage = z.infer<typeof adminTransactionsPageSchema>;

// ---------------------------------------------------------------------------------------------------------
// Servers

const SERVERS_LIST = {
  sort: ['name', 'location', 'status', 'services'],
  defaultSort: 'name',
  defaultOrder: 'asc',
  filters: {
    status: enumFilter(SERVER_STATUSES),
    type: enumFilter(SERVER_TYPES),
    location: enumFilter(DATA_CENTER_IDS),
  },
} as const;

export const adminServersQuerySchema = listQuerySchema(SERVERS_LIST);
/** The export of this list: its query without paging, and `lang` for the headings. */
export const adminServersExportQuerySchema = listQuerySchema({
  ...SERVERS_LIST,
  filters: { ...SERVERS_LIST.filters, lang: enumFilter(LANGUAGES) },
});
export type AdminServersQuery = z.input<typeof adminServersQuerySchema>;

export const adminServerSchema = z.object({
  id: z.string(),
  name: z.string(),
  location: z.enum(DATA_CENTER_IDS),
  type: z.enum(SERVER_TYPES),
  ip: z.string(),
  status: z.enum(SERVER_STATUSES),
  specs: z.object({
    cpuModel: z.string(),
    cpuCores: count,
    ramGb: count,
    storageGb: count,
    bandwidthGbps: z.number(),
  }),
  capacity: count,
  services: count.describe('Services placed on it and not cancelled'),
  load: z
    .object({ cpuPercent: z.number(), memoryPercent: z.number(), storagePercent: z.number(), sampledAt: timestamp })
    .nullable()
    .describe('The latest sample; null when none was taken yet'),
  driver: adminServerDriverSchema.describe('The provisioning driver and its last connection test; never a secret'),
  node: z
    .object({
      checkedAt: timestamp,
      measuredAt: timestamp.nullable(),
      error: z.string().nullable().describe('Why the last reading failed; null when it succeeded'),
      loadAverage: z.tuple([z.number(), z.number(), z.number()]).nullable(),
      cpus: z.number().int().nullable(),
    })
    .nullable()
    .optional()
    .describe("A web node's last reading by its agent (docs/decisions/058-usage-and-limits.md); null for others"),
});
export type AdminServer = z.infer<typeof adminServerSchema>;

/** Above this share of CPU, memory or storage a server is over its limits (docs/decisions/048-operator-journeys.md). */
export const SERVER_LOAD_LIMIT_PERCENT = 90;

export type ServerAlert =
  | { kind: 'overCapacity'; services: number; capacity: number }
  | { kind: 'cpu' | 'memory' | 'storage'; percent: number };

/**
 * How a server is over its limits, worst first: more services placed than its capacity, then each resource of its
 * latest sample above SERVER_LOAD_LIMIT_PERCENT. Empty when it is within them.
 */
export function serverAlerts(server: Pick<AdminServer, 'capacity' | 'services' | 'load'>): ServerAlert[] {
  const alerts: ServerAlert[] = [];
  if (server.services > server.capacity) {
    alerts.push({ kind: 'overCapacity', services: server.services, capacity: server.capacity });
  }
  const load = server.load;
  if (load) {
    for (const [kind, percent] of [
      ['cpu', load.cpuPercent],
      ['memory', load.memoryPercent],
      ['storage', load.storagePercent],
    ] as const) {
      if (percent > SERVER_LOAD_LIMIT_PERCENT) alerts.push({ kind, percent });
    }
  }
  return alerts;
}

export const adminServersSummarySchema = z.object({
  totalServers: count,
  activeServices: count.describe('Active services on any server'),
  totalStorageGb: count,
  totalRamGb: count,
});
export type AdminServersSummary = z.infer<typeof adminServersSummarySchema>;

export const adminServersPageSchema = pageSchema(adminServerSchema).extend({ summary: adminServersSummarySchema });
export type AdminServersPage = z.infer<typeof adminServersPageSchema>;

// ---------------------------------------------------------------------------------------------------------
// Server changes (POST, PATCH, DELETE /api/admin/servers, PUT /api/admin/servers/:id/maintenance)

const serverMsg = (key: ValidationMessageKey) => ({ error: key });

/** A server's address: an IPv4 or IPv6 address, or a fully qualified host name; lower-cased. */
export function isServerAddress(value: string): boolean {
  return isIPv4(value) || isIPv6(value) || isHostName(value);
}

const wholeNumber = (max: number) =>
  z
    .number(serverMsg('validation.positiveInteger'))
    .int(serverMsg('validation.positiveInteger'))
    .min(1, serverMsg('validation.positiveInteger'))
    .max(max, serverMsg('validation.numberTooLarge'));

/** Limits of a server's numbers: above zero, and no larger than any machine the provider could rack. */
export const SERVER_LIMITS = {
  capacity: 10_000,
  cpuCores: 1_024,
  ramGb: 65_536,
  storageGb: 1_000_000,
  bandwidthGbps: 800,
} as const;

/** The fields of a server an administrator sets; the web form checks them with the same schema. */
export const adminServerInputSchema = z.strictObject(
  {
    name: z
      .string(serverMsg('validation.serverName'))
      .trim()
      .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, serverMsg('validation.serverName')),
    location: z.enum(DATA_CENTER_IDS, serverMsg('validation.serverLocation')),
    type: z.enum(SERVER_TYPES, serverMsg('validation.serverType')),
    ip: z
      .string(serverMsg('validation.serverAddress'))
      .trim()
      .toLowerCase()
      .refine(isServerAddress, serverMsg('validation.serverAddress')),
    capacity: wholeNumber(SERVER_LIMITS.capacity),
    specs: z.strictObject(
      {
        cpuModel: z
          .string(serverMsg('validation.required'))
          .trim()
          .min(1, serverMsg('validation.required'))
          .max(100, serverMsg('validation.tooLong')),
        cpuCores: wholeNumber(SERVER_LIMITS.cpuCores),
        ramGb: wholeNumber(SERVER_LIMITS.ramGb),
        storageGb: wholeNumber(SERVER_LIMITS.storageGb),
        bandwidthGbps: wholeNumber(SERVER_LIMITS.bandwidthGbps),
      },
      serverMsg('validation.unknownField'),
    ),
  },
  serverMsg('validation.unknownField'),
);
export type AdminServerInput = z.input<typeof adminServerInputSchema>;

export const adminServerMaintenanceSchema = z.strictObject(
  { maintenance: z.boolean(serverMsg('validation.invalidType')) },
  serverMsg('validation.unknownField'),
);
export type AdminServerMaintenance = z.input<typeof adminServerMaintenanceSchema>;
