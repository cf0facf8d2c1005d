import { AgentUnreachableError, createAgentClient } from '@hostpilot/agent/client';
import { MIN_SECRET_LENGTH } from '@hostpilot/agent/protocol';
import { dataSizeMb, HOSTING_PLANS, UNLIMITED } from '@hostpilot/shared';
import {
  DriverError,
  type DriverFactory,
  type DriverResult,
  type DriverSettings,
  type ProvisioningDriver,
  type ProvisioningTarget,
} from '../../driver';

/**
 * The web-node driver (docs/decisions/055-web-node-agent.md): a hosting service is a site on the node's agent
 * (apps/agent), reached with signed requests. Like the PowerDNS driver (docs/decisions/046-dns-on-powerdns.md),
 * every operation sends the whole wanted state, so a task run twice, or again after a crash, ends the same.
 */

/** Databases each hosting plan allows (the catalogue's storage and domains, and these). */
export const PLAN_DATABASES: Readonly<Record<string, number>> = { starter: 1, business: 10, enterprise: 100 };
/** What "unlimited" domains means to a node: a limit far above any real use, still a number. */
const UNLIMITED_DOMAINS = 1000;

export interface SiteLimits {
  storageMb: number;
  databases: number;
  domains: number;
}

/** A hosting plan's limits as the node enforces them. */
export function planLimits(planId: string | undefined): SiteLimits {
  const plan = HOSTING_PLANS.find((p) => p.id === planId);
  if (!plan) {
    throw new DriverError({ code: 'invalid', message: `No hosting plan "${planId ?? ''}"`, retryable: false });
  }
  return {
    storageMb: dataSizeMb(plan.storage),
    databases: PLAN_DATABASES[plan.id] ?? 1,
    domains: plan.domains === UNLIMITED ? UNLIMITED_DOMAINS : plan.domains,
  };
}

interface WebNodeSettings {
  agentUrl: string;
  sharedSecret: string;
}

