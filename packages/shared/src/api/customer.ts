import {
  ACTIVITY_SUBJECT_TYPES,
  ARTICLE_CATEGORIES,
  BILLING_PERIODS,
  DNS_RECORD_TYPES,
  GETTING_STARTED_STEPS,
  type GettingStartedStep,
  LANGUAGES,
  LEDGER_ENTRY_TYPES,
  NOTIFICATION_TYPES,
  PAYMENT_METHODS,
  SERVER_STATUSES,
  SERVER_TYPES,
  SERVICE_KINDS,
  TICKET_AUTHOR_KINDS,
  TICKET_DEPARTMENTS,
  TICKET_PRIORITIES,
} from '../model';
import { DOMAIN_STATUSES } from '../states/domain';
import { INVOICE_STATUSES } from '../states/invoice';
import { PAYMENT_STATUSES } from '../states/payment';
import { SERVICE_STATUSES } from '../states/service';
import { TICKET_STATUSES } from '../states/ticket';
import {
  dayParamSchema,
  dayRange,
  enumFilter,
  listQuerySchema,
  pageSchema,
  strictQuerySchema,
} from '../schemas/list-query';
import { dsRecordSchema } from '../dns';
import { setupStateSchema } from './provisioning';
import { z } from '../schemas/zod';

/**
 * The customer API's answers (docs/product/api.md): the API serializes every answer with these schemas and
 * the web app takes its types from them. Conventions:
 * - times are ISO 8601 strings in UTC (`2026-11-24T06:00:00.000Z`);
 * - money is `{ amountMinor, currency }`: integer minor units (cents) and an ISO 4217 code, never a float;
 * - text a person reads that the system wrote (notifications, activity, transaction descriptions) is a
 *   translation key with parameters, translated by the reader's app, so each person sees their language;
 * - sizes are integer megabytes; a null total means unlimited.
 */

const timestamp = z.iso.datetime();
const DATA_CENTER_IDS = ['new-york', 'london', 'frankfurt', 'singapore'] as const;

export const moneySchema = z.object({
  amountMinor: z.number().int().describe('Integer minor units (cents); negative for a charge'),
  currency: z.string().length(3).describe('ISO 4217 code, USD'),
});
export type Money = z.infer<typeof moneySchema>;

const paramsSchema = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));

/** A message the reader's app translates: `key` in the dashboard texts, `params` to interpolate. */
export const translatableSchema = z.object({ key: z.string(), params: paramsSchema });
export type Translatable = z.infer<typeof translatableSchema>;

export const planRefSchema = z.object({ id: z.string(), name: z.string() });

export const usageSchema = z.object({
  usedMb: z.number().int().nonnegative(),
  totalMb: z.number().int().positive().nullable().describe('null: unlimited'),
});
export type Usage = z.infer<typeof usageSchema>;

// ---------------------------------------------------------------------------------------------------------
// Servers, as a customer sees the one their service runs on

export const serverSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  location: z.enum(DATA_CENTER_IDS),
  type: z.enum(SERVER_TYPES),
  status: z.enum(SERVER_STATUSES),
  load: z
    .object({ cpuPercent: z.number().int(), memoryPercent: z.number().int(), sampledAt: timestamp })
    .nullable()
    .describe('The latest sample; null when none was taken yet'),
  uptimePercent: z.number().min(0).max(100).nullable().describe("Share of the last 30 days' samples that were up"),
});
export type ServerSummary = z.infer<typeof serverSummarySchema>;

// ---------------------------------------------------------------------------------------------------------
// Services

