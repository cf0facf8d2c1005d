import { serversAdminEndpoints } from '@hostpilot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../lib/clock';
import { endpointRoute } from '../../lib/endpoint-route';
import { errorResponses } from '../../lib/errors';
import { notFound } from '../../lib/not-found';
import { STAFF_ERRORS } from '../../lib/staff-errors';

const HOUR = 60 * 60 * 1000;

/** Each range's span and the width of one point of the chart. */
const RANGES = {
  '24h': { span: 24 * HOUR, bucket: HOUR / 4 },
  '7d': { span: 7 * 24 * HOUR, bucket: HOUR },
} as const;

/**
 * GET /admin/servers/:id/usage: the server's usage samples over the last day or week, averaged per point
 * (15 minutes, or an hour), for the Monitor chart (docs/decisions/035-support-queue-and-operations.md).
 */
export const adminServerUsageRoutes: FastifyPluginAsyncZod<{ clock: Clock }> = async (app, { clock }) => {
  const db = app.database.db;
  endpointRoute(
    app,
    serversAdminEndpoints.getAdminServersUsage,
    {
      schema: {
        tags: ['admin'],
        summary: "A server's usage over time",
        description:
          '`range` `24h` (a point per 15 minutes) or `7d` (a point per hour): CPU, memory, storage and bandwidth in ' +
          'percent, averaged over the point; `up` is false when any sample of the point found the server down. ' +
          'Needs `servers.read`.',
        response: errorResponses({
          400: 'VALIDATION_FAILED: a malformed id or an unknown range',
          ...STAFF_ERRORS,
          404: 'NOT_FOUND: no server has this id',
        }),
      },
    },
    async (request) => {
      const server = await db.selectFrom('servers').select('id').where('id', '=', request.params.id).executeTakeFirst();
      if (!server) throw notFound('Server');
      const { span, bucket } = RANGES[request.query.range];
      const now = clock.now();
      const rows = await db
        .selectFrom('serverUsageSamples')
        .select(['takenAt', 'cpuPercent', 'memoryPercent', 'storagePercent', 'bandwidthPercent', 'up'])
        .where('serverId', '=', server.id)
        .where('takenAt', '>', now - span)
        .orderBy('takenAt')
        .execute();
      const buckets = new Map<number, (typeof rows)[number][]>();
      for (const row of rows) {
        const key = Math.floor(Number(row.takenAt) / bucket) * bucket;
        const list = buckets.get(key);
        if (list) list.push(row);
        else buckets.set(key, [row]);
      }
      const average = (list: (typeof rows)[number][], pick: (row: (typeof rows)[number]) => number) =>
        Math.round((list.reduce((sum, row) => sum + Number(pick(row)), 0) / list.length) * 10) / 10;
      return {
        serverId: server.id,
        range: request.query.range,
        samples: [...buckets.entries()].map(([key, list]) => ({
          takenAt: new Date(key).toISOString(),
          cpuPercent: average(list, (r) => r.cpuPercent),
          memoryPercent: average(list, (r) => r.memoryPercent),
          storagePercent: average(list, (r) => r.storagePercent),
          bandwidthPercent: average(list, (r) => r.bandwidthPercent),
          up: list.every((r) => Number(r.up) === 1),
        })),
      };
    },
  );
};