export function webNodeSettings(settings: DriverSettings): WebNodeSettings {
  const invalid = (message: string) => new DriverError({ code: 'invalid', message, retryable: false });
  let url: URL;
  try {
    url = new URL((settings.agentUrl ?? '').trim());
  } catch {
    throw invalid('The agent address is not a URL (for example https://node1.example.net:8443)');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalid('The agent address must be http(s)');
  const secret = settings.sharedSecret ?? '';
  if (secret.length < MIN_SECRET_LENGTH) {
    throw invalid(`The shared secret must be at least ${MIN_SECRET_LENGTH} characters`);
  }
  return { agentUrl: url.toString().replace(/\/+$/, ''), sharedSecret: secret };
}

interface AgentFailure {
  error?: string;
  message?: string;
  reason?: string;
  field?: string;
  retryable?: boolean;
}

/** The agent's answer as a DriverError: waiting helps for 5xx and no answer, not for refusals. */
function failure(status: number, body: AgentFailure): DriverError {
  const message = `${body.message ?? body.error ?? 'error'}${body.reason ? ` (${body.reason})` : ''}`;
  if (status === 401) {
    return new DriverError({
      code: 'unauthorised',
      message: `The agent refused our signature: ${message}. Is the shared secret the one on the node, and its clock right?`,
      retryable: false,
    });
  }
  if (status >= 500) {
    return new DriverError({ code: 'server-error', message: `Agent: ${message}`, retryable: body.retryable ?? true });
  }
  return new DriverError({
    code: status === 404 ? 'not-found' : 'invalid',
    message: `Agent: ${message}`,
    retryable: false,
    problem: { agentCode: body.error ?? null, ...(body.field ? { field: body.field } : {}) },
  });
}

/** A site's databases on the node: each database and its user share one name. */
export interface NodeDatabases {
  databases: string[];
  limit: number;
  prefix: string;
  host: string;
  port: number;
}

/** A database's credentials, answered by the node once (create and reset); kept nowhere by us. */
export interface NodeDatabaseCredentials {
  name: string;
  user: string;
  password: string;
  host: string;
  port: number;
}

/**
 * What the web node does besides provisioning: the customer's databases (docs/decisions/055-web-node-agent.md),
 * asked for by the customer's own routes rather than queued tasks. Failures are DriverErrors like the rest.
 */
export interface WebNodeDriver extends ProvisioningDriver {
  type: 'web-node';
  databases(target: ProvisioningTarget): Promise<NodeDatabases>;
  createDatabase(target: ProvisioningTarget, suffix: string): Promise<NodeDatabaseCredentials>;
  resetDatabasePassword(target: ProvisioningTarget, name: string): Promise<NodeDatabaseCredentials>;
  dropDatabase(target: ProvisioningTarget, name: string): Promise<void>;
}

export function isWebNodeDriver(driver: ProvisioningDriver): driver is WebNodeDriver {
  return driver.type === 'web-node' && typeof (driver as Partial<WebNodeDriver>).databases === 'function';
}

/** The agent's answer of `GET /v1/sites/:id/usage` (apps/agent/src/sites.ts). */
interface AgentUsage {
  diskBytes: number;
  fileBytes: number;
  databaseBytes: number;
  bandwidthBytes: number;
  bandwidthMonth: string;
  databases?: number;
  storageLimitBytes?: number;
  limits?: { storageMb?: number; databases?: number; domains?: number };
}

/** The agent's answer of `GET /v1/node/metrics` (apps/agent/src/metrics.ts). */
interface AgentMetrics {
  cpuPercent?: number;
  memory?: { totalBytes?: number; percent?: number };
  disk?: { totalBytes?: number; percent?: number };
  load?: unknown;
  network?: { bytesPerSecond?: number };
  cpus?: number;
}

/** A count from the agent: a whole number, at least 0 (anything else counts as 0). */
const count = (value: unknown) => (Number.isFinite(Number(value)) ? Math.max(0, Math.round(Number(value))) : 0);
const percent = (value: unknown) => Math.min(100, count(value));
const fraction = (value: unknown) =>
  Number.isFinite(Number(value)) ? Math.max(0, Math.round(Number(value) * 100) / 100) : 0;

/** The certificate a site should serve over HTTPS (docs/decisions/049-certificates-through-acme.md). */
export interface SiteCertificate {
  id: string;
  serial: string;
  certificatePem: string;
  chainPem: string;
  privateKeyPem: string;
}

export interface WebNodeHooks {
  /** The certificate issued for the site's domain, or null when it should serve none. */
  certificate?(target: ProvisioningTarget): Promise<SiteCertificate | null>;
  /** What the node now serves for the site: the certificate (id and serial), or null for none. */
  installed?(target: ProvisioningTarget, installed: { id: string; serial: string } | null): Promise<void>;
  /** The node now serves the site with these addon domains (docs/decisions/069-addon-domains.md). */
  aliasesServed?(target: ProvisioningTarget, aliases: string[]): Promise<void>;
}

/** The addon domains a task's target carries (`data.aliases`, read when the task runs; none when absent). */
function aliasesOf(target: ProvisioningTarget): string[] {
  const aliases = target.data?.aliases;
  return Array.isArray(aliases) ? aliases.filter((alias): alias is string => typeof alias === 'string') : [];
}

/** Signed calls to one node's agent, its answers mapped to DriverErrors. */
function agentCalls(raw: DriverSettings) {
  const call = async <T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> => {
    const settings = webNodeSettings(raw);
    const client = createAgentClient({ url: settings.agentUrl, secret: settings.sharedSecret });
    try {
      return await client.call<T>(method, path, body);
    } catch (error) {
      if (error instanceof AgentUnreachableError) {
        throw new DriverError({ code: 'unreachable', message: error.message, retryable: true, cause: error });
      }
      throw error;
    }
  };
  const ok = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const answer = await call<T & AgentFailure>(method, path, body);
    if (answer.status >= 300) throw failure(answer.status, answer.body);
    return answer.body;
  };
  return { call, ok };
}

const sitePathOf = (id: string) => `/v1/sites/${encodeURIComponent(id)}`;

/**
 * HTTP-01 on a site of this node (docs/decisions/049-certificates-through-acme.md): the agent serves each key
 * authorization under `/.well-known/acme-challenge/<token>` from a folder of its own.
 */
export function siteChallenges(raw: DriverSettings, siteId: string) {
  const { ok } = agentCalls(raw);
  const path = (token: string) => `${sitePathOf(siteId)}/challenges/${encodeURIComponent(token)}`;
  return {
    put: async (token: string, keyAuthorization: string) => {
      await ok('PUT', path(token), { keyAuthorization });
    },
    remove: async (token: string) => {
      await ok('DELETE', path(token));
    },
  };
}

