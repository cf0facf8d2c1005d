// A bare Fastify server with one JSON route: the baseline the API's numbers are read against.
// Started by bench/api.ts on the port it is given; no plugins, no logging, no database.
import Fastify from 'fastify';

const port = Number(process.env.PORT ?? 0);
const app = Fastify({ logger: false });
app.get('/bare', async () => ({ ok: true }));
await app.listen({ host: '127.0.0.1', port });
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
