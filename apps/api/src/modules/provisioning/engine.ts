import { randomUUID } from 'node:crypto';
import { dsRecordSchema, type NotificationKey } from '@hostpilot/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database, ProvisioningTaskRow } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { journal } from '../../lib/journal';
import type { Mailer } from '../../lib/mail/mailer';
import type { SecretBox } from '../../lib/secret-box';
import {
  createLocalRegistrar,
  findDomainNameAndDs,
  parseDsRecords,
  type Registrar,
} from '../domains/provisioning.port';
import { type NoticeMail, sendNoticeMails } from '../notifications';
import {
  findFirstServerWithDriver,
  findServerWithDriver,
  markServerReachedAgain,
  markServerUnreachable,
} from '../servers/provisioning.port';
import { activatePendingService, findServiceNameAndServer } from '../services/provisioning.port';
import { buildDriver } from './build-driver';
import { maskSecrets, parseConnection, secretValues } from './connection-settings';
import {
  type DriverContext,
  DriverError,
  type DriverResult,
  type DriverSettings,
  type DriverType,
  type ProvisioningDriver,
} from './driver';
import { createPacer } from './pacer';
import { driverFactory } from './registry';
import { loadTarget } from './targets';
import { claimTask, dueTaskIds, recordCall, settleTask, wakeWaitingTasks } from './provisioning.repository';
import { refreshSetupState } from './tasks';

/**
 * The provisioning workers (docs/decisions/042-provisioning-engine.md). A pass claims due tasks with a lease (one
 * conditional UPDATE per task: pending and due, or running with an expired lease; atomic on SQLite and
 * PostgreSQL alike), never a task behind an unfinished earlier task of the same resource, calls the driver outside
 * any transaction, then records the outcome: done (a created resource becomes active and its owner is told),
 * retried with exponential backoff and jitter, or failed once its tries ran out. A task whose driver type has no
 * server waits, without spending a try, until one is added.
 */

export interface EngineOptions {
  db: Kysely<Database>;
  clock: Clock;
  mailer: Mailer;
  log: FastifyBaseLogger;
  secretBox: SecretBox;
  /** How often a pass runs while started. */
  intervalMs: number;
  /** How long a claimed task stays claimed; a worker that died is replaced once it has passed. */
  leaseMs: number;
  /** The wait before the second try; each later wait doubles (default 4 minutes: 5 tries span about an hour). */
  backoffBaseMs?: number;
  /** Random numbers in [0, 1) for the jitter (tests pass a fixed one). */
  random?: () => number;
  /**
   * How many claimed tasks of one pass run at once (default 4): driver calls wait on the network, so a few side
   * by side drain a queue of many zones faster without holding a resource's order.
   */
  concurrency?: number;
  /** Where a signed zone's DS records go (docs/decisions/046-dns-on-powerdns.md); our own registry by default. */
  registrar?: Registrar;
  /**
   * How many HTTP requests the process is answering now (app.ts counts them). Between two steps of a task a worker
   * waits while one is (pacer.ts): a customer's request is not queued behind the workers' database writes on the
   * one event loop and SQLite connection (decision 042's addenda on the customer's edit).
   */
  requestsInFlight?: () => number;
  /**
   * The most of the event loop's time the workers keep it busy (default 0.5, pacer.ts); 1 lets them use all of it.
   * Between two steps a worker waits while the loop was busier than this.
   */
  busyShare?: number;
}

/** While no server of a task's driver type exists, how often the task looks again (adding one wakes it at once). */
const NO_SERVER_RECHECK_MS = 5 * 60 * 1000;
/** The most tasks one pass claims before it looks again. */
const BATCH = 20;

/** The wait after the given failed try: base · 2^(try−1), of which the upper half is random (equal jitter). */
export function backoffMs(attempt: number, baseMs: number, random: () => number): number {
  const full = baseMs * 2 ** Math.max(0, attempt - 1);
  return Math.round(full / 2 + (random() * full) / 2);
}

const READY_KEYS: Record<'service' | 'domain', NotificationKey> = { service: 'serviceReady', domain: 'domainReady' };

