import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const metaResponseSchema = z.object({
  demo: z.boolean().describe('Demo mode: the demo accounts are seeded, so the sign-in page may show them'),
});

/** GET /meta: what the web app needs to know about this server before anyone signs in. */
export const metaRoutes: FastifyPluginAsyncZod<{ demo: boolean }> = async (app, { demo }) => {
  app.get(
    '/meta',
    {
      schema: {
        tags: ['meta'],
        summary: 'Public facts about this server (demo mode)',
        response: { 200: metaResponseSchema },
      },
    },
    async () => ({ demo }),
  );
};
