import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { clientAddressKey } from '../lib/client-address';
import type { CounterStore } from '../lib/counter-store';
import { AppError } from '../lib/errors';

interface RequestLimitOptions {
  store: CounterStore;
  /** Requests per client address (an IPv6 /64 counts as one) per window. */
  max: number;
  windowSeconds: number;
}

type StoreCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * The general request limit on every request of the scope it is registered in (all of /api): refresh, sign-out
 * and /users/me included, refused ones too. @fastify/rate-limit does the counting; its counters live in
 * our CounterStore, so they sit in the same Redis as the sign-in limits when REDIS_URL is set, and a store that
 * cannot answer refuses the request with 503 instead of letting it through unlimited.
 */
async function requestLimitPlugin(app: FastifyInstance, options: RequestLimitOptions) {
  const { store } = options;
  class SharedStore {
    incr(key: string, callback: StoreCallback, timeWindow: number) {
      store.increment(`api:${key}`, timeWindow).then(
        (hit) => callback(null, { current: hit.count, ttl: hit.resetInMs }),
        (error: unknown) =>
          callback(new AppError('SERVICE_UNAVAILABLE', { headers: { 'retry-after': '5' }, cause: error })),
      );
    }
    child() {
      return this;
    }
  }
  await app.register(rateLimit, {
    // Not per route: one onRequest hook of this scope, below, so that it runs before any route's own hooks
    // (authentication among them) and a request refused by those is counted too.
    global: false,
    max: options.max,
    timeWindow: options.windowSeconds * 1000,
    store: SharedStore as never,
    keyGenerator: (request) => clientAddressKey(request.ip),
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    addHeaders: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
      'retry-after': true,
    },
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', {
        headers: {
          'retry-after': String(Math.max(1, Math.ceil(context.ttl / 1000))),
        },
      }),
  });
  app.addHook('onRequest', app.rateLimit());
}

export default fp(requestLimitPlugin, { name: 'request-limit' });
