import { randomUUID } from 'node:crypto';
import {
  type AdminServer,
  type adminServerInputSchema,
  type FieldError,
  serverStates,
  validationMessage,
  type ValidationMessageKey,
} from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DatabaseKind } from '../../db/index';
import { isUniqueViolation } from '../../db/errors';
import type { Database, ServerRow } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { journal } from '../../lib/journal';
import { unplaceServicesFrom } from '../services';
import { toAdminServer } from './server-rows';
import {
  addressTaken,
  deleteServerRow,
  findServerRow,
  insertServer,
  lockedServer,
  nameTaken,
  placedOn,
  updateServer,
} from './servers.repository';

type Input = z.output<typeof adminServerInputSchema>;

/** What a change needs: the database, the clock and the staff member who makes it. */
export interface ServerChangeContext {
  db: Kysely<Database>;
  kind: DatabaseKind;
  clock: Clock;
  staffId: string;
}

/** A refusal of the server's current state, with the field it concerns (docs/product/errors.md). */
function conflict(field: string, key: ValidationMessageKey): AppError {
  const fields: Record<string, FieldError> = { [field]: { code: key, message: validationMessage(key) } };
  return new AppError('INVALID_STATE', { message: validationMessage(key), fields });
}

/** The server as answered, after a change that has just written it. */
async function readServer(db: Kysely<Database>, id: string): Promise<AdminServer> {
  return toAdminServer((await findServerRow(db, id))!);
}

/** The server's own columns, as an audit entry records them. */
const audited = (row: Omit<ServerRow, 'id' | 'createdAt' | 'updatedAt' | `connection${string}` | 'driverType'>) => ({
  name: row.name,
  location: row.location,
  type: row.type,
  ip: row.ip,
  status: row.status,
  capacity: row.capacity,
  cpuModel: row.cpuModel,
  cpuCores: row.cpuCores,
  ramGb: row.ramGb,
  storageGb: row.storageGb,
  bandwidthGbps: row.bandwidthGbps,
});

/** The columns of an input (all of it, or the part a PATCH sends). */
function columns(input: Partial<Input>) {
  return {
    ...(input.name !== undefined && { name: input.name }),
    ...(input.location !== undefined && { location: input.location }),
    ...(input.type !== undefined && { type: input.type }),
    ...(input.ip !== undefined && { ip: input.ip }),
    ...(input.capacity !== undefined && { capacity: input.capacity }),
    ...(input.specs !== undefined && {
      cpuModel: input.specs.cpuModel,
      cpuCores: input.specs.cpuCores,
      ramGb: input.specs.ramGb,
      storageGb: input.specs.storageGb,
      bandwidthGbps: input.specs.bandwidthGbps,
    }),
  };
}

/**
 * Refuses a name or an address another server has: names compare in any case (srv-01 and SRV-01 would be the
 * same machine to a person), addresses are stored lower-cased. The unique indexes still decide a race.
 */
async function assertFree(trx: Kysely<Database>, input: Partial<Input>, exceptId: string | null): Promise<void> {
  if (input.name !== undefined && (await nameTaken(trx, input.name, exceptId))) {
    throw conflict('name', 'validation.serverNameTaken');
  }
  if (input.ip !== undefined && (await addressTaken(trx, input.ip, exceptId))) {
    throw conflict('ip', 'validation.serverAddressTaken');
  }
}

/** The unique index that refused a write, as the field it concerns. */
function takenError(error: unknown): AppError | undefined {
  if (!isUniqueViolation(error)) return undefined;
  // Postgres names the constraint (servers_ip_key); SQLite the column (servers.ip).
  const text = `${String((error as { constraint?: unknown }).constraint ?? '')} ${String(error)}`;
  return /servers[._]ip/.test(text)
    ? conflict('ip', 'validation.serverAddressTaken')
    : conflict('name', 'validation.serverNameTaken');
}

/** Adds a server, active, with its audit entry (docs/decisions/031-server-administration.md). */
export async function createServer(ctx: ServerChangeContext, input: Input): Promise<AdminServer> {
  const now = ctx.clock.now();
  const id = randomUUID();
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await assertFree(trx, input, null);
      const values = {
        id,
        name: input.name,
        location: input.location,
        type: input.type,
        ip: input.ip,
        status: 'active' as const,
        cpuModel: input.specs.cpuModel,
        cpuCores: input.specs.cpuCores,
        ramGb: input.specs.ramGb,
        storageGb: input.specs.storageGb,
        bandwidthGbps: input.specs.bandwidthGbps,
        capacity: input.capacity,
        createdAt: now,
        updatedAt: now,
      };
      await insertServer(trx, values);
      await journal(trx, ctx.staffId, ctx.staffId, now).audit({
        action: 'server.create',
        entityType: 'server',
        entityId: id,
        after: audited(values),
      });
    });
  } catch (error) {
    throw takenError(error) ?? error;
  }
  return readServer(ctx.db, id);
}

/** Edits a server; its capacity never goes below the services placed on it. Audited before and after. */
export async function editServer(ctx: ServerChangeContext, id: string, input: Partial<Input>): Promise<AdminServer> {
  const now = ctx.clock.now();
  try {
    await ctx.db.transaction().execute(async (trx) => {
      const before = await lockedServer(trx, id, ctx.kind);
      if (!before) throw new AppError('NOT_FOUND');
      await assertFree(trx, input, id);
      if (input.capacity !== undefined && input.capacity < (await placedOn(trx, id))) {
        throw conflict('capacity', 'validation.capacityBelowServices');
      }
      const after = { ...before, ...columns(input), updatedAt: now };
      await updateServer(trx, id, { ...columns(input), updatedAt: now });
      await journal(trx, ctx.staffId, ctx.staffId, now).audit({
        action: 'server.update',
        entityType: 'server',
        entityId: id,
        before: audited(before),
        after: audited(after),
      });
    });
  } catch (error) {
    throw takenError(error) ?? error;
  }
  return readServer(ctx.db, id);
}

/** Deletes a server no service that is not cancelled is placed on; audited with the values before. */
export async function deleteServer(ctx: ServerChangeContext, id: string): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    const before = await lockedServer(trx, id, ctx.kind);
    if (!before) throw new AppError('NOT_FOUND');
    if ((await placedOn(trx, id)) > 0) throw conflict('services', 'validation.serverHasServices');
    await unplaceServicesFrom(trx, id);
    await deleteServerRow(trx, id);
    await journal(trx, ctx.staffId, ctx.staffId, now).audit({
      action: 'server.delete',
      entityType: 'server',
      entityId: id,
      before: audited(before),
    });
  });
}

/** Moves an active server to maintenance or back; asking for the status it has changes nothing. */
export async function setServerMaintenance(
  ctx: ServerChangeContext,
  id: string,
  maintenance: boolean,
): Promise<AdminServer> {
  const to = maintenance ? 'maintenance' : 'active';
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    const before = await lockedServer(trx, id, ctx.kind);
    if (!before) throw new AppError('NOT_FOUND');
    if (before.status === to) return;
    serverStates.assertTransition(before.status, to);
    await updateServer(trx, id, { status: to, updatedAt: now });
    const entry = journal(trx, ctx.staffId, ctx.staffId, now);
    await entry.statusChange({ entityType: 'server', entityId: id, from: before.status, to });
    await entry.audit({
      action: maintenance ? 'server.maintenance.start' : 'server.maintenance.end',
      entityType: 'server',
      entityId: id,
      before: { status: before.status },
      after: { status: to },
    });
  });
  return readServer(ctx.db, id);
}