export function createWebNodeDriver(raw: DriverSettings, hooks: WebNodeHooks = {}): WebNodeDriver {
  const { call, ok } = agentCalls(raw);
  const sitePath = (target: ProvisioningTarget) => sitePathOf(target.id);

  /**
   * Makes the site serve the certificate issued for its domain over HTTPS, or none: sent whole each time, so a
   * renewal's new serial replaces the old and a revoked certificate is taken away. A node without an HTTPS port
   * serves none.
   */
  const syncCertificate = async (
    target: ProvisioningTarget,
    served: { serial: string } | null,
  ): Promise<string | null> => {
    if (!hooks.certificate) return served?.serial ?? null;
    const wanted = await hooks.certificate(target);
    let serial: string | null = null;
    if (wanted) {
      const answer = await call<AgentFailure & { certificate?: { serial: string } }>(
        'PUT',
        `${sitePath(target)}/certificate`,
        { certificatePem: wanted.certificatePem, chainPem: wanted.chainPem, privateKeyPem: wanted.privateKeyPem },
      );
      if (answer.status >= 300 && answer.body.error !== 'no-tls-listen') throw failure(answer.status, answer.body);
      serial = answer.status < 300 ? (answer.body.certificate?.serial ?? null) : null;
    } else if (served) {
      await ok('DELETE', `${sitePath(target)}/certificate`);
    }
    await hooks.installed?.(target, wanted && serial ? { id: wanted.id, serial } : null);
    return serial;
  };

  /** Sends the site's whole wanted state; `status` says active or suspended. */
  const put = async (target: ProvisioningTarget, status: 'active' | 'suspended'): Promise<DriverResult> => {
    if (!target.domain) {
      throw new DriverError({ code: 'invalid', message: 'A hosting service needs a domain', retryable: false });
    }
    const language = target.data?.ownerLanguage === 'ru' ? 'ru' : 'en';
    const aliases = aliasesOf(target);
    const site = await ok<{
      user: string;
      status: string;
      databases: string[];
      certificate?: { serial: string } | null;
    }>('PUT', sitePath(target), {
      domain: target.domain,
      aliases,
      language,
      status,
      limits: planLimits(target.plan),
    });
    await hooks.aliasesServed?.(target, aliases);
    const certificateSerial = await syncCertificate(target, site.certificate ?? null);
    return {
      details: {
        siteUser: site.user,
        siteStatus: site.status,
        databases: site.databases.length,
        aliases: aliases.length,
        certificateSerial,
      },
    };
  };
  /** The status the service's own row asks for (a plan change keeps a suspended site suspended). */
  const statusOf = (target: ProvisioningTarget) => (target.data?.status === 'suspended' ? 'suspended' : 'active');

  return {
    type: 'web-node',

    async testConnection() {
      const health = await ok<{ version: string; nginx: boolean; phpFpm: boolean; sites: number }>('GET', '/v1/health');
      return { details: { version: health.version, nginx: health.nginx, phpFpm: health.phpFpm, sites: health.sites } };
    },

    create: (target) => put(target, statusOf(target)),
    unsuspend: (target) => put(target, 'active'),
    suspend: (target) => put(target, 'suspended'),
    changePlan: (target) => put(target, statusOf(target)),
    /** The site as it should be, with the certificate now issued (or revoked) for its domain. */
    update: (target) => put(target, statusOf(target)),

    async terminate(target) {
      const done = await ok<{ removed: boolean; archive: string | null }>('DELETE', sitePath(target));
      return { details: { removed: done.removed, archive: done.archive } };
    },

    async usage(target) {
      const usage = await ok<AgentUsage>('GET', `${sitePath(target)}/usage`);
      return {
        diskBytes: count(usage.diskBytes),
        fileBytes: count(usage.fileBytes),
        databaseBytes: count(usage.databaseBytes),
        bandwidthBytes: count(usage.bandwidthBytes),
        bandwidthMonth: /^\d{4}-\d{2}$/.test(String(usage.bandwidthMonth)) ? usage.bandwidthMonth : '',
        databases: count(usage.databases),
        storageLimitBytes: count(usage.storageLimitBytes ?? (usage.limits?.storageMb ?? 0) * 1024 * 1024),
        databaseLimit: count(usage.limits?.databases),
        domainLimit: count(usage.limits?.domains),
      };
    },

    async nodeMetrics() {
      const metrics = await ok<AgentMetrics>('GET', '/v1/node/metrics');
      const load = Array.isArray(metrics.load) ? metrics.load.map(Number) : [];
      return {
        cpuPercent: percent(metrics.cpuPercent),
        memoryPercent: percent(metrics.memory?.percent),
        diskPercent: percent(metrics.disk?.percent),
        load: [fraction(load[0]), fraction(load[1]), fraction(load[2])],
        networkBytesPerSecond: count(metrics.network?.bytesPerSecond),
        memoryTotalBytes: count(metrics.memory?.totalBytes),
        diskTotalBytes: count(metrics.disk?.totalBytes),
        cpus: count(metrics.cpus),
      };
    },

    async list() {
      return (await ok<{ sites: string[] }>('GET', '/v1/sites')).sites;
    },

    databases: (target) => ok<NodeDatabases>('GET', `${sitePath(target)}/databases`),
    createDatabase: (target, suffix) =>
      ok<NodeDatabaseCredentials>('POST', `${sitePath(target)}/databases`, { name: suffix }),
    resetDatabasePassword: (target, name) =>
      ok<NodeDatabaseCredentials>('POST', `${sitePath(target)}/databases/${encodeURIComponent(name)}/password`),
    async dropDatabase(target, name) {
      await ok<{ deleted: boolean }>('DELETE', `${sitePath(target)}/databases/${encodeURIComponent(name)}`);
    },
  };
}

export const webNodeDriverFactory: DriverFactory = (settings) => createWebNodeDriver(settings);
