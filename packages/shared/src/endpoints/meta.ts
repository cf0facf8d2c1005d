import { z } from '../schemas/zod';
import { defineEndpoint } from './define';
import { publicSettingsSchema } from '../api/system-settings';

/** What the web app needs to know about this server before anyone signs in. */
export const metaResponseSchema = z.object({
  demo: z.boolean().describe('Demo mode: the demo accounts are seeded, so the sign-in page may show them'),
});

/** The answer of GET /health: 200 while the database answers, 503 when it does not. */
export const healthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  version: z.string(),
  uptimeSeconds: z.number(),
  database: z.object({
    status: z.enum(['up', 'down']),
    kind: z.enum(['sqlite', 'postgres']),
    latencyMs: z.number().optional(),
  }),
});

/** The meta, health and public settings endpoints endpoints (docs/decisions/068-typed-endpoint-contract.md). */
export const metaEndpoints = {
  getMeta: defineEndpoint({
    method: 'GET',
    path: '/meta',
    response: metaResponseSchema,
    auth: 'public',
  }),
  getHealth: defineEndpoint({
    method: 'GET',
    path: '/health',
    response: healthSchema,
    auth: 'public',
  }),
  getSettingsPublic: defineEndpoint({
    method: 'GET',
    path: '/settings/public',
    response: publicSettingsSchema,
    auth: 'public',
  }),
};
