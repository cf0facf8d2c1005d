import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type {
  ActivitySubjectType,
  ArticleCategory,
  BillingPeriod,
  CertificateKeyType,
  CertificateStatus,
  DnsRecordType,
  DriverType,
  DomainStatus,
  InvoiceStatus,
  Language,
  NotificationType,
  OrderLineKind,
  OrderCancelCause,
  OrderStatus,
  PaymentPurpose,
  PaymentMethod,
  PaymentStatus,
  ServerLocation,
  ServerStatus,
  ServerType,
  ServiceKind,
  ServiceStatus,
  SetupState,
  ProvisioningOperation,
  ProvisioningTaskStatus,
  TicketAuthorKind,
  TicketDepartment,
  TicketPriority,
  TicketStatus,
  UserStatus,
} from '@hostpilot/shared';

/*
 * Column types of every table (docs/decisions/012-data-model.md). Conventions:
 * - timestamps are epoch milliseconds in both SQLite and PostgreSQL (bigint, read as number);
 * - ids are text (UUIDs, or readable ids such as srv-01 for servers);
 * - booleans are integers 0 or 1 (portable across both databases);
 * - money is integer minor units (`*_cents`) with a `currency` code;
 * - JSON is stored as text (`params`, `nameservers`, `before`/`after`, settings values).
 */

