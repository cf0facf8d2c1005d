import type { EndpointShape } from '@hostpilot/shared';
import { isUtf8 } from 'node:buffer';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import type { Config } from './config';
import { type AppDatabase, createDatabase } from './db/index';
import { demoPasswordAccounts, DemoPasswordsError } from './demo/demo-passwords';
import { seedDemo } from './demo/seed';
import { createAccessTokens } from './lib/access-token';
import { boundedHasher } from './lib/bounded-hasher';
import { type Clock, systemClock } from './lib/clock';
import { type CounterStore, createMemoryCounterStore } from './lib/counter-store';
import { AppError } from './lib/errors';
import { argon2Hasher, type PasswordHasher } from './lib/password';
import { serializerCompiler, serializerCompilerOnFirstAnswer } from './lib/serializer';
import { createRedisCounterStore } from './lib/redis-counter-store';
import { loggerOptions } from './logger';
import { createMailer, type Mailer } from './lib/mail/mailer';
import { createScheduler } from './modules/scheduler';
import { createProvisioningEngine } from './modules/provisioning/engine';
// The provisioning engine's drivers, registered as this file loads.
import './drivers';
import { accountRoutes } from './modules/accounts/account.routes';
import type { AccountDeps } from './modules/accounts/account-deps';
import type { SignInDeps } from './modules/accounts/sign-in-session';
import { deriveTwoFactorKeys } from './modules/accounts/two-factor-codes';
import { createSecretBox } from './lib/secret-box';
import { createSiteSettings } from './modules/settings/site-settings';
import { publicSettingsRoutes } from './modules/settings/settings.routes';
import { twoFactorRoutes } from './modules/accounts/two-factor.routes';
import type { TwoFactorDeps } from './modules/accounts/two-factor-changes';
import { createAuthRateLimits } from './modules/accounts/auth-rate-limits';
import { contactRoutes } from './modules/support/contact.routes';
import { adminRoutes } from './admin.routes';
import { authRoutes } from './modules/accounts/auth.routes';
import { authFormRoutes } from './modules/accounts/auth-form.routes';
import { billingActionsRoutes } from './modules/billing/actions.routes';
import { paymentMethodRoutes } from './modules/billing/payment-method.routes';
import { testCardVault } from './modules/billing';
import { createAuthService } from './modules/accounts/auth.service';
import { serviceActionsRoutes } from './modules/services/service-actions.routes';
import { planChangeRoutes } from './modules/services/plan-change.routes';
import { domainActionsRoutes } from './modules/domains/domain-actions.routes';
import { ticketActionsRoutes } from './modules/support/tickets.routes';
import { notificationActionsRoutes } from './modules/notifications/notifications-actions.routes';
import { profileActionsRoutes } from './modules/accounts/profile.routes';
import { healthRoutes } from './modules/health/health.routes';
import { billingRoutes } from './modules/billing/billing.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { domainsRoutes } from './modules/domains/domains.routes';
import { knowledgeRoutes } from './modules/knowledge/knowledge.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { servicesRoutes } from './modules/services/services.routes';
import { hostingDatabasesRoutes } from './modules/services/hosting-databases.routes';
import { hostingDomainsRoutes } from './modules/services/hosting-domains.routes';
import { certificatesRoutes } from './modules/certificates/certificates.routes';
import { filesRoutes } from './modules/files/files.routes';
import { supportRoutes } from './modules/support/support.routes';
import { preferencesRoutes } from './modules/accounts/preferences.routes';
import { metaRoutes } from './modules/meta/meta.routes';
import { domainSearchRoutes } from './modules/ordering/domain-search.routes';
import { ordersRoutes } from './modules/ordering/orders.routes';
import type { OrderDeps } from './modules/ordering';
import { createOrdersService } from './modules/ordering/orders.service';
import { createLocalRegistrar } from './modules/domains';
import { usersRoutes } from './modules/accounts/users.routes';
import { recordServerError } from './modules/operations/error-log';
import { createMaintenanceState, guardMaintenance } from './modules/operations/maintenance';
import { maintenanceRoutes } from './modules/operations/maintenance.routes';
import authenticate from './plugins/authenticate';
import authorize from './plugins/authorize';
import databasePlugin from './plugins/database';
import docs from './plugins/docs';
import errorHandler from './plugins/error-handler';
import requestLimit from './plugins/request-limit';
import security from './plugins/security';
import webApp from './plugins/web-app';
import { guardEndpointTable } from './lib/endpoint-route';

