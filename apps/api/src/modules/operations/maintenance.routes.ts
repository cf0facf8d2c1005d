import { operationsEndpoints } from '@hostpilot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRoute } from '../../lib/endpoint-route';
import { toAnswer, type MaintenanceState } from './maintenance';

/** GET /maintenance: whether maintenance is on, for the banner of every page. */
export const maintenanceRoutes: FastifyPluginAsyncZod<{ state: MaintenanceState }> = async (app, { state }) => {
  endpointRoute(
    app,
    operationsEndpoints.getMaintenance,
    {
      schema: {
        tags: ['meta'],
        summary: 'Whether maintenance mode is on',
        description: 'Anyone may ask; the web app shows a banner while it is on. Cached for a second per instance.',
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return toAnswer(await state.current());
    },
  );
};
