import { randomUUID } from 'node:crypto';
import type { adminServerDriverInputSchema } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { journal } from '../../lib/journal';
import type { SecretBox } from '../../lib/secret-box';
import { serverConnection, setServerConnection } from '../servers/provisioning.port';
import { buildDriver } from './build-driver';
import { driverView, maskSecrets, parseConnection, secretValues, updateConnection } from './connection-settings';
import { DriverError } from './driver';
import type { ProvisioningEngine } from './engine';
import { recordCall } from './provisioning.repository';
import { driverFactory } from './registry';

/**
 * A server's provisioning driver as staff set and test it (docs/decisions/042-provisioning-engine.md): secrets
 * sealed and never answered, each change audited in its transaction, tasks waiting for the driver type woken.
 */

export interface ServerDriverDeps {
  db: Kysely<Database>;
  secretBox: SecretBox;
  clock: Clock;
  engine: Pick<ProvisioningEngine, 'wakeWaiting'>;
}

interface StaffAct {
  id: string;
  staffId: string;
  ip: string;
}

/** The server's driver as the back office shows it; 404 when there is no such server. */
export async function readServerDriver(db: Kysely<Database>, id: string) {
  const row = await serverConnection(db, id);
  if (!row) throw new AppError('NOT_FOUND');
  return driverView(row);
}

/**
 * Sets the driver and its settings: a secret as a string replaces the stored one, null clears it, left out keeps
 * it; another driver type clears the secrets and the last test. Audited as `server.driver`, secrets masked.
 */
export async function setServerDriver(
  { db, secretBox, clock, engine }: ServerDriverDeps,
  act: StaffAct & { input: z.output<typeof adminServerDriverInputSchema> },
) {
  const { id, input } = act;
  const now = clock.now();
  await db.transaction().execute(async (trx) => {
    const before = await serverConnection(trx, id);
    if (!before) throw new AppError('NOT_FOUND');
    const stored = parseConnection(before.connectionSettings);
    const sameType = before.driverType === input.driverType;
    const next = input.driverType
      ? updateConnection(secretBox, id, stored, input, sameType)
      : { settings: {}, secrets: {} };
    await setServerConnection(trx, id, {
      driverType: input.driverType,
      connectionSettings: input.driverType ? JSON.stringify(next) : null,
      ...(sameType ? {} : { connectionStatus: null, connectionCheckedAt: null, connectionError: null }),
      updatedAt: now,
    });
    if (input.driverType) await engine.wakeWaiting(trx, input.driverType, now);
    await journal(trx, act.staffId, act.staffId, now, act.ip).audit({
      action: 'server.driver',
      entityType: 'server',
      entityId: id,
      before: { driverType: before.driverType, settings: stored.settings, secretsSet: Object.keys(stored.secrets) },
      after: { driverType: input.driverType, settings: next.settings, secretsSet: Object.keys(next.secrets) },
    });
  });
  return readServerDriver(db, id);
}

/**
 * Tests the server's connection through its driver: the outcome is kept on the server (a failed one takes no new
 * orders), logged as a driver call and audited (`server.testConnection`), secrets masked from the error.
 */
export async function testServerConnection({ db, secretBox, clock, engine }: ServerDriverDeps, act: StaffAct) {
  const { id } = act;
  const server = await serverConnection(db, id);
  if (!server) throw new AppError('NOT_FOUND');
  const driverType = server.driverType;
  const factory = driverType ? driverFactory(driverType) : undefined;
  if (!driverType || !factory) throw new AppError('INVALID_STATE', { message: 'The server has no driver' });
  const secrets = secretValues(secretBox, id, parseConnection(server.connectionSettings));
  const started = clock.now();
  const t0 = performance.now();
  let error: string | null = null;
  let code: string | null = null;
  try {
    const built = await buildDriver({ db, secretBox, clock }, driverType, { id, ...server });
    secrets.push(...(built?.secrets ?? []));
    await built?.driver.testConnection();
  } catch (failure) {
    code = failure instanceof DriverError ? failure.code : 'error';
    error = maskSecrets(failure instanceof Error ? failure.message : String(failure), secrets).slice(0, 1000);
  }
  const now = clock.now();
  await db.transaction().execute(async (trx) => {
    await recordCall(trx, {
      id: randomUUID(),
      taskId: null,
      serverId: id,
      driverType,
      operation: 'testConnection',
      startedAt: started,
      durationMs: Math.round(performance.now() - t0),
      outcome: error === null ? 'ok' : 'error',
      errorCode: code,
      message: error,
    });
    await setServerConnection(trx, id, {
      connectionStatus: error === null ? 'ok' : 'failed',
      connectionCheckedAt: now,
      connectionError: error,
    });
    if (error === null) await engine.wakeWaiting(trx, driverType, now);
    await journal(trx, act.staffId, act.staffId, now, act.ip).audit({
      action: 'server.testConnection',
      entityType: 'server',
      entityId: id,
      after: { outcome: error === null ? 'ok' : 'failed', code },
    });
  });
  return readServerDriver(db, id);
}