export const serviceSchema = z.object({
  id: z.string(),
  kind: z.enum(SERVICE_KINDS),
  name: z.string(),
  plan: planRefSchema,
  domain: z.string().nullable(),
  status: z.enum(SERVICE_STATUSES),
  suspensionReason: z.string().nullable(),
  price: moneySchema,
  billingPeriod: z.enum(BILLING_PERIODS),
  expiresAt: timestamp,
  autoRenew: z.boolean(),
  cancelRequestedAt: timestamp.nullable(),
  pendingPlan: planRefSchema
    .nullable()
    .describe('A cheaper plan chosen to take over at the next renewal (docs/decisions/037-plan-changes.md)'),
  createdAt: timestamp,
  server: serverSummarySchema.nullable(),
  setup: setupStateSchema,
});
export type Service = z.infer<typeof serviceSchema>;

const countLimitSchema = z.object({ used: z.number().int().nonnegative(), limit: z.number().int().nonnegative() });

/** What the service's web node measured (docs/decisions/058-usage-and-limits.md). */
export const measuredUsageSchema = z.object({
  measuredAt: timestamp,
  diskBytes: z.number().int().nonnegative().describe("The site's files plus its databases"),
  bandwidthBytes: z.number().int().nonnegative().describe('Sent this month (UTC)'),
  storageLimitBytes: z.number().int().nonnegative(),
  overQuota: z.boolean().describe("The disk used is over the plan's storage; uploads are refused"),
  databases: countLimitSchema,
  domains: countLimitSchema.describe('The main domain counts as one; addon domains are not offered yet'),
});
export type MeasuredUsage = z.infer<typeof measuredUsageSchema>;

export const hostingServiceSchema = serviceSchema.extend({
  kind: z.literal('hosting'),
  storage: usageSchema,
  bandwidth: usageSchema.describe('This month'),
  measurement: z
    .enum(['measured', 'pending', 'estimated'])
    .describe(
      "`measured`: the figures are the web node's (see `measured`); `pending`: the service is on a web node that " +
        'has not measured it yet (the figures are 0); `estimated`: no node measures this service',
    ),
  measured: measuredUsageSchema.nullable(),
});
export type HostingService = z.infer<typeof hostingServiceSchema>;

export const hostingListQuerySchema = listQuerySchema({
  sort: ['createdAt', 'expiresAt', 'name'],
  defaultSort: 'createdAt',
  defaultOrder: 'desc',
  filters: { status: enumFilter(SERVICE_STATUSES) },
});
export type HostingListQuery = z.input<typeof hostingListQuerySchema>;
export const hostingPageSchema = pageSchema(hostingServiceSchema);
export type HostingPage = z.infer<typeof hostingPageSchema>;

/** Every kind but hosting: game servers, VDS, dedicated servers and extras. */
export const OTHER_SERVICE_KINDS = ['game', 'vds', 'dedicated', 'extra'] as const;
export const serviceListQuerySchema = listQuerySchema({
  sort: ['createdAt', 'expiresAt', 'name'],
  defaultSort: 'createdAt',
  defaultOrder: 'desc',
  filters: { kind: enumFilter(OTHER_SERVICE_KINDS), status: enumFilter(SERVICE_STATUSES) },
});
export type ServiceListQuery = z.input<typeof serviceListQuerySchema>;
export const servicePageSchema = pageSchema(serviceSchema);
export type ServicePage = z.infer<typeof servicePageSchema>;

/**
 * The customer's servers (decision 053): game servers, VDS and dedicated servers, listed apart from the extras of
 * /services. Each with what the product keeps about reaching it (the address of the machine it runs on, its data
 * centre, its game) and its usage.
 */
