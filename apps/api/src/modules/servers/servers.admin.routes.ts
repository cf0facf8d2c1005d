import { randomUUID } from 'node:crypto';
import {
  type adminServerInputSchema,
  type FieldError,
  serversAdminEndpoints,
  serverStates,
  validationMessage,
  type ValidationMessageKey,
} from '@hostpilot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Kysely, sql } from 'kysely';
import type { z } from 'zod';
import type { Database, ServerRow } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { endpointRoute } from '../../lib/endpoint-route';
import { AppError, BODY_ERRORS, errorResponses } from '../../lib/errors';
import { journal } from '../../lib/journal';
import { staffOf } from '../../plugins/authorize';
import { isUniqueViolation } from '../../db/errors';
import { STAFF_ERRORS } from '../../lib/staff-errors';
import { placedServices, serverExtras, toAdminServer } from './server-rows';

type Input = z.output<typeof adminServerInputSchema>;

const NOT_FOUND = { 404: 'NOT_FOUND: no server has this id' } as const;
const TAKEN =
  'INVALID_STATE (with `fields`): `name` validation.serverNameTaken or `ip` validation.serverAddressTaken — another ' +
  'server has it';

/** A refusal of the server's current state, with the field it concerns (docs/product/errors.md). */
function conflict(field: string, key: ValidationMessageKey): AppError {
  const fields: Record<string, FieldError> = { [field]: { code: key, message: validationMessage(key) } };
  return new AppError('INVALID_STATE', { message: validationMessage(key), fields });
}

