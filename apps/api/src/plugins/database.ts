import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppDatabase } from '../db/index';

declare module 'fastify' {
  interface FastifyInstance {
    database: AppDatabase;
  }
}

async function databasePlugin(app: FastifyInstance, options: { database: AppDatabase; owned: boolean }) {
  app.decorate('database', options.database);
  if (options.owned) app.addHook('onClose', async () => options.database.close());
}

export default fp(databasePlugin, { name: 'database' });