export const SERVER_SERVICE_KINDS = ['game', 'vds', 'dedicated'] as const;
export type ServerServiceKind = (typeof SERVER_SERVICE_KINDS)[number];
export const customerServerListQuerySchema = listQuerySchema({
  sort: ['createdAt', 'expiresAt', 'name'],
  defaultSort: 'createdAt',
  defaultOrder: 'desc',
  filters: { kind: enumFilter(SERVER_SERVICE_KINDS), status: enumFilter(SERVICE_STATUSES) },
});
export type CustomerServerListQuery = z.input<typeof customerServerListQuerySchema>;
export const customerServerSchema = serviceSchema.extend({
  kind: z.enum(SERVER_SERVICE_KINDS),
  access: z
    .object({
      ipAddress: z.string().describe('The address of the machine the server runs on'),
      hostName: z.string().describe('The name of that machine'),
    })
    .nullable()
    .describe('Null until the server is placed on a machine, and for a cancelled one'),
  location: z.string().nullable().describe('The data centre chosen at order (or the machine’s)'),
  game: z.string().nullable().describe('The game a game server was ordered for'),
  usage: z.object({
    cpuPercent: z.number().int().min(0).max(100),
    memoryPercent: z.number().int().min(0).max(100),
    storage: usageSchema,
    bandwidth: usageSchema.describe('This month'),
  }),
});
export type CustomerServer = z.infer<typeof customerServerSchema>;
export const customerServerPageSchema = pageSchema(customerServerSchema);
export type CustomerServerPage = z.infer<typeof customerServerPageSchema>;

// ---------------------------------------------------------------------------------------------------------
// Domains

export const dnsRecordSchema = z.object({
  id: z.string(),
  type: z.enum(DNS_RECORD_TYPES),
  name: z.string(),
  value: z.string(),
  ttl: z.number().int(),
  priority: z.number().int().nullable(),
});
export type DnsRecord = z.infer<typeof dnsRecordSchema>;

export const domainSchema = z.object({
  id: z.string(),
  name: z.string(),
  tld: z.string(),
  status: z.enum(DOMAIN_STATUSES),
  registeredAt: timestamp,
  expiresAt: timestamp,
  autoRenew: z.boolean(),
  transferLock: z.boolean(),
  nameservers: z.array(z.string()),
  dnsRecordCount: z.number().int().nonnegative(),
  dnsUpdatedAt: timestamp.nullable(),
  setup: setupStateSchema,
});
export type Domain = z.infer<typeof domainSchema>;

/**
 * A record in the customer's own DNS editor: `published` once a DNS server answers it as it is now, false while
 * the change waits to be published (docs/decisions/046-dns-on-powerdns.md).
 */
export const customerDnsRecordSchema = dnsRecordSchema.extend({ published: z.boolean() });
export type CustomerDnsRecord = z.infer<typeof customerDnsRecordSchema>;

/**
 * The DNSSEC DS records the registry holds for a domain (docs/decisions/046-dns-on-powerdns.md): empty until our
 * DNS server has signed and published its zone.
 */
export const dsRecordsField = z
  .array(dsRecordSchema)
  .describe('DNSSEC DS records for the parent zone, as the registry holds them; empty until the zone is signed');

export const domainDetailSchema = domainSchema.extend({
  dnsRecords: z.array(customerDnsRecordSchema),
  /**
   * Whether the domain's name servers are ours, so our zone is the one the world asks: false when any of them
   * points elsewhere, null while no DNS server is connected (nothing to compare with).
   */
  zoneInUse: z.boolean().nullable(),
  dsRecords: dsRecordsField,
});
export type DomainDetail = z.infer<typeof domainDetailSchema>;

export const domainListQuerySchema = listQuerySchema({
  sort: ['name', 'expiresAt', 'registeredAt'],
  defaultSort: 'name',
  filters: { status: enumFilter(DOMAIN_STATUSES) },
});
export type DomainListQuery = z.input<typeof domainListQuerySchema>;
export const domainPageSchema = pageSchema(domainSchema);
export type DomainPage = z.infer<typeof domainPageSchema>;

// ---------------------------------------------------------------------------------------------------------
// Finance

export const balanceSchema = z.object({ balance: moneySchema.describe("The sum of the account's ledger") });
export type Balance = z.infer<typeof balanceSchema>;

/**
 * One line of the account's money history: a ledger entry (a credit or a charge, always completed), or a
 * payment that has not reached the ledger (pending or failed).
 */
