import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { isErrorShape } from '../src/test/snapshot';
import {
  apiOutputs,
  createPgSchema,
  hostPortOf,
  killAll,
  newSecret,
  type PgSchema,
  POSTGRES_URL,
  postJson,
  sleep,
  startApi,
  TcpProxy,
  viaPort,
} from './support';

/**
 * PostgreSQL goes away (every connection dropped, new ones refused: what a stopped server looks like, made by
 * a TCP proxy between the API and the real server) and comes back. Meanwhile the API answers 503 in the error
 * shape within a bounded time, never crashes, and recovers by itself.
 */

const BOUND_MS = 8000;
// A silent database is only noticed by time-outs: 5 s to connect, 12 s for a query (src/db/index.ts).
const HANG_BOUND_MS = 16_000;
let schema: PgSchema | undefined;
let proxy: TcpProxy | undefined;

afterEach((context) => {
  if (context.task.result?.state === 'fail') console.error(apiOutputs());
  killAll();
});
afterAll(async () => {
  await proxy?.cut();
  await schema?.drop();
});

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = Date.now();
  const value = await work();
  return { value, ms: Date.now() - started };
}

describe('database loss (PostgreSQL)', () => {
  it('answers 503 in the error shape while the database is away, and recovers without a restart', async () => {
    schema = await createPgSchema();
    proxy = await TcpProxy.start(hostPortOf(POSTGRES_URL));
    const api = await startApi({
      DATABASE_URL: viaPort(POSTGRES_URL, proxy.port),
      DATABASE_SCHEMA: schema.schema,
      JWT_SECRET: newSecret(),
      DATABASE_POOL_MAX: '4',
      RATE_LIMIT_LOGIN_MAX: '1000',
      RATE_LIMIT_LOGIN_IP_MAX: '1000',
      RATE_LIMIT_REGISTER_MAX: '1000',
    });
    const account = {
      firstName: 'Edsger',
      lastName: 'Dijkstra',
      email: 'loss@example.com',
      password: 'correct horse battery',
    };
    const registered = await postJson(`${api.url}/api/auth/register`, account);
    expect(registered.status).toBe(201);
    const session = registered.body as { access_token: string; refresh_token: string };
    const me = () => fetch(`${api.url}/api/users/me`, { headers: { authorization: `Bearer ${session.access_token}` } });

    // Traffic across the cut: whatever it meets, it must be an answer (2xx, or 503 in the error shape).
    let trafficRunning = true;
    const trafficStatuses: number[] = [];
    const traffic = (async () => {
      while (trafficRunning) {
        const answers = await Promise.all([
          me().then(async (r) => ({ status: r.status, body: await r.json() })),
          postJson(`${api.url}/api/auth/login`, { email: account.email, password: 'wrong password' }),
          postJson(`${api.url}/api/auth/register`, { ...account, email: `t${Date.now()}${Math.random()}@example.com` }),
        ]);
        for (const answer of answers) {
          trafficStatuses.push(answer.status);
          if (answer.status >= 500) expect(isErrorShape(answer.body), JSON.stringify(answer.body)).toBe(true);
        }
      }
    })();
    await sleep(300);

    await proxy.cut();
    await sleep(200);

    const health = await timed(() => fetch(`${api.url}/api/health`));
    expect(health.value.status).toBe(503);
    expect(await health.value.json()).toMatchObject({
      status: 'unavailable',
      database: { status: 'down', kind: 'postgres' },
    });
    expect(health.ms).toBeLessThan(BOUND_MS);

    const calls: [string, () => Promise<{ status: number; body: unknown }>][] = [
      ['GET /api/users/me', async () => me().then(async (r) => ({ status: r.status, body: await r.json() }))],
      [
        'POST /api/auth/login',
        () => postJson(`${api.url}/api/auth/login`, { email: account.email, password: account.password }),
      ],
      [
        'POST /api/auth/register',
        () => postJson(`${api.url}/api/auth/register`, { ...account, email: 'other@example.com' }),
      ],
      [
        'POST /api/auth/refresh',
        () => postJson(`${api.url}/api/auth/refresh`, { refreshToken: session.refresh_token }),
      ],
      ['POST /api/auth/logout', () => postJson(`${api.url}/api/auth/logout`, { refreshToken: session.refresh_token })],
    ];
    for (const [name, call] of calls) {
      const answer = await timed(call);
      expect(answer.value.status, name).toBe(503);
      expect(answer.value.body, name).toMatchObject({ error: { code: 'SERVICE_UNAVAILABLE' } });
      expect(isErrorShape(answer.value.body), name).toBe(true);
      expect(answer.ms, name).toBeLessThan(BOUND_MS);
    }
    // Still alive: the process did not crash.
    expect(api.child.exitCode).toBeNull();

    await proxy.restore();
    trafficRunning = false;
    await traffic;

    // Recovers without a restart: within a few seconds the same process answers again.
    const deadline = Date.now() + BOUND_MS;
    let status = 0;
    while (Date.now() < deadline) {
      status = (await fetch(`${api.url}/api/health`)).status;
      if (status === 200) break;
      await sleep(100);
    }
    expect(status).toBe(200);
    expect((await me()).status).toBe(200);
    const refreshed = await postJson(`${api.url}/api/auth/refresh`, { refreshToken: session.refresh_token });
    expect(refreshed.status).toBe(200);
    const login = await postJson(`${api.url}/api/auth/login`, { email: account.email, password: account.password });
    expect(login.status).toBe(200);
    expect(api.child.exitCode).toBeNull();
    // The traffic saw both sides of the cut, and nothing but answers.
    expect(trafficStatuses).toContain(503);
    expect(trafficStatuses.filter((s) => s >= 500 && s !== 503)).toEqual([]);
  });

  it('answers 503 within a bound when the database stops answering without closing, and recovers', async () => {
    const hung = await createPgSchema();
    const hangProxy = await TcpProxy.start(hostPortOf(POSTGRES_URL));
    try {
      const api = await startApi({
        DATABASE_URL: viaPort(POSTGRES_URL, hangProxy.port),
        DATABASE_SCHEMA: hung.schema,
        JWT_SECRET: newSecret(),
        DATABASE_POOL_MAX: '4',
      });
      const account = {
        firstName: 'Leslie',
        lastName: 'Lamport',
        email: 'hang@example.com',
        password: 'correct horse battery',
      };
      const registered = await postJson(`${api.url}/api/auth/register`, account);
      expect(registered.status).toBe(201);
      const { access_token: accessToken } = registered.body as { access_token: string };
      const me = async () => {
        const response = await fetch(`${api.url}/api/users/me`, {
          headers: { authorization: `Bearer ${accessToken}` },
        });
        return { status: response.status, body: (await response.json()) as unknown };
      };

      // Fill the pool: four connections open and idle when the database goes silent.
      await Promise.all(Array.from({ length: 8 }, () => me()));
      expect(hangProxy.openConnections).toBeGreaterThanOrEqual(4);
      hangProxy.hang();
      // Several at once: on pooled connections that hang (client query time-out) and on new ones (connect
      // time-out); every one answers 503 in the error shape within the bound.
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => timed(me)).concat([
          timed(() => postJson(`${api.url}/api/auth/login`, { email: account.email, password: account.password })),
        ]),
      );
      for (const answer of answers) {
        expect(answer.value.status).toBe(503);
        expect(isErrorShape(answer.value.body)).toBe(true);
        expect(answer.ms).toBeLessThan(HANG_BOUND_MS);
      }
      const health = await timed(() => fetch(`${api.url}/api/health`));
      expect(health.value.status).toBe(503);
      expect(health.ms).toBeLessThan(HANG_BOUND_MS);
      expect(api.child.exitCode).toBeNull();

      await hangProxy.restoreFromHang();
      const deadline = Date.now() + BOUND_MS;
      let status = 0;
      while (Date.now() < deadline) {
        status = (await me()).status;
        if (status === 200) break;
        await sleep(200);
      }
      expect(status).toBe(200);
      expect((await fetch(`${api.url}/api/health`)).status).toBe(200);
    } finally {
      await hangProxy.cut();
      await hung.drop();
    }
  });
});