export interface UsersTable {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Generated<number>;
  passwordHash: string;
  /** Null until the account opens the link of its verification mail (docs/decisions/019-unverified-accounts.md). */
  emailVerifiedAt: Generated<number | null>;
  createdAt: number;
  updatedAt: number;
  status: Generated<UserStatus>;
  lastSignInAt: number | null;
  preferredLanguage: Generated<Language>;
  notifyEmail: Generated<number>;
  notifyServiceUpdates: Generated<number>;
  notifyMarketing: Generated<number>;
  deletedAt: number | null;
  gettingStartedDismissedAt: Generated<number | null>;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;

/** One refresh token: only its SHA-256 hash is kept. `remember` is 0 or 1 (portable across both databases). */
export interface RefreshTokensTable {
  id: string;
  tokenHash: string;
  familyId: string;
  parentId: string | null;
  userId: string;
  remember: number;
  createdAt: number;
  expiresAt: number;
  familyExpiresAt: number;
  usedAt: number | null;
  revokedAt: number | null;
}

export type RefreshTokenRow = Selectable<RefreshTokensTable>;

export interface ServersTable {
  id: string;
  name: string;
  location: ServerLocation;
  type: ServerType;
  ip: string;
  status: ServerStatus;
  cpuModel: string;
  cpuCores: number;
  ramGb: number;
  storageGb: number;
  bandwidthGbps: number;
  /** How many services the machine takes. */
  capacity: number;
  /** The provisioning driver and its settings (migration 0200; docs/decisions/042-provisioning-engine.md). */
  driverType: Generated<DriverType | null>;
  /** JSON `{ settings, secrets }`, each secret sealed with the server key. */
  connectionSettings: Generated<string | null>;
  connectionStatus: Generated<'ok' | 'failed' | null>;
  connectionCheckedAt: Generated<number | null>;
  connectionError: Generated<string | null>;
  createdAt: number;
  updatedAt: number;
}

export type ServerRow = Selectable<ServersTable>;

export interface ServerUsageSamplesTable {
  serverId: string;
  takenAt: number;
  cpuPercent: number;
  memoryPercent: number;
  storagePercent: number;
  bandwidthPercent: number;
  /** 1 when the machine answered at that instant. */
  up: number;
}

/** A hosting service's disk and traffic on one UTC day (migration 0310). */
export interface ServiceUsageSamplesTable {
  serviceId: string;
  day: number;
  storageUsedMb: number;
  bandwidthUsedMb: number;
}

/** The latest usage a web node measured of a hosting service (migration 0340; docs/decisions/058-usage-and-limits.md). */
export interface ServiceUsageTable {
  serviceId: string;
  serverId: string;
  measuredAt: number;
  diskBytes: number;
  fileBytes: number;
  databaseBytes: number;
  /** Bytes sent in `bandwidthMonth` (`YYYY-MM`, UTC). */
  bandwidthBytes: number;
  bandwidthMonth: string;
  databases: number;
  storageLimitBytes: number;
  databaseLimit: number;
  domainLimit: number;
}

/** The latest reading of a web node (migration 0340): its metrics JSON when it answered, else the error. */
export interface NodeMetricsTable {
  serverId: string;
  checkedAt: number;
  measuredAt: number | null;
  metrics: string | null;
  error: string | null;
}

export interface ServicesTable {
  id: string;
  userId: string;
  kind: ServiceKind;
  /** A plan id of the catalogue for this kind (packages/shared/src/catalog.ts). */
  planId: string;
  name: string;
  serverId: string | null;
  domain: string | null;
  status: ServiceStatus;
  suspensionReason: string | null;
  priceCents: number;
  currency: Generated<string>;
  billingPeriod: BillingPeriod;
  storageUsedMb: Generated<number>;
  bandwidthUsedMb: Generated<number>;
  cpuPercent: Generated<number>;
  memoryPercent: Generated<number>;
  expiresAt: number;
  autoRenew: Generated<number>;
  cancelRequestedAt: number | null;
  cancelReason: string | null;
  cancelledAt: number | null;
  /** A cheaper plan of the same kind the next renewal switches to (docs/decisions/037-plan-changes.md). */
  pendingPlanId: Generated<string | null>;
  /** Being set up, or setup late (migration 0200); null when no provisioning task is outstanding. */
  setupState: Generated<SetupState | null>;
  createdAt: number;
  updatedAt: number;
}

export type ServiceRow = Selectable<ServicesTable>;

export interface DomainsTable {
  id: string;
  userId: string;
  name: string;
  tld: string;
  status: DomainStatus;
  registeredAt: number;
  expiresAt: number;
  autoRenew: Generated<number>;
  transferLock: Generated<number>;
  /** JSON array of host names. */
  nameservers: Generated<string>;
  dnsUpdatedAt: number | null;
  /** SHA-256 (hex) of the authorisation code of a transfer out started by staff; never the code. */
  transferCodeHash: Generated<string | null>;
  /** Set when staff deleted a domain that accounting records still name: hidden everywhere (migration 0110). */
  deletedAt: Generated<number | null>;
  /** Being set up, or setup late (migration 0200); null when no provisioning task is outstanding. */
  setupState: Generated<SetupState | null>;
  /** JSON array of the DNSSEC DS records the registry holds (migration 0240); null until the zone is signed. */
  dsRecords: Generated<string | null>;
  createdAt: number;
  updatedAt: number;
}

export type DomainRow = Selectable<DomainsTable>;

export interface DnsRecordsTable {
  id: string;
  domainId: string;
  type: DnsRecordType;
  name: string;
  value: string;
  ttl: Generated<number>;
  priority: number | null;
  createdAt: number;
  updatedAt: number;
}

export type DnsRecordRow = Selectable<DnsRecordsTable>;

/** Named counters: `invoice:<year>` and `ticket`. */
export interface CountersTable {
  key: string;
  value: number;
}

export interface InvoicesTable {
  id: string;
  userId: string;
  /** INV-<year>-<sequence, 4 digits or more>. */
  number: string;
  year: number;
  sequence: number;
  status: InvoiceStatus;
  currency: Generated<string>;
  totalCents: number;
  issuedAt: number;
  dueAt: number;
  paidAt: number | null;
  createdAt: number;
  updatedAt: number;
}

export type InvoiceRow = Selectable<InvoicesTable>;

export interface InvoiceLinesTable {
  id: string;
  invoiceId: string;
  position: number;
  descriptionKey: string;
  /** JSON object. */
  descriptionParams: Generated<string>;
  serviceId: string | null;
  domainId: string | null;
  quantity: Generated<number>;
  unitPriceCents: number;
  amountCents: number;
}

export interface PaymentsTable {
  id: string;
  userId: string;
  invoiceId: string | null;
  method: PaymentMethod;
  status: PaymentStatus;
  amountCents: number;
  currency: Generated<string>;
  declineReason: string | null;
  idempotencyKey: string | null;
  providerReference: string | null;
  /**
   * How much of a completed payment was refunded, by staff or by cancelling its order, to the balance or (a
   * top-up) back to its source (decisions 033, 043).
   */
  refundedCents: Generated<number>;
  /** A balance top-up or an invoice's payment (decision 043): where a refund of it may go. */
  purpose: Generated<PaymentPurpose>;
  createdAt: number;
  updatedAt: number;
  completedAt: number | null;
}

export type PaymentRow = Selectable<PaymentsTable>;

/** Append-only (triggers refuse UPDATE and DELETE). Credits positive, charges negative. */
export interface LedgerEntriesTable {
  id: string;
  userId: string;
  /** topup, hosting_renewal, domain_registration, domain_renewal, service_purchase, refund, adjustment. */
  type: string;
  amountCents: number;
  currency: Generated<string>;
  descriptionKey: string;
  descriptionParams: Generated<string>;
  paymentId: string | null;
  invoiceId: string | null;
  serviceId: string | null;
  domainId: string | null;
  actorId: string | null;
  createdAt: number;
}

export type LedgerEntryRow = Selectable<LedgerEntriesTable>;

export interface IdempotencyKeysTable {
  userId: string;
  key: string;
  /** SHA-256 of the request (method, path, body): the same key with another request is refused. */
  fingerprint: string;
  statusCode: number | null;
  responseBody: string | null;
  createdAt: number;
  completedAt: number | null;
}

export interface TicketsTable {
  id: string;
  /** The public number: TCK-<number>. */
  number: number;
  /** Null for a guest ticket, opened by the contact form (migration 0290). */
  userId: string | null;
  subject: string;
  department: TicketDepartment;
  priority: TicketPriority;
  status: TicketStatus;
  assignedTo: string | null;
  createdAt: number;
  updatedAt: number;
  closedAt: number | null;
  /** A guest ticket's visitor: the address staff answers are mailed to, the name and the mail language. */
  guestEmail: Generated<string | null>;
  guestName: Generated<string | null>;
  guestLanguage: Generated<Language | null>;
}

export type TicketRow = Selectable<TicketsTable>;

export interface TicketMessagesTable {
  id: string;
  ticketId: string;
  authorId: string | null;
  authorKind: TicketAuthorKind;
  body: string;
  createdAt: number;
}

export interface NotificationsTable {
  id: string;
  userId: string;
  type: NotificationType;
  /** Translation key of the title and message (dashboard namespace, `notifications.types.<key>`). */
  key: string;
  params: Generated<string>;
  createdAt: number;
  readAt: number | null;
}

export interface ActivityTable {
  id: string;
  userId: string;
  action: string;
  subjectType: ActivitySubjectType;
  subjectId: string | null;
  params: Generated<string>;
  createdAt: number;
}

export interface KnowledgeArticlesTable {
  id: string;
  slug: string;
  category: ArticleCategory;
  titleEn: string;
  titleRu: string;
  bodyEn: string;
  bodyRu: string;
  views: Generated<number>;
  publishedAt: number;
  createdAt: number;
  updatedAt: number;
}

export interface AuditLogTable {
  id: string;
  actorId: string | null;
  action: string;
  entityType: string;
  entityId: string | null;
  before: string | null;
  after: string | null;
  clientIp: string | null;
  createdAt: number;
}

export interface StatusHistoryTable {
  id: string;
  entityType: string;
  entityId: string;
  fromStatus: string | null;
  toStatus: string;
  reason: string | null;
  actorId: string | null;
  /** The scheduled job that made the change, when no person did. */
  job: string | null;
  createdAt: number;
}

export interface SettingsTable {
  key: string;
  /** JSON. */
  value: string;
  updatedAt: number;
  updatedBy: string | null;
}

/** A single-use link token sent by mail; only its SHA-256 is kept. */
export interface AccountTokensTable {
  id: string;
  userId: string;
  purpose: 'password_reset' | 'verify_email' | 'email_undo';
  tokenHash: string;
  createdAt: number;
  expiresAt: number;
  usedAt: number | null;
  /** The address a verification link verifies, or an undo link restores (migration 0160); null otherwise. */
  email: Generated<string | null>;
}

export type AccountTokenRow = Selectable<AccountTokensTable>;

/** One sign-in (refresh-token family): device, address, started, last used. */
export interface SignInsTable {
  familyId: string;
  userId: string;
  device: string;
  deviceKey: string;
  address: string;
  createdAt: number;
  lastUsedAt: number;
}

/**
 * A counter per listed table that moves with every change its back-office list can see (migration 0050,
 * docs/decisions/025-scale-read-paths.md).
 */
export interface ListGenerationsTable {
  name: 'users';
  value: number;
}

/**
 * A counter per account that moves with every change its dashboard summary can show (migration 0140,
 * docs/decisions/039-account-generation-and-kept-answers.md). No row reads as 0.
 */
export interface AccountGenerationsTable {
  userId: string;
  value: number;
}

/** An account's TOTP secret, sealed; `enabledAt` null while set-up waits for its first code. */
export interface TwoFactorTable {
  userId: string;
  secretSealed: string;
  createdAt: number;
  enabledAt: number | null;
  /** The newest TOTP time step a code was accepted for: codes of this step or earlier are refused. */
  lastStep: number | null;
}

export type TwoFactorRow = Selectable<TwoFactorTable>;

/** A single-use recovery code; only its keyed hash is kept. */
export interface RecoveryCodesTable {
  id: string;
  userId: string;
  codeHash: string;
  createdAt: number;
  usedAt: number | null;
}

/** The token between the password step and the code step of a two-factor sign-in; only its SHA-256 is kept. */
export interface SignInChallengesTable {
  id: string;
  userId: string;
  tokenHash: string;
  remember: number;
  createdAt: number;
  expiresAt: number;
  usedAt: number | null;
}

/** A scheduled job's lease and last run (docs/decisions/030-lifecycle-automation.md). */
export interface SchedulerJobsTable {
  name: string;
  leaseOwner: string | null;
  leaseExpiresAt: number | null;
  lastStartedAt: number | null;
  lastFinishedAt: number | null;
  outcome: string | null;
  changed: number | null;
  error: string | null;
  nextRunAt: number;
}

/** The renewal invoice of one period of a service or domain: unique per (entity, period start). */
export interface RenewalInvoicesTable {
  invoiceId: string;
  entityType: 'service' | 'domain';
  entityId: string;
  userId: string;
  periodStart: number;
  months: number;
  shortNotifiedAt: number | null;
  /** When auto-renew tried to charge the shortfall to the saved card (once per invoice; migration 0130). */
  cardAttemptedAt: Generated<number | null>;
}

/** A customer's saved card (docs/decisions/038-saved-card-for-renewals.md): never the full number. */
export interface PaymentMethodsTable {
  id: string;
  userId: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  holder: string;
  /** The card provider's opaque reference; only the provider can charge it. */
  token: string;
  createdAt: number;
  updatedAt: number;
}

export type PaymentMethodRow = Selectable<PaymentMethodsTable>;

/** A customer's order (docs/decisions/032-ordering-and-checkout.md). */
export interface OrdersTable {
  id: string;
  userId: string;
  number: string;
  year: number;
  sequence: number;
  status: OrderStatus;
  invoiceId: string;
  totalCents: number;
  currency: Generated<string>;
  paidAt: number | null;
  decidedAt: number | null;
  decidedBy: string | null;
  decisionReason: string | null;
  refundCents: number | null;
  /** A digest of the priced cart it was placed with (docs/decisions/052-money-journeys.md). */
  cartKey: string | null;
  /** Who cancelled it: staff, the customer (unpaid), or the scheduler when it expired unpaid. */
  cancelCause: OrderCancelCause | null;
  createdAt: number;
  updatedAt: number;
}

export type OrderRow = Selectable<OrdersTable>;

/** One line of an order, priced from the catalogue when placed; the service or domain it became. */
export interface OrderLinesTable {
  id: string;
  orderId: string;
  position: number;
  kind: OrderLineKind;
  planId: string | null;
  name: string;
  domain: string | null;
  months: number;
  location: string | null;
  game: string | null;
  unit: 'month' | 'year';
  unitPriceCents: number;
  /** What the line costs: its period price less `discountCents`. */
  amountCents: number;
  /** Taken off the period price: a free first domain year (docs/decisions/052-money-journeys.md). */
  discountCents: Generated<number>;
  /** The hosting plan whose free domain year this line got. */
  freeDomainWith: string | null;
  serviceId: string | null;
  domainId: string | null;
}

export type OrderLineRow = Selectable<OrderLinesTable>;

/** A recent 5xx answer of the API (docs/decisions/035-support-queue-and-operations.md). */
export interface ErrorLogTable {
  id: string;
  createdAt: number;
  requestId: string;
  method: string;
  /** The route pattern (/api/tickets/:id), never the URL with its values or query. */
  route: string;
  status: number;
  errorName: string;
  message: string;
}

/** An SSL certificate of a service (migration 0230, docs/decisions/049-certificates-through-acme.md). */
export interface CertificatesTable {
  id: string;
  serviceId: string;
  domain: string;
  /** JSON array of the names on the certificate. */
  names: string;
  keyType: CertificateKeyType;
  status: CertificateStatus;
  orderUrl: string | null;
  serial: string | null;
  issuer: string | null;
  notBefore: number | null;
  notAfter: number | null;
  certificatePem: string | null;
  chainPem: string | null;
  /** Sealed with lib/secret-box.ts under the purpose `certificate-key:<id>`. */
  privateKeySealed: string | null;
  failureCode: string | null;
  /** JSON of the CA's problem document. */
  failureProblem: string | null;
  issuedAt: number | null;
  revokedAt: number | null;
  /** The hosting service whose site serves it over HTTPS (migration 0350), the serial it serves, and since when. */
  installedServiceId: string | null;
  installedSerial: string | null;
  installedAt: number | null;
  createdAt: number;
  updatedAt: number;
}

export type CertificateRow = Selectable<CertificatesTable>;

/** A certificate a renewal or reissue replaced, downloadable until it expires. */
export interface PreviousCertificatesTable {
  id: string;
  certificateId: string;
  serial: string;
  issuer: string;
  keyType: CertificateKeyType;
  notBefore: number;
  notAfter: number;
  certificatePem: string;
  chainPem: string;
  privateKeySealed: string;
  replacedAt: number;
  revokedAt: number | null;
}

export type PreviousCertificateRow = Selectable<PreviousCertificatesTable>;

export interface Database {
  users: UsersTable;
  refreshTokens: RefreshTokensTable;
  servers: ServersTable;
  serverUsageSamples: ServerUsageSamplesTable;
  serviceUsageSamples: ServiceUsageSamplesTable;
  serviceUsage: ServiceUsageTable;
  nodeMetrics: NodeMetricsTable;
  services: ServicesTable;
  domains: DomainsTable;
  dnsRecords: DnsRecordsTable;
  counters: CountersTable;
  invoices: InvoicesTable;
  invoiceLines: InvoiceLinesTable;
  payments: PaymentsTable;
  ledgerEntries: LedgerEntriesTable;
  idempotencyKeys: IdempotencyKeysTable;
  tickets: TicketsTable;
  ticketMessages: TicketMessagesTable;
  notifications: NotificationsTable;
  activity: ActivityTable;
  knowledgeArticles: KnowledgeArticlesTable;
  auditLog: AuditLogTable;
  statusHistory: StatusHistoryTable;
  settings: SettingsTable;
  accountTokens: AccountTokensTable;
  signIns: SignInsTable;
  listGenerations: ListGenerationsTable;
  accountGenerations: AccountGenerationsTable;
  twoFactor: TwoFactorTable;
  recoveryCodes: RecoveryCodesTable;
  signInChallenges: SignInChallengesTable;
  schedulerJobs: SchedulerJobsTable;
  renewalInvoices: RenewalInvoicesTable;
  paymentMethods: PaymentMethodsTable;
  orders: OrdersTable;
  orderLines: OrderLinesTable;
  errorLog: ErrorLogTable;
  certificates: CertificatesTable;
  previousCertificates: PreviousCertificatesTable;
  provisioningTasks: ProvisioningTasksTable;
  provisioningCalls: ProvisioningCallsTable;
  dnsChallengeLocks: DnsChallengeLocksTable;
  serviceDomains: ServiceDomainsTable;
}

/** A hosting service's addon domain (migration 0390; docs/decisions/069-addon-domains.md). */
export interface ServiceDomainsTable {
  /** Lower-case A-labels; unique across every service. */
  name: string;
  serviceId: string;
  userId: string;
  status: 'adding' | 'active' | 'removing';
  createdAt: number;
  updatedAt: number;
}

/**
 * A zone's lease held while a certificate task rewrites its `_acme-challenge` rrsets (migration 0380;
 * docs/decisions/049-certificates-through-acme.md).
 */
export interface DnsChallengeLocksTable {
  zone: string;
  leaseOwner: string;
  leaseUntil: number;
}

/** The outbox of changes that must reach infrastructure (migration 0200; docs/decisions/042-provisioning-engine.md). */
export interface ProvisioningTasksTable {
  /** Sorts in the order tasks were written (see provisioning/tasks.ts). */
  id: string;
  resourceType: 'service' | 'domain';
  resourceId: string;
  userId: string;
  driverType: DriverType;
  operation: ProvisioningOperation;
  status: ProvisioningTaskStatus;
  serverId: string | null;
  attempts: Generated<number>;
  maxAttempts: number;
  nextAttemptAt: number;
  leaseOwner: string | null;
  leaseUntil: number | null;
  /** `no-server` while no server of the driver type exists. */
  waitReason: string | null;
  errorCode: string | null;
  errorMessage: string | null;
  /** JSON: what the driver reported on success (no secrets). */
  details: string | null;
  createdAt: number;
  updatedAt: number;
  finishedAt: number | null;
}

export type ProvisioningTaskRow = Selectable<ProvisioningTasksTable>;

/** One driver call: the log staff read beside a task. */
export interface ProvisioningCallsTable {
  id: string;
  taskId: string | null;
  serverId: string | null;
  driverType: DriverType;
  operation: string;
  startedAt: number;
  durationMs: number;
  outcome: 'ok' | 'error';
  errorCode: string | null;
  message: string | null;
}
