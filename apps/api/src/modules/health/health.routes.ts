import { healthSchema, metaEndpoints } from '@hostpilot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import pkg from '../../../package.json' with { type: 'json' };
import { endpointRoute } from '../../lib/endpoint-route';

const PING_TIMEOUT_MS = 2000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  endpointRoute(
    app,
    metaEndpoints.getHealth,
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database reachability',
        response: { 503: healthSchema },
      },
    },
    async (request, reply) => {
      const { database } = app;
      const started = performance.now();
      const base = { version: pkg.version, uptimeSeconds: Math.round(process.uptime()) };
      try {
        await withTimeout(database.ping(), PING_TIMEOUT_MS);
        const latencyMs = Math.round((performance.now() - started) * 100) / 100;
        return { ...base, status: 'ok' as const, database: { status: 'up' as const, kind: database.kind, latencyMs } };
      } catch (error) {
        request.log.warn({ err: error }, 'health check: database unavailable');
        return reply
          .code(503)
          .send({ ...base, status: 'unavailable', database: { status: 'down', kind: database.kind } });
      }
    },
  );
};
