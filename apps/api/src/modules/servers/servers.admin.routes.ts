import { serversAdminEndpoints } from '@hostpilot/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../lib/clock';
import { endpointRoute } from '../../lib/endpoint-route';
import { BODY_ERRORS, errorResponses } from '../../lib/errors';
import { STAFF_ERRORS } from '../../lib/staff-errors';
import { staffOf } from '../../plugins/authorize';
import {
  createServer,
  deleteServer,
  editServer,
  type ServerChangeContext,
  setServerMaintenance,
} from './server-changes';

const NOT_FOUND = { 404: 'NOT_FOUND: no server has this id' } as const;
const TAKEN =
  'INVALID_STATE (with `fields`): `name` validation.serverNameTaken or `ip` validation.serverAddressTaken — another ' +
  'server has it';

/**
 * The back office's changes to servers: add, edit, delete, maintenance mode (server-changes.ts). Each needs
 * `servers.write` and writes an audit entry in its own transaction (docs/decisions/031-server-administration.md).
 */
export const adminServerRoutes: FastifyPluginAsyncZod<{ clock: Clock }> = async (app, { clock }) => {
  const { db, kind } = app.database;
  const changes = (request: FastifyRequest): ServerChangeContext => ({
    db,
    kind,
    clock,
    staffId: staffOf(request).userId,
  });

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
      reply.code(201);
      return createServer(changes(request), request.body);
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
    async (request) => editServer(changes(request), request.params.id, request.body),
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
      await deleteServer(changes(request), request.params.id);
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
    async (request) => setServerMaintenance(changes(request), request.params.id, request.body.maintenance),
  );
};
