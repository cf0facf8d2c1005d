import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, PASSWORD, register } from '../test/auth';
import { createTestApp, DATABASE_UNDER_TEST } from '../test/helpers';
import { mailsTo, waitForMail } from '../test/mail';
import { createRedisCounterStore } from './redis-counter-store';

/**
 * Runs against a real Redis. This file is only included when TEST_REDIS_URL is set (apps/api/vitest.config.ts);
 * `npm test` sets it when 127.0.0.1:6379 answers, the way it includes the PostgreSQL run. Included without a
 * server, it fails rather than passing silently.
 */
const REDIS_URL = process.env.TEST_REDIS_URL;
if (!REDIS_URL) throw new Error('TEST_REDIS_URL is not set: this file needs a Redis server');

describe('Redis counter store', () => {
  // A random prefix per run, so that parallel runs never meet; every key under it is deleted afterwards.
  const prefix = `hostpilot-test:${randomBytes(6).toString('hex')}:`;
  const store = createRedisCounterStore({ url: REDIS_URL, prefix });

  beforeAll(async () => {
    expect(await store.redis.ping()).toBe('PONG');
  });

  afterAll(async () => {
    const keys = await store.redis.keys(`${prefix}*`);
    // keys() answers full names; the client adds the prefix again to del(), so strip it.
    if (keys.length > 0) await store.redis.del(...keys.map((key) => key.slice(prefix.length)));
    expect(await store.redis.keys(`${prefix}*`)).toEqual([]);
    await store.close();
  });

  it('increments atomically and sets the window once', async () => {
    const hits = await Promise.all(Array.from({ length: 50 }, () => store.increment('burst', 60_000)));
    expect(hits.map((hit) => hit.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    for (const hit of hits) {
      expect(hit.resetInMs).toBeGreaterThan(0);
      expect(hit.resetInMs).toBeLessThanOrEqual(60_000);
    }
    const ttl = await store.redis.pttl('burst');
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });

  it('starts a new window when the key has expired', async () => {
    await store.increment('expiring', 60_000);
    await store.increment('expiring', 60_000);
    await store.redis.pexpire('expiring', 1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await store.increment('expiring', 60_000)).toMatchObject({ count: 1 });
  });

  it('never leaves a counter without an expiry', async () => {
    await store.redis.set('no-ttl', '4');
    const hit = await store.increment('no-ttl', 30_000);
    expect(hit.count).toBe(5);
    expect(hit.resetInMs).toBe(30_000);
    expect(await store.redis.pttl('no-ttl')).toBeGreaterThan(0);
  });

  it('decrements never below zero and creates nothing for a missing key; reset deletes', async () => {
    await store.decrement('absent');
    expect(await store.redis.exists('absent')).toBe(0);
    await store.increment('down', 60_000);
    await store.increment('down', 60_000);
    await store.decrement('down');
    expect(await store.redis.get('down')).toBe('1');
    await store.decrement('down');
    expect(await store.redis.exists('down')).toBe(0);
    await store.increment('gone', 60_000);
    await store.reset('gone');
    expect(await store.redis.exists('gone')).toBe(0);
  });

  it(`shares the sign-in limits between two instances of the API (${DATABASE_UNDER_TEST})`, async () => {
    const sharedPrefix = `${prefix}shared:`;
    const storeA = createRedisCounterStore({ url: REDIS_URL, prefix: sharedPrefix });
    const storeB = createRedisCounterStore({ url: REDIS_URL, prefix: sharedPrefix });
    const a = await createTestApp({ RATE_LIMIT_LOGIN_MAX: '2' }, { counterStore: storeA });
    const b = await createTestApp({ RATE_LIMIT_LOGIN_MAX: '2' }, { counterStore: storeB });
    try {
      const { account } = await register(b.app);
      expect((await login(a.app, { email: account.email, password: 'wrong' })).statusCode).toBe(401);
      expect((await login(a.app, { email: account.email, password: 'wrong' })).statusCode).toBe(401);
      const limited = await login(b.app, { email: account.email, password: PASSWORD });
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await a.close();
      await b.close();
      const keys = await store.redis.keys(`${sharedPrefix}*`);
      if (keys.length > 0) await store.redis.del(...keys.map((key) => key.slice(prefix.length)));
      await storeA.close();
      await storeB.close();
    }
  });

  it(`counts no refused sign-in, so one address never locks the owner out, and mails the owner once (${DATABASE_UNDER_TEST})`, async () => {
    const ownPrefix = `${prefix}lockout:`;
    const shared = createRedisCounterStore({ url: REDIS_URL, prefix: ownPrefix });
    const ctx = await createTestApp(
      { RATE_LIMIT_LOGIN_MAX: '3', RATE_LIMIT_LOGIN_EMAIL_CEILING: '5' },
      { counterStore: shared },
    );
    try {
      const { account } = await register(ctx.app, undefined, { remoteAddress: '203.0.113.77' });
      const statuses: number[] = [];
      for (let i = 0; i < 12; i += 1) {
        const from = { remoteAddress: '192.0.2.77' };
        statuses.push((await login(ctx.app, { email: account.email, password: 'wrong' }, from)).statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, ...Array(9).fill(429)]);
      const elsewhere = await login(
        ctx.app,
        { email: account.email, password: PASSWORD },
        { remoteAddress: '198.51.100.77' },
      );
      expect(elsewhere.statusCode).toBe(200);
      // Spread over new addresses up to the ceiling: a new address waits, the owner's known one goes on.
      for (let i = 0; i < 6; i += 1) {
        await login(ctx.app, { email: account.email, password: 'wrong' }, { remoteAddress: `192.0.2.${100 + i}` });
      }
      const stranger = { remoteAddress: '192.0.2.120' };
      expect((await login(ctx.app, { email: account.email, password: PASSWORD }, stranger)).statusCode).toBe(429);
      const known = { remoteAddress: '203.0.113.77' };
      expect((await login(ctx.app, { email: account.email, password: PASSWORD }, known)).statusCode).toBe(200);
      await waitForMail(ctx.config, account.email, 'sign-in-failures');
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(mailsTo(ctx.config, account.email).filter((m) => m.template === 'sign-in-failures')).toHaveLength(1);
    } finally {
      await ctx.close();
      const keys = await store.redis.keys(`${ownPrefix}*`);
      if (keys.length > 0) await store.redis.del(...keys.map((key) => key.slice(prefix.length)));
      await shared.close();
    }
  });
});