export const transactionSchema = z.object({
  id: z.string(),
  date: timestamp,
  type: z.enum(LEDGER_ENTRY_TYPES),
  description: translatableSchema,
  amount: moneySchema,
  status: z.enum(PAYMENT_STATUSES),
  method: z.enum(PAYMENT_METHODS).nullable(),
  invoiceId: z.string().nullable(),
});
export type Transaction = z.infer<typeof transactionSchema>;

export const transactionListQuerySchema = listQuerySchema({
  sort: ['date', 'amount'],
  defaultSort: 'date',
  defaultOrder: 'desc',
  filters: {
    status: enumFilter(PAYMENT_STATUSES),
    type: enumFilter(LEDGER_ENTRY_TYPES),
    /** Days (`YYYY-MM-DD`, UTC), both included; `to` before `from` is refused. */
    from: dayParamSchema,
    to: dayParamSchema,
  },
  search: false,
});
export type TransactionListQuery = z.input<typeof transactionListQuerySchema>;
export const transactionPageSchema = pageSchema(transactionSchema);

/** The language of a text or a document (an article, an invoice's PDF): `lang`, else the reader's own. */
export const languageQuerySchema = strictQuerySchema({ lang: enumFilter(LANGUAGES).optional() });

/** A statement of the ledger for a period: both days required and included, at most 366 days. */
export const statementQuerySchema = strictQuerySchema({
  from: dayParamSchema,
  to: dayParamSchema,
  lang: enumFilter(LANGUAGES).optional(),
});
export type StatementQuery = z.input<typeof statementQuerySchema>;
/** The longest period a statement covers, in days. */
export const STATEMENT_MAX_DAYS = 366;

/**
 * What is wrong with a period of days, both included: an end before its start, or more days than `maxDays`.
 * The server and the statement form both ask this, and show the answer under the end date.
 */
export function periodError(
  from: string,
  to: string,
  maxDays?: number,
): 'validation.dateRange' | 'validation.statementPeriod' | undefined {
  const { start, end } = dayRange(from, to);
  if (start === undefined || end === undefined) return undefined;
  if (end <= start) return 'validation.dateRange';
  if (maxDays !== undefined && end - start > maxDays * 86_400_000) return 'validation.statementPeriod';
  return undefined;
}

/** The statement form: both days, in order, at most a year and a day. */
export const statementPeriodSchema = z
  .object({ from: dayParamSchema, to: dayParamSchema })
  .superRefine((value, ctx) => {
    const error = periodError(value.from, value.to, STATEMENT_MAX_DAYS);
    if (error) ctx.addIssue({ code: 'custom', path: ['to'], message: error });
  });
export type StatementPeriod = z.infer<typeof statementPeriodSchema>;
export type TransactionPage = z.infer<typeof transactionPageSchema>;

