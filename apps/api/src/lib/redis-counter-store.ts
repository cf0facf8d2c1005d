import { Redis } from 'ioredis';
import type { CounterHit, CounterStore } from './counter-store';

// INCR and PEXPIRE run as one script, so a key can never be left without its expiry.
const INCREMENT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

const DECREMENT = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
local count = redis.call('DECR', KEYS[1])
if count <= 0 then redis.call('DEL', KEYS[1]) end
return count
`;

type ScriptedRedis = Redis & {
  counterIncrement(key: string, windowMs: number): Promise<[number, number]>;
  counterDecrement(key: string): Promise<number>;
};

export interface RedisCounterStoreOptions {
  url: string;
  /** Put before every key, so that several applications (or test runs) can share one Redis. */
  prefix?: string;
}

/**
 * Counters in Redis, shared by every instance of the API. Scripts make each change atomic.
 * A command fails (rather than waiting) when Redis is unreachable, so a request is refused, not hung.
 */
export function createRedisCounterStore(options: RedisCounterStoreOptions): CounterStore & { redis: Redis } {
  const redis = new Redis(options.url, {
    keyPrefix: options.prefix ?? 'hostpilot:rate:',
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    enableOfflineQueue: true,
    lazyConnect: false,
  }) as ScriptedRedis;
  // Connection errors are reported through the failed commands; without a listener ioredis would log each retry.
  redis.on('error', () => undefined);
  redis.defineCommand('counterIncrement', { numberOfKeys: 1, lua: INCREMENT });
  redis.defineCommand('counterDecrement', { numberOfKeys: 1, lua: DECREMENT });

  return {
    redis,
    async increment(key, windowMs): Promise<CounterHit> {
      const [count, ttl] = await redis.counterIncrement(key, Math.max(1, Math.round(windowMs)));
      return { count: Number(count), resetInMs: Number(ttl) };
    },
    async decrement(key) {
      await redis.counterDecrement(key);
    },
    async reset(key) {
      await redis.del(key);
    },
    async close() {
      if (redis.status === 'end') return;
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
