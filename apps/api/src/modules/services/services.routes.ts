import { servicesEndpoints } from '@hostpilot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../lib/clock';
import { ITEM_ERRORS, LIST_ERRORS } from '../../lib/customer-route';
import { pageOf } from '../../lib/listing';
import { notFound } from '../../lib/not-found';
import { authOf } from '../../plugins/authenticate';
import {
  listOwnHosting,
  listOwnOtherServices,
  listOwnServers,
  ownHosting,
  ownOtherService,
  ownServer,
} from './customer-services';
import { endpointRoute } from '../../lib/endpoint-route';

/** GET /hosting, /servers, /services and one of each by id: the signed-in customer's own services. */
export const servicesRoutes: FastifyPluginAsyncZod<{ clock: Clock }> = async (app, { clock }) => {
  const { db } = app.database;

  endpointRoute(
    app,
    servicesEndpoints.getHosting,
    {
      schema: {
        tags: ['services'],
        summary: 'My hosting services, with usage and the state of their server',
        description: '`q` matches the name or the domain (literally, ignoring case).',
        response: { ...LIST_ERRORS },
      },
    },
    async (request) => {
      const { items, total } = await listOwnHosting(db, authOf(request).userId, request.query, clock.now());
      return pageOf(request.query, total, items);
    },
  );

  endpointRoute(
    app,
    servicesEndpoints.getHostingItem,
    {
      schema: {
        tags: ['services'],
        summary: 'One of my hosting services',
        response: { ...ITEM_ERRORS },
      },
    },
    async (request) => {
      const service = await ownHosting(db, authOf(request).userId, request.params.id, clock.now());
      if (!service) throw notFound('Hosting service');
      return service;
    },
  );

  endpointRoute(
    app,
    servicesEndpoints.getServers,
    {
      schema: {
        tags: ['services'],
        summary: 'My servers: game servers, VDS and dedicated servers, with their address and usage',
        description:
          '`kind` narrows to one kind; `q` matches the name or the domain. `access` is the address of the machine ' +
          'the server runs on (null until it is placed, and once cancelled); no password is kept or answered.',
        response: { ...LIST_ERRORS },
      },
    },
    async (request) => {
      const { items, total } = await listOwnServers(db, authOf(request).userId, request.query, clock.now());
      return pageOf(request.query, total, items);
    },
  );

  endpointRoute(
    app,
    servicesEndpoints.getServersItem,
    {
      schema: {
        tags: ['services'],
        summary: 'One of my servers',
        response: { ...ITEM_ERRORS },
      },
    },
    async (request) => {
      const server = await ownServer(db, authOf(request).userId, request.params.id, clock.now());
      if (!server) throw notFound('Server');
      return server;
    },
  );

  endpointRoute(
    app,
    servicesEndpoints.getServices,
    {
      schema: {
        tags: ['services'],
        summary: 'My other services: game servers, VDS, dedicated servers and extras',
        description: '`kind` narrows to one kind; `q` matches the name or the domain.',
        response: { ...LIST_ERRORS },
      },
    },
    async (request) => {
      const { items, total } = await listOwnOtherServices(db, authOf(request).userId, request.query, clock.now());
      return pageOf(request.query, total, items);
    },
  );

  endpointRoute(
    app,
    servicesEndpoints.getServicesItem,
    {
      schema: {
        tags: ['services'],
        summary: 'One of my other services',
        response: { ...ITEM_ERRORS },
      },
    },
    async (request) => {
      const service = await ownOtherService(db, authOf(request).userId, request.params.id, clock.now());
      if (!service) throw notFound('Service');
      return service;
    },
  );
};
