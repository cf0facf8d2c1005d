import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((value) => ['true', '1', 'yes', 'on'].includes(value));

const positiveInt = z.coerce.number().int().positive();

const listFromEnv = z.string().transform((value) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean),
);

/**
 * Every environment variable the API reads, with its default. docs/configuration.md lists the same table.
 * An empty value counts as unset.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^(postgres|postgresql):\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'must be a lower-case PostgreSQL identifier')
    .optional(),
  DATABASE_POOL_MAX: positiveInt.default(10),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  JWT_ISSUER: z.string().min(1).default('hostpilot'),
  JWT_AUDIENCE: z.string().min(1).default('hostpilot-web'),
  ACCESS_TOKEN_TTL: positiveInt.default(15 * 60),
  REFRESH_TOKEN_TTL: positiveInt.default(7 * 24 * 60 * 60),
  REFRESH_TOKEN_REMEMBER_TTL: positiveInt.default(30 * 24 * 60 * 60),
  REFRESH_FAMILY_MAX_AGE: positiveInt.default(90 * 24 * 60 * 60),
  SEED_DEMO: booleanFromEnv.optional(),
  DEMO_MODE: booleanFromEnv.optional(),
  SEED_SCALE: z.coerce.number().int().min(0).max(1_000_000).default(300),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_PRETTY: booleanFromEnv.optional(),
  CORS_ORIGINS: listFromEnv.default([]),
  TRUST_PROXY: z.string().optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  REDIS_KEY_PREFIX: z.string().min(1).default('hostpilot:rate:'),
  BODY_LIMIT: positiveInt.default(64 * 1024),
  RATE_LIMIT_LOGIN_MAX: positiveInt.default(10),
  RATE_LIMIT_LOGIN_IP_MAX: positiveInt.default(50),
  RATE_LIMIT_LOGIN_EMAIL_CEILING: positiveInt.default(100),
  RATE_LIMIT_LOGIN_WINDOW: positiveInt.default(15 * 60),
  RATE_LIMIT_REGISTER_MAX: positiveInt.default(10),
  RATE_LIMIT_REGISTER_WINDOW: positiveInt.default(60 * 60),
  RATE_LIMIT_API_MAX: positiveInt.default(600),
  RATE_LIMIT_API_WINDOW: positiveInt.default(60),
  RATE_LIMIT_RESET_MAX: positiveInt.default(5),
  RATE_LIMIT_RESET_WINDOW: positiveInt.default(60 * 60),
  RATE_LIMIT_CONTACT_MAX: positiveInt.default(3),
  RATE_LIMIT_CONTACT_IP_MAX: positiveInt.default(10),
  RATE_LIMIT_CONTACT_WINDOW: positiveInt.default(60 * 60),
  PASSWORD_HASH_CONCURRENCY: positiveInt.optional(),
  PASSWORD_HASH_MAX_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  APP_URL: z.string().url().optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('HostPilot <no-reply@hostpilot.local>'),
  SMTP_EXTRA_PORTS: z
    .string()
    .regex(/^\d{1,5}(\s*,\s*\d{1,5})*$/, 'must be port numbers separated by commas, such as 1025,2526')
    .transform((value) => value.split(',').map((port) => Number(port.trim())))
    .pipe(z.array(z.number().int().min(1).max(65535)))
    .optional(),
  WEB_DIST: z.string().optional(),
  SITE_ORIGIN: z
    .string()
    .regex(/^https?:\/\/[^/?#\s]+$/, 'must be an origin such as https://example.com, with no path')
    .optional(),
  SHUTDOWN_TIMEOUT: positiveInt.default(10),
  API_DOCS: z.enum(['public', 'staff', 'off']).optional(),
  SCHEDULER_ENABLED: booleanFromEnv.optional(),
  SCHEDULER_INTERVAL_MS: z.coerce.number().int().min(1000).max(86_400_000).default(60_000),
  SCHEDULER_LEASE_MS: z.coerce.number().int().min(1000).max(86_400_000).default(600_000),
  USAGE_INTERVAL_MS: z.coerce.number().int().min(1000).max(86_400_000).default(300_000),
  PROVISIONING_ENABLED: booleanFromEnv.optional(),
  DNS_PORT: z.coerce.number().int().min(1).max(65535).default(5300),
  WEB_NODE_PORT: z.coerce.number().int().min(1).max(65535).default(8080),
  WEB_NODE_TLS_PORT: z.coerce.number().int().min(1).max(65535).default(8443),
  PROVISIONING_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(2000),
  PROVISIONING_LEASE_MS: z.coerce.number().int().min(1000).max(86_400_000).default(300_000),
});

/** One core stays free for the event loop, so other requests keep answering during a sign-in storm. */
export function defaultPasswordHashConcurrency(): number {
  return Math.max(1, availableParallelism() - 1);
}

