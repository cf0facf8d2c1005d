import { servicesAdminEndpoints } from '@hostpilot/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../lib/clock';
import { endpointRoute } from '../../lib/endpoint-route';
import { BODY_ERRORS, errorResponses } from '../../lib/errors';
import { STAFF_ERRORS } from '../../lib/staff-errors';
import { staffOf } from '../../plugins/authorize';
import {
  activateService,
  addHostingService,
  editService,
  hostingPlacement,
  type StaffServiceContext,
  suspendService,
  terminateService,
} from './staff-services';

const NOT_FOUND = { 404: 'NOT_FOUND: no service has this id' } as const;

/**
 * The back office's changes to services (staff-services.ts, docs/decisions/033-hosting-and-domain-administration.md):
 * add, edit, suspend with a reason, activate, terminate after the domain is typed again. Each needs
 * `hosting.write` and writes the status history, the audit entry and the customer's notification in the
 * transaction of the change.
 */
export const adminHostingRoutes: FastifyPluginAsyncZod<{ clock: Clock }> = async (app, { clock }) => {
  const { db, kind } = app.database;
  const changes = (request: FastifyRequest): StaffServiceContext => ({
    db,
    kind,
    clock,
    staffId: staffOf(request).userId,
    ip: request.ip,
  });

  endpointRoute(
    app,
    servicesAdminEndpoints.getAdminServicesPlacement,
    {
      schema: {
        tags: ['admin'],
        summary: 'The active shared servers a hosting service can be placed on, with their free slots',
        description:
          'For Add New Hosting and Edit: active servers of type `shared` (servers in maintenance take no new ' +
          'service), by name, with capacity, services placed (not cancelled) and free slots. Needs `hosting.write`.',
        response: errorResponses({ ...STAFF_ERRORS }),
      },
    },
    async () => hostingPlacement(db),
  );

  endpointRoute(
    app,
    servicesAdminEndpoints.postAdminServices,
    {
      schema: {
        tags: ['admin'],
        summary: 'Add a hosting service for a customer on a server with a free slot; the customer is notified',
        description:
          'The owner is an active, not deleted customer account named by e-mail; the plan and its period come ' +
          "from the catalogue, and so does the price (never the request's); the domain is spelled as ordering " +
          'requires; the server is active, shared and has a free slot (the capacity lock of ordering, so two ' +
          'additions for the last slot cannot both win). The service starts active and expires after the period. ' +
          'No invoice is charged (docs/decisions/033-hosting-and-domain-administration.md). Needs ' +
          '`hosting.write`; audited (`service.create`), with a status-history row, notification and activity.',
        response: errorResponses({
          ...BODY_ERRORS,
          ...STAFF_ERRORS,
          400:
            'VALIDATION_FAILED (with `fields`): `ownerEmail` validation.hostingOwner (no active customer), ' +
            '`planId` validation.orderPlan, `months` validation.period, `domain` validation.domain*, ' +
            '`serverId` validation.hostingServer (no such server) or validation.serverWrongType',
          409:
            'INVALID_STATE (with `fields.serverId`): validation.serverInMaintenance, or validation.serverFull ' +
            '(no free slot)',
        }),
      },
    },
    async (request, reply) => {
      const service = await addHostingService(changes(request), request.body);
      reply.code(201);
      return service;
    },
  );

  endpointRoute(
    app,
    servicesAdminEndpoints.patchAdminServicesItem,
    {
      schema: {
        tags: ['admin'],
        summary: "Change a service's plan, server or expiry day",
        description:
          'A new plan comes from the catalogue with its price; a new server must be active, of the kind and have ' +
          'a free slot (the capacity lock of ordering); the expiry day is today or later (UTC; the time of day ' +
          'of the current expiry is kept). Fields left out or equal to the service change nothing; with nothing ' +
          'to change nothing is written. Needs `hosting.write`; audited (`service.update`) with the values ' +
          'before and after.',
        response: errorResponses({
          ...BODY_ERRORS,
          ...STAFF_ERRORS,
          ...NOT_FOUND,
          400:
            'VALIDATION_FAILED (with `fields`): `planId` validation.orderPlan, `expiresOn` validation.date or ' +
            'validation.expiryPast, `serverId` validation.hostingServer or validation.serverWrongType',
          409:
            'INVALID_STATE (with `fields`): `serverId` validation.serverInMaintenance or validation.serverFull; ' +
            '`status` validation.serviceCancelled; `service` validation.serviceChanged (changed since ' +
            '`unchangedSince`, or meanwhile)',
        }),
      },
    },
    async (request) => editService(changes(request), request.params.id, request.body),
  );

  endpointRoute(
    app,
    servicesAdminEndpoints.postAdminServicesSuspend,
    {
      schema: {
        tags: ['admin'],
        summary: 'Suspend an active service with a reason; the customer is notified',
        description:
          'A staff suspension: a payment does not lift it, only Activate does. Needs `hosting.write`; audited, ' +
          'with a status-history row.',
        response: errorResponses({
          ...BODY_ERRORS,
          ...STAFF_ERRORS,
          ...NOT_FOUND,
          400: 'VALIDATION_FAILED (with `fields`): `reason` validation.reason',
          409: 'INVALID_STATE (with `fields.status` validation.serviceNotSuspendable): the service is not active',
        }),
      },
    },
    async (request) => suspendService(changes(request), request.params.id, request.body.reason),
  );

  endpointRoute(
    app,
    servicesAdminEndpoints.postAdminServicesActivate,
    {
      schema: {
        tags: ['admin'],
        summary: 'Activate a suspended service; the customer is notified',
        description:
          'Lifts any suspension (by staff or for an unpaid renewal). Needs `hosting.write`; audited, with a ' +
          'status-history row.',
        response: errorResponses({
          ...STAFF_ERRORS,
          ...NOT_FOUND,
          409: 'INVALID_STATE (with `fields.status` validation.serviceNotActivatable): the service is not suspended',
        }),
      },
    },
    async (request) => activateService(changes(request), request.params.id),
  );

  endpointRoute(
    app,
    servicesAdminEndpoints.deleteAdminServicesItem,
    {
      schema: {
        tags: ['admin'],
        summary: 'Terminate a service after its domain is typed again; the customer is notified',
        description:
          "`confirm` must equal the service's domain (its name when it has none), in any case. The service " +
          'becomes cancelled (final) and frees its place on the server; its invoices and ledger stay. Needs ' +
          '`hosting.write`; audited, with a status-history row.',
        response: errorResponses({
          ...BODY_ERRORS,
          ...STAFF_ERRORS,
          ...NOT_FOUND,
          400: 'VALIDATION_FAILED (with `fields.confirm` validation.confirmDomain): the typed domain differs',
          409: 'INVALID_STATE: the service is already cancelled',
        }),
      },
    },
    async (request) => terminateService(changes(request), request.params.id, request.body.confirm),
  );
};
