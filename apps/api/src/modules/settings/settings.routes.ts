import { publicSettingsSchema } from '@hostpilot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/**
 * GET /settings/public: the System Settings every page and form may know (docs/decisions/034-system-settings-and-mail.md):
 * the site's name and support address, the default language and the password policy the forms check.
 */
export const publicSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/settings/public',
    {
      schema: {
        tags: ['meta'],
        summary: "The site's name, support address, default language and password policy",
        response: { 200: publicSettingsSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return app.siteSettings.publicSettings();
    },
  );
};