export type Env = z.input<typeof envSchema>;

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  database:
    { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string; schema: string | undefined; poolMax: number };
  jwt: {
    /** Undefined until resolveSecrets() has read or created it. */
    secret: string | undefined;
    issuer: string;
    audience: string;
    accessTtl: number;
    refreshTtl: number;
    refreshRememberTtl: number;
    familyMaxAge: number;
  };
  /** Whether the demo accounts are seeded, and so whether the sign-in page may show them (demo mode). */
  seedDemo: boolean;
  /** Demo mode: the test card is offered as a payment method. Default: on whenever the demo is seeded. */
  demoMode: boolean;
  /** How many other customers the demo seed creates (deterministic population). */
  seedScale: number;
  log: { level: string; pretty: boolean };
  corsOrigins: string[];
  trustProxy: boolean | string | number;
  redisUrl: string | undefined;
  /** Put before every rate-limit key in Redis, so that several deployments can share one server. */
  redisKeyPrefix: string;
  bodyLimit: number;
  rateLimit: {
    loginPerEmail: number;
    loginPerIp: number;
    loginWindow: number;
    registerPerIp: number;
    registerWindow: number;
    /** Failed sign-ins per e-mail from all addresses together: the ceiling no single address can reach. */
    loginEmailCeiling: number;
    /** Requests per client address (an IPv6 /64) to any /api route, per apiWindow seconds. */
    apiPerIp: number;
    apiWindow: number;
    /** Password-reset e-mails asked for, per e-mail and per address, per resetWindow seconds. */
    resetPerKey: number;
    resetWindow: number;
    /** Contact-form messages per visitor e-mail and per client address, per contactWindow seconds (decision 053). */
    contactPerEmail: number;
    contactPerIp: number;
    contactWindow: number;
  };
  /** At most this many password hashes run at once; above it sign-in answers 503 at once. */
  passwordHashConcurrency: number;
  /** The longest wait for a hashing slot a sign-in may queue for before it is refused with 503. */
  passwordHashMaxWaitMs: number;
  /** The public address of the web app, for links in e-mails; default http://HOST:PORT. */
  appUrl: string;
  /**
   * `extraPorts`: SMTP server ports the back office may save and test besides 25, 465, 587 and 2525
   * (docs/decisions/045-production-hardening.md).
   */
  mail: { smtpUrl: string | undefined; from: string; extraPorts: number[] };
  webDist: string | undefined;
  /** The site's public origin, written into canonical, hreflang and sitemap links; the request's own otherwise. */
  siteOrigin: string | undefined;
  shutdownTimeout: number;
  /**
   * Who may read the OpenAPI description and Swagger UI at /api/docs: anyone, staff only (an access token of a
   * staff account) or nobody. Default: staff in production unless the demo is seeded, anyone otherwise
   * (docs/decisions/045-production-hardening.md).
   */
  apiDocs: 'public' | 'staff' | 'off';
  /**
   * The lifecycle scheduler (docs/decisions/030-lifecycle-automation.md): on by default, off by default under
   * NODE_ENV=test so that tests which do not exercise it never see it change their data.
   */
  scheduler: { enabled: boolean; intervalMs: number; leaseMs: number; usageIntervalMs: number };
  /**
   * The provisioning workers (docs/decisions/042-provisioning-engine.md): like the scheduler, on by default and
   * off by default under NODE_ENV=test (tests run passes by hand with their own clock).
   */
  provisioning: { enabled: boolean; intervalMs: number; leaseMs: number };
  /** The DNS port of the demo's own PowerDNS (127.0.0.1), started by `npm start` when it is installed. */
  dnsPort: number;
  /** Where the demo's local web node serves the hosting sites (docs/decisions/055-web-node-agent.md). */
  webNodePort: number;
  /** Where it serves them over HTTPS once a site has its certificate (docs/decisions/049-certificates-through-acme.md). */
  webNodeTlsPort: number;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const LOOPBACK_HOSTS = new Set(['localhost', '::1']);

/** Whether the API listens on a loopback interface only (127.0.0.0/8, ::1, localhost). */
export function isLoopbackHost(host: string): boolean {
  return LOOPBACK_HOSTS.has(host.toLowerCase()) || /^127(\.\d{1,3}){3}$/.test(host);
}

/**
 * TRUST_PROXY: a hop count or the proxies' addresses. `true` (trust every hop) is refused: any client could then
 * choose its own address with X-Forwarded-For and walk past every per-address limit.
 */
