import type { DriverType } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { SecretBox } from '../../lib/secret-box';

/**
 * The contract between the provisioning engine and the software that creates what a customer pays for
 * (docs/decisions/042-provisioning-engine.md). One implementation per kind of infrastructure: a DNS server,
 * a certificate authority, a web node. The engine calls a driver only from its workers, never inside a request's
 * database transaction, and every operation must be idempotent: run twice, or again after a crash half-way,
 * it ends in the same state as once.
 */

/** The kinds of driver a server can be given in the back office (shared with the web's server form). */
export { DRIVER_TYPES, type DriverType } from '@hostpilot/shared';

/** A server's connection settings as the driver reads them: secrets already opened from the sealed column. */
export type DriverSettings = Readonly<Record<string, string>>;

/** The resource a task acts on, as the driver needs to see it (never the whole database row). */
export interface ProvisioningTarget {
  /** `service` (hosting, a server, an SSL certificate) or `domain`. */
  readonly kind: 'service' | 'domain';
  /** Our id of the service or domain. */
  readonly id: string;
  /** The domain name the resource answers for, lower case, A-labels (Punycode); undefined when it has none. */
  readonly domain?: string;
  /** The catalogue plan id, for services. */
  readonly plan?: string;
  /** Driver-specific data the engine passes through (for example the DNS records to publish). */
  readonly data?: Readonly<Record<string, unknown>>;
}

/** A resource's measured usage: disk (files and databases), traffic of a month, counts against the limits. */
export interface ResourceUsage {
  readonly diskBytes: number;
  readonly fileBytes: number;
  readonly databaseBytes: number;
  readonly bandwidthBytes: number;
  /** `YYYY-MM` (UTC) the traffic is of. */
  readonly bandwidthMonth: string;
  readonly databases: number;
  readonly storageLimitBytes: number;
  readonly databaseLimit: number;
  readonly domainLimit: number;
}

/** A server's own figures when it was read. */
export interface NodeReading {
  readonly cpuPercent: number;
  readonly memoryPercent: number;
  readonly diskPercent: number;
  readonly load: readonly [number, number, number];
  readonly networkBytesPerSecond: number;
  readonly memoryTotalBytes: number;
  readonly diskTotalBytes: number;
  readonly cpus: number;
}

/** What a call achieved; `details` is stored with the task for staff and must hold no secret. */
export interface DriverResult {
  readonly details?: Readonly<Record<string, unknown>>;
}

/**
 * A failure the driver understands. `retryable` false stops the retries at once (bad settings, a refusal that
 * will not change by waiting); `code` is a stable word for staff filters and translations
 * (`unreachable`, `refused`, `invalid`, `not-found`, …); `message` is for staff, never shown to customers.
 */
export class DriverError extends Error {
  readonly code: string;
  readonly retryable: boolean;
  readonly problem?: Readonly<Record<string, unknown>>;
  constructor(options: {
    code: string;
    message: string;
    retryable: boolean;
    problem?: Readonly<Record<string, unknown>>;
    cause?: unknown;
  }) {
    super(options.message, { cause: options.cause });
    this.name = 'DriverError';
    this.code = options.code;
    this.retryable = options.retryable;
    this.problem = options.problem;
  }
}

/** The operations every billing system's provisioning modules converge on (decision 042). */
export interface ProvisioningDriver {
  readonly type: DriverType;
  /** Checks that the settings reach a working server; throws DriverError saying what is wrong. */
  testConnection(): Promise<DriverResult>;
  create(target: ProvisioningTarget): Promise<DriverResult>;
  suspend(target: ProvisioningTarget): Promise<DriverResult>;
  unsuspend(target: ProvisioningTarget): Promise<DriverResult>;
  terminate(target: ProvisioningTarget): Promise<DriverResult>;
  changePlan(target: ProvisioningTarget): Promise<DriverResult>;
  /** Optional: apply a driver-specific change (a DNS edit, a certificate install) described in target.data. */
  update?(target: ProvisioningTarget): Promise<DriverResult>;
  /** Optional: a short-lived sign-in link into the resource. */
  signInLink?(target: ProvisioningTarget): Promise<string>;
  /** Optional: usage figures of the resource, for the customer's usage bars (docs/decisions/058-usage-and-limits.md). */
  usage?(target: ProvisioningTarget): Promise<ResourceUsage>;
  /** Optional: the figures of the server itself (CPU, memory, disk, load), for the back office's Monitor. */
  nodeMetrics?(): Promise<NodeReading>;
  /** Optional: what exists on the server, for a sync (domain names or resource ids). */
  list?(): Promise<readonly string[]>;
}

/**
 * What the engine gives a driver beside its settings: the database, the secret box and the clock, for a driver
 * whose outcome other records follow (the certificate driver keeps each issued certificate through its
 * repository, docs/decisions/049-certificates-through-acme.md). Drivers of plain infrastructure ignore it.
 */
export interface DriverContext {
  readonly db: Kysely<Database>;
  readonly secretBox: SecretBox;
  readonly clock: Clock;
}

/** Builds a driver from a server's settings; registered once per driver type. */
export type DriverFactory = (settings: DriverSettings, context?: DriverContext) => ProvisioningDriver;

/** The operations a provisioning task can carry (shared with the back office's task list). */
export { PROVISIONING_OPERATIONS, type ProvisioningOperation } from '@hostpilot/shared';
