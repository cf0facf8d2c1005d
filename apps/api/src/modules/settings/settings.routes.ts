import { metaEndpoints } from '@hostpilot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRoute } from '../../lib/endpoint-route';

/**
 * GET /settings/public: the System Settings every page and form may know (docs/decisions/034-system-settings-and-mail.md):
 * the site's name and support address, the default language and the password policy the forms check.
 */
export const publicSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  endpointRoute(
    app,
    metaEndpoints.getSettingsPublic,
    {
      schema: {
        tags: ['meta'],
        summary: "The site's name, support address, default language and password policy",
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return app.siteSettings.publicSettings();
    },
  );
};
