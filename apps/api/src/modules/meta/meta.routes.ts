import { metaEndpoints } from '@hostpilot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRoute } from '../../lib/endpoint-route';

/** GET /meta: what the web app needs to know about this server before anyone signs in. */
export const metaRoutes: FastifyPluginAsyncZod<{ demo: boolean }> = async (app, { demo }) => {
  endpointRoute(
    app,
    metaEndpoints.getMeta,
    {
      schema: {
        tags: ['meta'],
        summary: 'Public facts about this server (demo mode)',
      },
    },
    async () => ({ demo }),
  );
};