export type ReadyConfig = Config & { jwt: { secret: string } };

export type App = FastifyInstance<Server, IncomingMessage, ServerResponse, FastifyBaseLogger, ZodTypeProvider>;

export interface BuildOptions {
  /** Use this database instead of opening the configured one; the caller closes it. */
  database?: AppDatabase;
  /** Send log lines here (tests read them). */
  logStream?: DestinationStream;
  /** Serve the built web app (default true). */
  serveWebApp?: boolean;
  /** Time source of token and rate-limit expiry (default: the system clock). */
  clock?: Clock;
  /** Password hashing (default: argon2id). */
  passwords?: PasswordHasher;
  /** Rate-limit counters; the caller closes it. Default: Redis when REDIS_URL is set, else memory. */
  counterStore?: CounterStore;
  /** Where mails go; default SMTP when SMTP_URL is set, else the outbox in DATA_DIR/outbox. */
  mailer?: Mailer;
  /**
   * Compile each route's response serialiser on its first answer instead of while the app starts (default false:
   * a schema that cannot compile stops the start). The API tests build a fresh app per file and answer from a few
   * of its ~1,300 serialisers (docs/decisions/073-npm-test-under-budget-again.md).
   */
  serializersOnFirstAnswer?: boolean;
  /** Told of every route under /api and the endpoint table entry it was registered from (the table test). */
  onApiRoute?: (route: { name: string; endpoint: EndpointShape | undefined }) => void;
}

/**
 * Builds the application: plugins in a fixed order, then routes.
 * 1 error handler, 2 security headers and CORS, 3 database, 4 OpenAPI description, 5 API routes under /api,
 * 6 the web app.
 * The database is migrated (and the demo accounts seeded when configured) before it returns.
 */
