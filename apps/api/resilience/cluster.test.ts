import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import {
  apiOutputs,
  type ApiProcess,
  createPgSchema,
  exited,
  freePort,
  killAll,
  newSecret,
  type PgSchema,
  REDIS_URL,
  sleep,
  startApi,
  startProcess,
  tempDir,
} from './support';

/**
 * Many machines, on one: two API instances on one PostgreSQL schema, sharing rate-limit counters in Redis,
 * behind nginx (Debian's, started as our own process with a temporary prefix) on loopback. A sign-in made
 * through one instance refreshes through the other, and the failed sign-ins both count reach one limit.
 */

export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const LOGIN_LIMIT = 4;

let schema: PgSchema | undefined;
let prefix: string | undefined;
const dirs: string[] = [];

afterEach((context) => {
  if (context.task.result?.state === 'fail') console.error(apiOutputs());
  killAll();
});
afterAll(async () => {
  await schema?.drop();
  if (prefix) {
    const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
    try {
      await redis.connect();
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
    } finally {
      redis.disconnect();
    }
  }
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function nginxConfig(dir: string, port: number, upstreams: ApiProcess[]): string {
  const asRoot = process.getuid?.() === 0;
  return `
${asRoot ? 'user root;' : ''}
worker_processes 1;
master_process off;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream hostpilot {
${upstreams.map((api) => `    server 127.0.0.1:${api.port};`).join('\n')}
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://hostpilot;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      # Which instance answered: the test checks that both did.
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`;
}

interface Answer {
  status: number;
  upstream: string;
  body: Record<string, unknown>;
}

async function post(url: string, body: unknown, clientAddress: string): Promise<Answer> {
  const response = await fetch(url, {
    method: 'POST',
    // The address nginx adds to X-Forwarded-For is 127.0.0.1; the client's own is kept before it.
    headers: { 'content-type': 'application/json', 'x-forwarded-for': clientAddress },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    upstream: response.headers.get('x-upstream') ?? '',
    body: (await response.json()) as Record<string, unknown>,
  };
}

describe('two instances behind nginx, one PostgreSQL, counters in Redis', () => {
  it('signs in through one instance, refreshes through the other, and shares one rate limit', async () => {
    expect(fs.existsSync(NGINX), `${NGINX} is missing: apt-get install -y nginx`).toBe(true);
    schema = await createPgSchema();
    prefix = `hostpilot-test:${randomBytes(6).toString('hex')}:`;
    const shared = {
      ...schema.env,
      JWT_SECRET: newSecret(),
      REDIS_URL,
      REDIS_KEY_PREFIX: prefix,
      // nginx on loopback is the one trusted proxy: the client address is the one it reports.
      TRUST_PROXY: '127.0.0.1',
      RATE_LIMIT_LOGIN_MAX: String(LOGIN_LIMIT),
      DATA_DIR: tempDir('cluster'),
    };
    dirs.push(shared.DATA_DIR);
    // Started one after the other: the second finds the schema migrated (the migrator's lock covers both).
    const first = await startApi(shared);
    const second = await startApi(shared);

    const dir = tempDir('nginx');
    dirs.push(dir);
    fs.chmodSync(dir, 0o755);
    const port = await freePort();
    fs.writeFileSync(path.join(dir, 'nginx.conf'), nginxConfig(dir, port, [first, second]));
    const nginx = startProcess(
      NGINX,
      ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')],
      {},
    );
    let nginxOutput = '';
    nginx.stderr!.on('data', (chunk: Buffer) => (nginxOutput += chunk.toString()));
    const base = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 15_000;
    for (;;) {
      if (nginx.exitCode !== null)
        throw new Error(`nginx exited: ${nginxOutput} ${fs.readFileSync(path.join(dir, 'error.log'), 'utf8')}`);
      const ok = await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (Date.now() > deadline) throw new Error(`nginx did not answer: ${nginxOutput}`);
      await sleep(100);
    }

    try {
      const instances = new Set([`127.0.0.1:${first.port}`, `127.0.0.1:${second.port}`]);
      const account = {
        firstName: 'Barbara',
        lastName: 'Liskov',
        email: 'cluster@example.com',
        password: 'correct horse battery',
      };
      const registered = await post(`${base}/api/auth/register`, account, '203.0.113.7');
      expect(registered.status).toBe(201);

      // Sign in through one instance; every refresh after it, chained, through nginx's round robin.
      const login = await post(
        `${base}/api/auth/login`,
        { email: account.email, password: account.password },
        '203.0.113.7',
      );
      expect(login.status).toBe(200);
      expect(instances.has(login.upstream)).toBe(true);
      let refreshToken = String(login.body.refresh_token);
      const refreshedAt: string[] = [];
      for (let i = 0; i < 4; i += 1) {
        const refreshed = await post(`${base}/api/auth/refresh`, { refreshToken }, '203.0.113.7');
        expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
        refreshedAt.push(refreshed.upstream);
        refreshToken = String(refreshed.body.refresh_token);
      }
      // The other instance accepted a refresh token this one issued, and vice versa.
      expect(refreshedAt.some((upstream) => upstream !== login.upstream && instances.has(upstream))).toBe(true);
      expect(new Set(refreshedAt).size).toBe(2);

      // Reusing a rotated token is caught whichever instance sees it: the family is revoked on both.
      const reused = await post(
        `${base}/api/auth/refresh`,
        { refreshToken: String(login.body.refresh_token) },
        '203.0.113.7',
      );
      expect(reused.status).toBe(401);
      const afterReuse = await post(`${base}/api/auth/refresh`, { refreshToken }, '203.0.113.7');
      expect(afterReuse.status).toBe(401);

      // One shared limit: failed sign-ins alternate between the instances and still add up to LOGIN_LIMIT.
      const failures: Answer[] = [];
      for (let i = 0; i < LOGIN_LIMIT + 2; i += 1) {
        failures.push(
          await post(`${base}/api/auth/login`, { email: account.email, password: 'wrong password' }, '198.51.100.9'),
        );
      }
      expect(failures.slice(0, LOGIN_LIMIT).map((a) => a.status)).toEqual(Array(LOGIN_LIMIT).fill(401));
      expect(failures.slice(LOGIN_LIMIT).map((a) => a.status)).toEqual([429, 429]);
      expect(new Set(failures.slice(LOGIN_LIMIT).map((a) => a.upstream)).size).toBe(2);
      expect(new Set(failures.slice(0, LOGIN_LIMIT).map((a) => a.upstream)).size).toBe(2);
      // The right password is refused too while the limit holds, through either instance.
      const blocked = await post(
        `${base}/api/auth/login`,
        { email: account.email, password: account.password },
        '198.51.100.9',
      );
      expect(blocked.status).toBe(429);
    } finally {
      if (nginx.pid && nginx.exitCode === null) process.kill(nginx.pid, 'SIGTERM');
      await exited(nginx);
    }
  });
});