export function createProvisioningEngine(options: EngineOptions) {
  const { db, clock, log, intervalMs, leaseMs } = options;
  const baseMs = options.backoffBaseMs ?? 4 * 60 * 1000;
  const random = options.random ?? Math.random;
  const registrar = options.registrar ?? createLocalRegistrar(db);
  const concurrency = Math.max(1, options.concurrency ?? 4);
  const instanceId = randomUUID();
  const driverContext: DriverContext = { db, secretBox: options.secretBox, clock };
  let timer: NodeJS.Timeout | undefined;
  let stopped = true;
  let closing = false;
  let current: Promise<unknown> = Promise.resolve();
  // Every step of every worker passes here first: one at a time, each in a turn of the event loop of its own,
  // after HTTP requests under way and while the loop is not too busy (pacer.ts).
  const pacer = createPacer({
    ...(options.requestsInFlight ? { requestsInFlight: options.requestsInFlight } : {}),
    ...(options.busyShare === undefined ? {} : { busyShare: options.busyShare }),
    closing: () => closing,
  });

  /**
   * Tasks that may run now, oldest first; none behind an unfinished earlier task of the same resource and driver (a
   * hosting service's site and its certificate are two queues: a CA that is down holds back no suspension).
   */
  const candidates = (now: number): Promise<string[]> => dueTaskIds(db, now, BATCH);

  /** Takes the task's lease; undefined when another worker has it (or it is no longer due). */
  const claim = (id: string, now: number): Promise<ProvisioningTaskRow | undefined> =>
    claimTask(db, id, now, { owner: instanceId, until: now + leaseMs });

  /** The server a task runs against: the service's own server when it has this driver, else the first one. */
  async function chooseServer(task: ProvisioningTaskRow) {
    if (task.resourceType === 'service') {
      const service = await findServiceNameAndServer(db, task.resourceId);
      const own = service?.serverId ? await findServerWithDriver(db, service.serverId, task.driverType) : undefined;
      if (own) return own;
    }
    return findFirstServerWithDriver(db, task.driverType);
  }

  /** Ends our hold on a task with the given columns, only while we still hold it. */
  async function settle(
    trx: Kysely<Database>,
    task: ProvisioningTaskRow,
    set: Partial<Omit<ProvisioningTaskRow, 'id'>>,
  ): Promise<boolean> {
    return settleTask(trx, task.id, instanceId, { ...set, updatedAt: clock.now() });
  }

  async function call(
    driver: ProvisioningDriver,
    task: ProvisioningTaskRow,
    server: { id: string },
    settings: DriverSettings,
    secrets: string[],
  ): Promise<{ ok: true; result: DriverResult } | { ok: false; error: DriverError }> {
    const started = clock.now();
    const t0 = performance.now();
    let outcome: { ok: true; result: DriverResult } | { ok: false; error: DriverError };
    try {
      const target = await loadTarget(db, task, settings);
      const method = driver[task.operation];
      if (typeof method !== 'function') {
        throw new DriverError({
          code: 'unsupported',
          message: `The ${task.driverType} driver has no ${task.operation} operation`,
          retryable: false,
        });
      }
      outcome = { ok: true, result: (await method.call(driver, target)) ?? {} };
    } catch (error) {
      outcome = {
        ok: false,
        error:
          error instanceof DriverError
            ? error
            : new DriverError({
                code: 'error',
                message: error instanceof Error ? error.message : String(error),
                retryable: true,
                cause: error,
              }),
      };
    }
    await recordCall(db, {
      id: randomUUID(),
      taskId: task.id,
      serverId: server.id,
      driverType: task.driverType,
      operation: task.operation,
      startedAt: started,
      durationMs: Math.round(performance.now() - t0),
      outcome: outcome.ok ? 'ok' : 'error',
      errorCode: outcome.ok ? null : outcome.error.code,
      message: outcome.ok ? null : maskSecrets(outcome.error.message, secrets).slice(0, 1000),
    });
    return outcome;
  }

  /**
   * What a task's call says about its server's connection (docs/decisions/062-web-nodes-placement-and-faults.md):
   * no answer marks it failed, as a failed connection test does, so ordering places no new service on it (its
   * own tasks keep their retries); a call that succeeds on a server marked failed marks it ok again. A refusal or
   * an error the server answered changes nothing (a wrong secret found by a connection test stays failed).
   */
  async function recordReach(
    serverId: string,
    outcome: { ok: true } | { ok: false; error: DriverError },
    secrets: string[],
  ): Promise<void> {
    const now = clock.now();
    if (!outcome.ok && outcome.error.code === 'unreachable') {
      await markServerUnreachable(db, serverId, now, maskSecrets(outcome.error.message, secrets).slice(0, 1000));
    } else if (outcome.ok) {
      await markServerReachedAgain(db, serverId, now);
    }
  }

  /** Runs one claimed task to its next state. */
  async function run(task: ProvisioningTaskRow): Promise<void> {
    const server = driverFactory(task.driverType) ? await chooseServer(task) : undefined;
    if (!server) {
      // Waiting for a server is not a try: the attempt just counted is given back.
      await settle(db, task, {
        status: 'pending',
        attempts: task.attempts - 1,
        waitReason: 'no-server',
        nextAttemptAt: clock.now() + NO_SERVER_RECHECK_MS,
      });
      return;
    }
    let built: Awaited<ReturnType<typeof buildDriver>>;
    try {
      built = await buildDriver(driverContext, task.driverType, server);
    } catch (error) {
      const secrets = secretValues(options.secretBox, server.id, parseConnection(server.connectionSettings));
      await fail(task, server.id, invalidSettings(error), secrets);
      return;
    }
    if (!built) return;
    await pacer.turn();
    const outcome = await call(built.driver, task, server, built.settings, built.secrets);
    await pacer.turn();
    await recordReach(server.id, outcome, built.secrets);
    const carried = outcome.ok ? await carryDsRecords(task, outcome.result) : null;
    if (carried) await fail(task, server.id, carried, built.secrets);
    else if (outcome.ok) await succeed(task, server.id, outcome.result);
    else await fail(task, server.id, outcome.error, built.secrets);
  }

  /**
   * Hands the DS records a DNS driver read (`details.ds`: the zone was just signed, or the registry held none) to
   * the registrar when they differ from what it holds. Answers the error that makes the task retry, or null.
   */
  async function carryDsRecords(task: ProvisioningTaskRow, result: DriverResult): Promise<DriverError | null> {
    const ds = dsRecordSchema.array().safeParse(result.details?.ds);
    if (task.resourceType !== 'domain' || !ds.success) return null;
    const domain = await findDomainNameAndDs(db, task.resourceId);
    if (!domain || JSON.stringify(parseDsRecords(domain.dsRecords)) === JSON.stringify(ds.data)) return null;
    try {
      await registrar.setDsRecords(domain.name, ds.data);
      return null;
    } catch (error) {
      return new DriverError({
        code: 'registrar',
        message: `The registrar did not take the DS records: ${error instanceof Error ? error.message : String(error)}`,
        retryable: true,
        cause: error,
      });
    }
  }

  async function succeed(task: ProvisioningTaskRow, serverId: string, result: DriverResult): Promise<void> {
    const now = clock.now();
    const mails: NoticeMail[] = [];
    await db.transaction().execute(async (trx) => {
      const kept = task.details ? (JSON.parse(task.details) as Record<string, unknown>) : {};
      const held = await settle(trx, task, {
        status: 'done',
        serverId,
        waitReason: null,
        errorCode: null,
        errorMessage: null,
        details: JSON.stringify({ ...kept, ...(result.details ?? {}) }),
        finishedAt: now,
      });
      if (!held) return;
      await afterDone(trx, task, now, mails);
    });
    await sendNoticeMails(db, options.mailer, log, mails);
  }

  async function fail(task: ProvisioningTaskRow, serverId: string, error: DriverError, secrets: string[]) {
    const now = clock.now();
    const message = maskSecrets(error.message, secrets).slice(0, 1000);
    const giveUp = !error.retryable || task.attempts >= task.maxAttempts;
    await db.transaction().execute(async (trx) => {
      const held = await settle(trx, task, {
        status: giveUp ? 'failed' : 'pending',
        serverId,
        waitReason: null,
        errorCode: error.code,
        errorMessage: message,
        nextAttemptAt: giveUp ? now : now + backoffMs(task.attempts, baseMs, random),
      });
      if (held) await refreshSetupState(trx, task.resourceType, task.resourceId);
    });
    log.warn(
      { event: 'provisioning_failed', task: task.id, operation: task.operation, code: error.code, giveUp },
      'provisioning task failed',
    );
  }

  /**
   * What a finished task changes beside itself (also used when staff mark a task done): a service created by it
   * becomes active, and the owner of a created resource is told it is ready.
   */
  async function afterDone(
    trx: Kysely<Database>,
    task: ProvisioningTaskRow,
    now: number,
    mails: NoticeMail[],
    actorId: string | null = null,
  ): Promise<void> {
    await refreshSetupState(trx, task.resourceType, task.resourceId);
    if (task.operation !== 'create') return;
    const records = journal(trx, task.userId, actorId, now);
    let params: Record<string, string>;
    if (task.resourceType === 'service') {
      const service = await findServiceNameAndServer(trx, task.resourceId);
      if (!service) return;
      params = { name: service.name };
      if (await activatePendingService(trx, task.resourceId, now)) {
        await records.statusChange({
          entityType: 'service',
          entityId: task.resourceId,
          from: 'pending',
          to: 'active',
          reason: 'provisioned',
        });
      }
    } else {
      const domain = await findDomainNameAndDs(trx, task.resourceId);
      if (!domain) return;
      params = { domain: domain.name };
    }
    const key = READY_KEYS[task.resourceType];
    await records.notify({ type: 'success', key, params });
    mails.push({ userId: task.userId, key, params });
  }

  /**
   * One pass: claims and runs due tasks until none is left (or the engine stops), up to `concurrency` at a time.
   * A batch never holds two tasks of one resource (a task behind an unfinished one of its resource is no
   * candidate), so running them side by side keeps each resource's order. Answers how many ran.
   */
  async function runDue(): Promise<number> {
    let ran = 0;
    for (;;) {
      if (closing) return ran;
      await pacer.turn();
      const now = clock.now();
      const ids = await candidates(now);
      let claimed = 0;
      let next = 0;
      const worker = async () => {
        while (next < ids.length && !closing) {
          await pacer.turn();
          if (closing) break;
          const task = await claim(ids[next++]!, now);
          if (!task) continue;
          claimed += 1;
          try {
            await run(task);
          } catch (error) {
            // The database failed under us: the lease expires and the task is taken up again.
            log.error({ err: error, event: 'provisioning_task_crashed', task: task.id }, 'provisioning task crashed');
          }
          ran += 1;
        }
      };
      await Promise.all(Array.from({ length: Math.min(concurrency, ids.length) }, worker));
      if (claimed === 0) return ran;
    }
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      timer = undefined;
      current = runDue()
        .catch((error: unknown) => log.error({ err: error, event: 'provisioning_pass_failed' }, 'pass failed'))
        .finally(schedule);
    }, intervalMs);
    timer.unref();
  }

  return {
    instanceId,
    runDue,
    afterDone,
    /** Wakes the tasks waiting for a server of this driver type (a server was given it). */
    async wakeWaiting(trx: Kysely<Database>, driverType: DriverType, now: number): Promise<void> {
      await wakeWaitingTasks(trx, driverType, now);
    },
    start(): void {
      if (!stopped) return;
      stopped = false;
      closing = false;
      schedule();
    },
    /** Stops the passes and waits for the one under way to finish its current task. */
    async stop(): Promise<void> {
      stopped = true;
      closing = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await current.catch(() => undefined);
    },
  };
}

function invalidSettings(error: unknown): DriverError {
  return error instanceof DriverError
    ? error
    : new DriverError({
        code: 'invalid',
        message: error instanceof Error ? error.message : 'The server settings are not valid for this driver',
        retryable: false,
        cause: error,
      });
}

export type ProvisioningEngine = ReturnType<typeof createProvisioningEngine>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The provisioning workers; started only when PROVISIONING_ENABLED, but a pass can always be run by hand. */
    provisioning: ProvisioningEngine;
  }
}