export async function buildApp(config: ReadyConfig, options: BuildOptions = {}): Promise<App> {
  const app = Fastify({
    logger: loggerOptions(config.log.level, config.log.pretty, options.logStream),
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    // A number (trusted hop count) is supported by fastify's proxy-addr, though its types omit it.
    trustProxy: config.trustProxy as boolean | string,
    bodyLimit: config.bodyLimit,
    // Refused below, in the error shape, rather than with Fastify's own 503 body.
    return503OnClosing: false,
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();

  // The API speaks JSON only: any other body is refused with 415 rather than parsed as text.
  app.removeContentTypeParser('text/plain');
  // JSON must be UTF-8 (RFC 8259): bytes that are not are refused, rather than silently replaced by U+FFFD
  // and stored, or hashed as a password the client never sent.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const bytes = body as Buffer;
    if (!isUtf8(bytes)) {
      done(new AppError('MALFORMED_JSON', { message: 'The request body is not valid UTF-8' }), undefined);
      return;
    }
    parseJson(request, bytes.toString('utf8'), done);
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(options.serializersOnFirstAnswer ? serializerCompilerOnFirstAnswer : serializerCompiler);

  await app.register(errorHandler, { recordServerError: (entry) => recordServerError(app.database.db, entry) });
  await app.register(security, { corsOrigins: config.corsOrigins });

  // Graceful stop (SIGTERM, Ctrl-C): once closing starts, requests already running finish, and any new one
  // (on a kept-alive connection; the listener itself is closed) is refused with 503 and Connection: close.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // Synchronous hooks: an async one costs a promise on every request, closing or not (decision 015).
  app.addHook('onSend', (_request, reply, payload, done) => {
    // Connections kept alive would hold the stop open until their idle time-out: close each after its answer.
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  app.addHook('onRequest', (_request, reply, done) => {
    if (!closing) {
      done();
      return;
    }
    reply.header('connection', 'close');
    done(
      new AppError('SERVICE_UNAVAILABLE', {
        message: 'The server is shutting down; try again shortly',
        headers: {
          'retry-after': '5',
        },
      }),
    );
  });

  const owned = !options.database;
  const database = options.database ?? createDatabase(config.database);
  try {
    const applied = await database.migrate();
    if (applied.length > 0) app.log.info({ migrations: applied }, 'database migrated');
    if (config.seedDemo) {
      const seeded = await seedDemo(database.db, { scale: config.seedScale });
      if (seeded.accounts.length > 0) app.log.info({ accounts: seeded.accounts }, 'demo accounts created');
      if (seeded.catalog || seeded.demoCustomer || seeded.customers > 0) {
        app.log.info(
          { catalog: seeded.catalog, demoCustomer: seeded.demoCustomer, customers: seeded.customers },
          'demo data seeded',
        );
      }
    }
    // docs/decisions/045-production-hardening.md: no production start while a published password opens an account.
    if (config.env === 'production' && !config.seedDemo) {
      const exposed = await demoPasswordAccounts(database.db);
      if (exposed.length > 0) throw new DemoPasswordsError(exposed);
    }
  } catch (error) {
    if (owned) await database.close();
    throw error;
  }
  await app.register(databasePlugin, { database, owned });

  const clock = options.clock ?? systemClock;
  const counterStore = options.counterStore ?? defaultCounterStore(config, clock);
  if (!options.counterStore) app.addHook('onClose', async () => counterStore.close());
  const accessTokens = createAccessTokens({
    secret: config.jwt.secret,
    issuer: config.jwt.issuer,
    audience: config.jwt.audience,
    ttl: config.jwt.accessTtl,
    clock,
  });
  const passwords = boundedHasher(options.passwords ?? argon2Hasher, config.passwordHashConcurrency, {
    maxWaitMs: config.passwordHashMaxWaitMs,
  });
  const limits = createAuthRateLimits(counterStore, config.rateLimit);
  // The saved System Settings, read by the mailer, the password rules and the pages (decision 034).
  const secretBox = createSecretBox(config.jwt.secret);
  const siteSettings = createSiteSettings(database.db, secretBox);
  app.decorate('siteSettings', siteSettings);
  const mailer =
    options.mailer ??
    createMailer({
      smtpUrl: config.mail.smtpUrl,
      from: config.mail.from,
      outboxDir: outboxDir(config),
      settings: () => siteSettings.mail(),
    });
  if (!options.mailer) app.addHook('onClose', async () => mailer.close());
  // The one card provider (docs/decisions/038-saved-card-for-renewals.md): the test card, in demo mode only.
  const cardVault = testCardVault(() => config.demoMode);
  const scheduler = createScheduler({
    db: database.db,
    clock,
    cardVault,
    mailer,
    log: app.log,
    intervalMs: config.scheduler.intervalMs,
    leaseMs: config.scheduler.leaseMs,
    secretBox,
    // Measured usage is read from the web nodes less often than the other jobs run (docs/decisions/058-usage-and-limits.md).
    jobIntervals: { 'usage-collection': config.scheduler.usageIntervalMs },
  });
  app.decorate('scheduler', scheduler);
  if (config.scheduler.enabled) app.addHook('onReady', async () => scheduler.start());
  // Stopped before any onClose hook closes the mailer or the database under a pass still running.
  app.addHook('preClose', async () => scheduler.stop());
  // The provisioning workers (docs/decisions/042-provisioning-engine.md), started and stopped like the scheduler.
  // They step aside for the HTTP requests under way, counted here from arrival until the connection is done with
  // the answer ('close' comes for every request, answered, failed or aborted).
  let requestsInFlight = 0;
  app.addHook('onRequest', (_request, reply, done) => {
    requestsInFlight += 1;
    reply.raw.once('close', () => {
      requestsInFlight -= 1;
    });
    done();
  });
  const provisioning = createProvisioningEngine({
    requestsInFlight: () => requestsInFlight,
    db: database.db,
    clock,
    mailer,
    log: app.log,
    secretBox,
    intervalMs: config.provisioning.intervalMs,
    leaseMs: config.provisioning.leaseMs,
  });
  app.decorate('provisioning', provisioning);
  if (config.provisioning.enabled) app.addHook('onReady', async () => provisioning.start());
  app.addHook('preClose', async () => provisioning.stop());
  const twoFactorKeys = deriveTwoFactorKeys(config.jwt.secret);
  const authService = createAuthService({
    db: database.db,
    clock,
    passwords,
    limits,
    mailer,
    appUrl: config.appUrl,
    twoFactorKeys,
    passwordPolicy: () => siteSettings.passwordPolicy(),
  });
  const signInDeps: SignInDeps = {
    db: database.db,
    clock,
    passwords,
    accessTokens,
    limits,
    lifetimes: config.jwt,
    auth: authService,
  };
  const accountDeps: AccountDeps = {
    db: database.db,
    clock,
    passwords,
    limits,
    auth: authService,
    appUrl: config.appUrl,
  };

  const twoFactorDeps: TwoFactorDeps = {
    db: database.db,
    clock,
    limits,
    auth: authService,
    keys: twoFactorKeys,
  };

  const orderDeps: OrderDeps = {
    db: database.db,
    clock,
    registrar: createLocalRegistrar(database.db),
    mailer,
    demoMode: config.demoMode,
    log: app.log,
  };
  const orders = createOrdersService(orderDeps);

  await app.register(authenticate, { accessTokens });
  await app.register(authorize);
  await app.register(docs, { access: config.apiDocs });
  const maintenance = createMaintenanceState(database.db, clock);
  await app.register(
    async (api) => {
      // docs/decisions/068-typed-endpoint-contract.md: every route comes from packages/shared/src/endpoints.
      guardEndpointTable(api, options.onApiRoute);
      guardMaintenance(api, maintenance);
      await api.register(requestLimit, {
        store: counterStore,
        max: config.rateLimit.apiPerIp,
        windowSeconds: config.rateLimit.apiWindow,
      });
      await api.register(healthRoutes);
      await api.register(metaRoutes, { demo: config.seedDemo });
      await api.register(publicSettingsRoutes);
      await api.register(maintenanceRoutes, { state: maintenance });
      await api.register(authRoutes, { deps: signInDeps });
      await api.register(accountRoutes, { deps: accountDeps });
      await api.register(authFormRoutes, { auth: signInDeps, account: accountDeps });
      await api.register(twoFactorRoutes, { deps: twoFactorDeps });
      await api.register(usersRoutes);
      // The signed-in customer's own data (docs/product/api.md).
      await api.register(preferencesRoutes);
      await api.register(dashboardRoutes, { clock });
      await api.register(servicesRoutes, { clock });
      await api.register(hostingDatabasesRoutes, { clock, secretBox });
      await api.register(hostingDomainsRoutes, { clock });
      await api.register(certificatesRoutes, { clock, secretBox, auth: authService });
      await api.register(filesRoutes, { secretBox });
      await api.register(domainSearchRoutes);
      await api.register(domainsRoutes);
      await api.register(billingRoutes);
      await api.register(supportRoutes);
      await api.register(notificationsRoutes);
      await api.register(knowledgeRoutes);
      await api.register(adminRoutes, {
        prefix: '/admin',
        dataDir: config.dataDir,
        mail: {
          smtpUrl: config.mail.smtpUrl,
          from: config.mail.from,
          outboxDir: outboxDir(config),
          extraPorts: config.mail.extraPorts,
        },
        clock,
        scheduler,
        schedulerConfig: { enabled: config.scheduler.enabled, intervalMs: config.scheduler.intervalMs },
        orders,
        orderDeps,
        maintenance,
        mailer,
        secretBox,
      });
      await api.register(ordersRoutes, { deps: orderDeps });
      // The customer's self-service actions (docs/decisions/022-money-transactions.md).
      await api.register(billingActionsRoutes, { clock, demoMode: config.demoMode });
      await api.register(paymentMethodRoutes, { clock, vault: cardVault });
      await api.register(serviceActionsRoutes, { clock });
      await api.register(planChangeRoutes, { clock });
      await api.register(domainActionsRoutes, { clock });
      await api.register(ticketActionsRoutes, { clock });
      await api.register(contactRoutes, { clock, store: counterStore, limits: config.rateLimit });
      await api.register(notificationActionsRoutes, { clock });
      await api.register(profileActionsRoutes, { clock, auth: authService, account: accountDeps });
    },
    { prefix: '/api' },
  );

  if (options.serveWebApp ?? true) {
    await app.register(webApp, { root: config.webDist, siteOrigin: config.siteOrigin, demo: config.seedDemo });
  } else {
    app.decorate('webApp', null);
  }

  return app;
}

/** The outbox of mails while no SMTP server is configured (one JSON file per mail). */
export function outboxDir(config: Config): string {
  return path.join(config.dataDir, 'outbox');
}

/** Rate-limit counters shared by every instance through Redis when REDIS_URL is set; else in this process. */
function defaultCounterStore(config: ReadyConfig, clock: Clock): CounterStore {
  return config.redisUrl
    ? createRedisCounterStore({ url: config.redisUrl, prefix: config.redisKeyPrefix })
    : createMemoryCounterStore(clock);
}