/** The server with its placed services and latest sample, as answered; undefined when there is none. */
async function readServer(db: Kysely<Database>, id: string) {
  const row = await db
    .selectFrom('servers')
    .selectAll('servers')
    .select(serverExtras)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toAdminServer(row);
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
  if (input.name !== undefined) {
    let same = trx
      .selectFrom('servers')
      .select('id')
      .where(sql<string>`lower(name)`, '=', input.name.toLowerCase());
    if (exceptId) same = same.where('id', '!=', exceptId);
    if (await same.executeTakeFirst()) throw conflict('name', 'validation.serverNameTaken');
  }
  if (input.ip !== undefined) {
    let same = trx.selectFrom('servers').select('id').where('ip', '=', input.ip);
    if (exceptId) same = same.where('id', '!=', exceptId);
    if (await same.executeTakeFirst()) throw conflict('ip', 'validation.serverAddressTaken');
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

/** A server row locked for the change (Postgres; SQLite runs one writer at a time). */
function lockedServer(trx: Kysely<Database>, id: string, kind: 'sqlite' | 'postgres') {
  const query = trx.selectFrom('servers').selectAll().where('id', '=', id);
  return (kind === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}

async function placedOn(trx: Kysely<Database>, id: string): Promise<number> {
  const row = await trx
    .selectFrom('servers')
    .select((eb) => placedServices(eb).as('n'))
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * The back office's changes to servers: add, edit, delete, maintenance mode. Each needs `servers.write` and
 * writes an audit entry in its own transaction (docs/decisions/031-server-administration.md).
 */
export const adminServerRoutes: FastifyPluginAsyncZod<{ clock: Clock }> = async (app, { clock }) => {
  const { db, kind } = app.database;

  endpointRoute(
    app,
    serversAdminEndpoints.postAdminServers,
    {
      schema: {
        tags: ['admin'],
        summary: 'Add a server',
        description:
          'Name (unique in any case), data centre of the catalogue, type, address (IPv4, IPv6 or host name, ' +
          'unique), capacity (services it takes) and specs. Starts active. Needs `servers.write`; audited.',
        response: errorResponses({ ...BODY_ERRORS, ...STAFF_ERRORS, 409: TAKEN }),
      },
    },
    async (request, reply) => {
      const staff = staffOf(request);
      const input = request.body as Input;
      const now = clock.now();
      const id = randomUUID();
      try {
        await db.transaction().execute(async (trx) => {
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
          await trx.insertInto('servers').values(values).execute();
          await journal(trx, staff.userId, staff.userId, now).audit({
            action: 'server.create',
            entityType: 'server',
            entityId: id,
            after: audited(values),
          });
        });
      } catch (error) {
        throw takenError(error) ?? error;
      }
      reply.code(201);
      return (await readServer(db, id))!;
    },
  );

  endpointRoute(
    app,
    serversAdminEndpoints.patchAdminServersItem,
    {
      schema: {
        tags: ['admin'],
        summary: 'Edit a server',
        description:
          'Any of the fields of POST /servers; `specs` as a whole. The capacity cannot go below the services ' +
          'placed on it. Needs `servers.write`; audited with the values before and after.',
        response: errorResponses({
          ...BODY_ERRORS,
          ...STAFF_ERRORS,
          ...NOT_FOUND,
          409: `${TAKEN}; or \`capacity\` validation.capacityBelowServices`,
        }),
      },
    },
    async (request) => {
      const staff = staffOf(request);
      const { id } = request.params as { id: string };
      const input = request.body as Partial<Input>;
      const now = clock.now();
      try {
        await db.transaction().execute(async (trx) => {
          const before = await lockedServer(trx, id, kind);
          if (!before) throw new AppError('NOT_FOUND');
          await assertFree(trx, input, id);
          if (input.capacity !== undefined && input.capacity < (await placedOn(trx, id))) {
            throw conflict('capacity', 'validation.capacityBelowServices');
          }
          const after = { ...before, ...columns(input), updatedAt: now };
          await trx
            .updateTable('servers')
            .set({ ...columns(input), updatedAt: now })
            .where('id', '=', id)
            .execute();
          await journal(trx, staff.userId, staff.userId, now).audit({
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
      return (await readServer(db, id))!;
    },
  );

  endpointRoute(
    app,
    serversAdminEndpoints.deleteAdminServersItem,
    {
      schema: {
        tags: ['admin'],
        summary: 'Delete a server',
        description:
          'Refused while any service that is not cancelled is placed on it. Cancelled services keep their ' +
          'history but no longer name the server. Needs `servers.write`; audited with the values before.',
        response: errorResponses({
          ...STAFF_ERRORS,
          ...NOT_FOUND,
          409: 'INVALID_STATE (with `fields.services` validation.serverHasServices): services still run on it',
        }),
      },
    },
    async (request, reply) => {
      const staff = staffOf(request);
      const { id } = request.params as { id: string };
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        const before = await lockedServer(trx, id, kind);
        if (!before) throw new AppError('NOT_FOUND');
        if ((await placedOn(trx, id)) > 0) throw conflict('services', 'validation.serverHasServices');
        await trx.updateTable('services').set({ serverId: null }).where('serverId', '=', id).execute();
        await trx.deleteFrom('servers').where('id', '=', id).execute();
        await journal(trx, staff.userId, staff.userId, now).audit({
          action: 'server.delete',
          entityType: 'server',
          entityId: id,
          before: audited(before),
        });
      });
      return reply.code(204).send(null);
    },
  );

  endpointRoute(
    app,
    serversAdminEndpoints.putAdminServersMaintenance,
    {
      schema: {
        tags: ['admin'],
        summary: 'Put a server into maintenance, or back into service',
        description:
          '`{ maintenance: true }` moves an active server to maintenance (it takes no new services), `false` ' +
          'back to active. Asking for the status it already has changes nothing. Needs `servers.write`; audited.',
        response: errorResponses({ ...BODY_ERRORS, ...STAFF_ERRORS, ...NOT_FOUND }),
      },
    },
    async (request) => {
      const staff = staffOf(request);
      const { id } = request.params as { id: string };
      const { maintenance } = request.body;
      const to = maintenance ? 'maintenance' : 'active';
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        const before = await lockedServer(trx, id, kind);
        if (!before) throw new AppError('NOT_FOUND');
        if (before.status === to) return;
        serverStates.assertTransition(before.status, to);
        await trx.updateTable('servers').set({ status: to, updatedAt: now }).where('id', '=', id).execute();
        const entry = journal(trx, staff.userId, staff.userId, now);
        await entry.statusChange({ entityType: 'server', entityId: id, from: before.status, to });
        await entry.audit({
          action: maintenance ? 'server.maintenance.start' : 'server.maintenance.end',
          entityType: 'server',
          entityId: id,
          before: { status: before.status },
          after: { status: to },
        });
      });
      return (await readServer(db, id))!;
    },
  );
};