export const invoiceSchema = z.object({
  id: z.string(),
  number: z.string(),
  status: z.enum(INVOICE_STATUSES),
  issuedAt: timestamp,
  dueAt: timestamp,
  paidAt: timestamp.nullable(),
  total: moneySchema,
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const invoiceLineSchema = z.object({
  id: z.string(),
  description: translatableSchema,
  quantity: z.number().int(),
  unitPrice: moneySchema,
  amount: moneySchema,
});
/** Who sells, as the back office's billing settings name the company (docs/product/entities.md). */
export const invoiceSellerSchema = z.object({
  name: z.string(),
  address: z.string(),
  taxId: z.string(),
  email: z.string(),
});
export const invoiceBuyerSchema = z.object({ name: z.string(), email: z.string() });
/** Where to send a bank transfer that pays this invoice (a pro-forma invoice of a pending transfer). */
export const invoicePaymentDetailsSchema = z.object({
  beneficiary: z.string(),
  bankName: z.string(),
  iban: z.string(),
  swift: z.string(),
  reference: z.string(),
});
export const invoiceDetailSchema = invoiceSchema.extend({
  lines: z.array(invoiceLineSchema),
  seller: invoiceSellerSchema,
  buyer: invoiceBuyerSchema,
  paymentDetails: invoicePaymentDetailsSchema.nullable(),
  orderId: z
    .string()
    .nullable()
    .describe("The order whose invoice this is (the order's page pays or cancels it while unpaid); null otherwise"),
});
export type InvoiceDetail = z.infer<typeof invoiceDetailSchema>;

export const invoiceListQuerySchema = listQuerySchema({
  sort: ['issuedAt', 'dueAt', 'total', 'number'],
  defaultSort: 'issuedAt',
  defaultOrder: 'desc',
  filters: { status: enumFilter(INVOICE_STATUSES) },
});
export type InvoiceListQuery = z.input<typeof invoiceListQuerySchema>;
export const invoicePageSchema = pageSchema(invoiceSchema);
export type InvoicePage = z.infer<typeof invoicePageSchema>;

// ---------------------------------------------------------------------------------------------------------
// Support

export const ticketSchema = z.object({
  id: z.string(),
  number: z.string().describe('TCK-1042'),
  subject: z.string(),
  department: z.enum(TICKET_DEPARTMENTS),
  priority: z.enum(TICKET_PRIORITIES),
  status: z.enum(TICKET_STATUSES),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type Ticket = z.infer<typeof ticketSchema>;

export const ticketMessageSchema = z.object({
  id: z.string(),
  authorKind: z.enum(TICKET_AUTHOR_KINDS),
  authorName: z.string().describe("The customer's name, or the staff member's first name"),
  body: z.string(),
  createdAt: timestamp,
});
export type TicketMessage = z.infer<typeof ticketMessageSchema>;

export const ticketDetailSchema = ticketSchema.extend({ messages: z.array(ticketMessageSchema) });
export type TicketDetail = z.infer<typeof ticketDetailSchema>;

export const ticketListQuerySchema = listQuerySchema({
  sort: ['updatedAt', 'createdAt', 'priority'],
  defaultSort: 'updatedAt',
  defaultOrder: 'desc',
  filters: { status: enumFilter(TICKET_STATUSES), priority: enumFilter(TICKET_PRIORITIES) },
});
export type TicketListQuery = z.input<typeof ticketListQuerySchema>;
export const ticketPageSchema = pageSchema(ticketSchema);
export type TicketPage = z.infer<typeof ticketPageSchema>;

// ---------------------------------------------------------------------------------------------------------
// Notifications and activity

export const notificationSchema = z.object({
  id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  key: z.string().describe('The title is `<key>.title`, the message `<key>.message`'),
  params: paramsSchema,
  createdAt: timestamp,
  read: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListQuerySchema = listQuerySchema({
  sort: ['createdAt'],
  defaultSort: 'createdAt',
  defaultOrder: 'desc',
  filters: { read: enumFilter(['read', 'unread']) },
  search: false,
});
export type NotificationListQuery = z.input<typeof notificationListQuerySchema>;
export const notificationPageSchema = pageSchema(notificationSchema).extend({
  unread: z.number().int().nonnegative().describe('Unread notifications in all'),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

export const activitySchema = z.object({
  id: z.string(),
  action: z.string().describe('A key: payment.topUp, service.renewed, ...'),
  subjectType: z.enum(ACTIVITY_SUBJECT_TYPES),
  subjectId: z.string().nullable(),
  params: paramsSchema,
  createdAt: timestamp,
});
export type Activity = z.infer<typeof activitySchema>;

// ---------------------------------------------------------------------------------------------------------
// Knowledge base

export const articleSchema = z.object({
  id: z.string(),
  slug: z.string(),
  category: z.enum(ARTICLE_CATEGORIES),
  language: z.enum(LANGUAGES).describe('The language of title and body'),
  title: z.string(),
  views: z.number().int().nonnegative(),
  publishedAt: timestamp,
});
export type Article = z.infer<typeof articleSchema>;

export const articleDetailSchema = articleSchema.extend({ body: z.string() });
export type ArticleDetail = z.infer<typeof articleDetailSchema>;

export const articleListQuerySchema = listQuerySchema({
  sort: ['views', 'title', 'publishedAt'],
  defaultSort: 'views',
  defaultOrder: 'desc',
  filters: {
    category: enumFilter(ARTICLE_CATEGORIES),
    lang: enumFilter(LANGUAGES).describe("Language to read and search in; default: the user's preferred one"),
  },
});
export type ArticleListQuery = z.input<typeof articleListQuerySchema>;
export const articlePageSchema = pageSchema(articleSchema);
export type ArticlePage = z.infer<typeof articlePageSchema>;

export const articleQuerySchema = languageQuerySchema;

// ---------------------------------------------------------------------------------------------------------
// Preferences and the dashboard summary

export const preferencesSchema = z.object({
  language: z.enum(LANGUAGES),
  emailNotifications: z.boolean(),
  serviceUpdates: z.boolean(),
  marketing: z.boolean(),
});
export type Preferences = z.infer<typeof preferencesSchema>;

export const expiringItemSchema = z.object({
  id: z.string(),
  kind: z.union([z.enum(SERVICE_KINDS), z.literal('domain')]),
  name: z.string(),
  expiresAt: timestamp,
});
export type ExpiringItem = z.infer<typeof expiringItemSchema>;

/** Days ahead the dashboard's "expiring soon" looks. */
export const EXPIRING_SOON_DAYS = 30;

export const dashboardSummarySchema = z.object({
  counts: z.object({
    hosting: z.number().int().nonnegative(),
    domains: z.number().int().nonnegative(),
    services: z.number().int().nonnegative().describe('Every kind but hosting'),
    openTickets: z.number().int().nonnegative(),
  }),
  expiringSoon: z.array(expiringItemSchema).describe('Services and domains expiring within 30 days, soonest first'),
  balance: moneySchema,
  recentActivity: z.array(activitySchema).describe('The latest 5'),
  notifications: z.array(notificationSchema).describe('The latest 5'),
  unreadNotifications: z.number().int().nonnegative(),
});
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;

/**
 * GET /api/dashboard/trends: the customer's spending by month (12 calendar months in UTC, oldest first, ending
 * with the current one) and the disk and traffic of their hosting by day (30 UTC days ending today)
 * (docs/decisions/054-charts-and-the-look-of-a-brand.md).
 */
export const dashboardTrendsSchema = z.object({
  spending: z
    .array(z.object({ month: z.string().regex(/^\d{4}-\d{2}$/), amount: moneySchema }))
    .describe('Charges to the account for services and domains, net of plan-change credits; positive'),
  usage: z
    .array(
      z.object({
        day: z.iso.date(),
        storageUsedMb: z.number().int().nonnegative().nullable(),
        bandwidthUsedMb: z.number().int().nonnegative().nullable(),
      }),
    )
    .describe("Every hosting service's daily figures added up; null on a day with no sample"),
});
export type DashboardTrends = z.infer<typeof dashboardTrendsSchema>;

/** GET /api/dashboard/getting-started: each step of the first-run checklist as the account's data stands now. */
export const gettingStartedSchema = z.object({
  steps: z.object(
    Object.fromEntries(GETTING_STARTED_STEPS.map((step) => [step, z.boolean()])) as Record<
      GettingStartedStep,
      z.ZodBoolean
    >,
  ),
  dismissed: z.boolean().describe('The customer put the checklist away'),
});
export type GettingStarted = z.infer<typeof gettingStartedSchema>;

/** A path parameter id: any non-empty text up to 100 characters (an unknown one answers 404). */
export const idParamsSchema = z.strictObject({ id: z.string().min(1).max(100) });