function parseTrustProxy(value: string | undefined): boolean | string | number {
  if (value === undefined) return false;
  if (value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

/** Parses the environment; throws ConfigError naming every bad variable. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const cleaned: Record<string, string> = {};
  for (const key of Object.keys(envSchema.shape)) {
    const value = source[key];
    if (value !== undefined && value.trim() !== '') cleaned[key] = value.trim();
  }
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      const name = issue.path.join('.') || 'environment';
      return `${name}: ${issue.message}`;
    });
    throw new ConfigError(problems);
  }
  const env = result.data;
  if (env.TRUST_PROXY === 'true') {
    throw new ConfigError([
      'TRUST_PROXY: "true" would trust every hop, so any client could pick its own address with X-Forwarded-For; ' +
        'set the number of proxies in front (e.g. 1) or their addresses (e.g. 10.0.0.5,10.0.0.6)',
    ]);
  }
  const dataDir = path.resolve(env.DATA_DIR);
  // Never by default in production or on an interface others can reach; SEED_DEMO=1 says so explicitly.
  const seedDemo = env.SEED_DEMO ?? (env.NODE_ENV !== 'production' && isLoopbackHost(env.HOST));
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    dataDir,
    database: env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL, schema: env.DATABASE_SCHEMA, poolMax: env.DATABASE_POOL_MAX }
      : { kind: 'sqlite', file: path.join(dataDir, 'app.db') },
    jwt: {
      secret: env.JWT_SECRET,
      issuer: env.JWT_ISSUER,
      audience: env.JWT_AUDIENCE,
      accessTtl: env.ACCESS_TOKEN_TTL,
      refreshTtl: env.REFRESH_TOKEN_TTL,
      refreshRememberTtl: env.REFRESH_TOKEN_REMEMBER_TTL,
      familyMaxAge: env.REFRESH_FAMILY_MAX_AGE,
    },
    seedDemo,
    // The test card is offered only in demo mode: by default whenever the demo is seeded.
    demoMode: env.DEMO_MODE ?? env.SEED_DEMO ?? (env.NODE_ENV !== 'production' && isLoopbackHost(env.HOST)),
    seedScale: env.SEED_SCALE,
    log: { level: env.LOG_LEVEL, pretty: env.LOG_PRETTY ?? false },
    corsOrigins: env.CORS_ORIGINS,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    redisUrl: env.REDIS_URL,
    redisKeyPrefix: env.REDIS_KEY_PREFIX,
    bodyLimit: env.BODY_LIMIT,
    rateLimit: {
      loginPerEmail: env.RATE_LIMIT_LOGIN_MAX,
      loginPerIp: env.RATE_LIMIT_LOGIN_IP_MAX,
      loginWindow: env.RATE_LIMIT_LOGIN_WINDOW,
      registerPerIp: env.RATE_LIMIT_REGISTER_MAX,
      registerWindow: env.RATE_LIMIT_REGISTER_WINDOW,
      loginEmailCeiling: env.RATE_LIMIT_LOGIN_EMAIL_CEILING,
      apiPerIp: env.RATE_LIMIT_API_MAX,
      apiWindow: env.RATE_LIMIT_API_WINDOW,
      resetPerKey: env.RATE_LIMIT_RESET_MAX,
      resetWindow: env.RATE_LIMIT_RESET_WINDOW,
      contactPerEmail: env.RATE_LIMIT_CONTACT_MAX,
      contactPerIp: env.RATE_LIMIT_CONTACT_IP_MAX,
      contactWindow: env.RATE_LIMIT_CONTACT_WINDOW,
    },
    passwordHashConcurrency: env.PASSWORD_HASH_CONCURRENCY ?? defaultPasswordHashConcurrency(),
    passwordHashMaxWaitMs: env.PASSWORD_HASH_MAX_WAIT_MS,
    appUrl: (
      env.APP_URL ?? `http://${isLoopbackHost(env.HOST) || env.HOST === '0.0.0.0' ? 'localhost' : env.HOST}:${env.PORT}`
    ).replace(/\/+$/, ''),
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, extraPorts: env.SMTP_EXTRA_PORTS ?? [] },
    webDist: env.WEB_DIST ? path.resolve(env.WEB_DIST) : undefined,
    siteOrigin: env.SITE_ORIGIN,
    shutdownTimeout: env.SHUTDOWN_TIMEOUT,
    apiDocs: env.API_DOCS ?? (env.NODE_ENV === 'production' && !seedDemo ? 'staff' : 'public'),
    scheduler: {
      enabled: env.SCHEDULER_ENABLED ?? env.NODE_ENV !== 'test',
      intervalMs: env.SCHEDULER_INTERVAL_MS,
      leaseMs: env.SCHEDULER_LEASE_MS,
      usageIntervalMs: env.USAGE_INTERVAL_MS,
    },
    provisioning: {
      enabled: env.PROVISIONING_ENABLED ?? env.NODE_ENV !== 'test',
      intervalMs: env.PROVISIONING_INTERVAL_MS,
      leaseMs: env.PROVISIONING_LEASE_MS,
    },
    dnsPort: env.DNS_PORT,
    webNodePort: env.WEB_NODE_PORT,
    webNodeTlsPort: env.WEB_NODE_TLS_PORT,
  };
}
