// Shared machinery of the resilience tests: the built API as a child process, a PostgreSQL schema of its own,
// a TCP proxy that can cut the database off, free loopback ports, and clean-up of everything started.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const SERVER = path.join(ROOT, 'apps/api/dist/server.js');
export const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const processes = new Set<ChildProcess>();
const outputs: { label: string; output: () => string }[] = [];

/** The output of every API process started so far (for a failing test's message). */
export function apiOutputs(): string {
  return outputs.map((o) => `--- ${o.label}\n${o.output().slice(-20000)}`).join('\n');
}

/** Kills (SIGKILL, by PID) every process these tests started that is still running. */
export function killAll(): void {
  for (const child of processes) {
    if (child.exitCode === null && child.signalCode === null && child.pid) {
      try {
        process.kill(child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }
  processes.clear();
}
process.once('exit', killAll);

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Waits until the condition holds; fails after timeoutMs rather than hanging the test. */
export async function until(condition: () => boolean, timeoutMs = 30_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`${what} did not hold within ${timeoutMs} ms`);
    await sleep(5);
  }
}

export function tempDir(label: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `hostpilot-${label}-`));
}

/** Starts a child process and remembers it, so that killAll() can stop it whatever happens. */
export function startProcess(command: string, args: string[], env: Record<string, string>): ChildProcess {
  const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  processes.add(child);
  child.once('exit', () => processes.delete(child));
  return child;
}

export function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  }
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

export interface ApiProcess {
  child: ChildProcess;
  pid: number;
  url: string;
  port: number;
  /** Everything the process wrote, stdout and stderr. */
  output: () => string;
  kill: (signal?: NodeJS.Signals) => void;
  exited: () => ReturnType<typeof exited>;
}

const START_TIMEOUT_MS = 90_000;

/** Starts node apps/api/dist/server.js on a free loopback port and waits until /api/health answers 200. */
export async function startApi(
  env: Record<string, string>,
  options: { nodeArgs?: string[] } = {},
): Promise<ApiProcess> {
  if (!fs.existsSync(SERVER)) throw new Error(`${SERVER} is missing: build the API first (npm run build -w apps/api)`);
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const child = startProcess(process.execPath, [...(options.nodeArgs ?? []), SERVER], {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    // Every test client comes from one loopback address, and these tests count every 5xx as a failure: the
    // request limit and the hashing cap (tested in the API tests) stay out of their way.
    RATE_LIMIT_API_MAX: '100000000',
    PASSWORD_HASH_CONCURRENCY: '64',
    ...env,
    PORT: String(port),
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  outputs.push({ label: `API pid ${child.pid} port ${port}`, output: () => output });
  const api: ApiProcess = {
    child,
    pid: child.pid!,
    url: `http://127.0.0.1:${port}`,
    port,
    output: () => output,
    kill: (signal = 'SIGKILL') => {
      if (child.exitCode === null && child.signalCode === null) process.kill(child.pid!, signal);
    },
    exited: () => exited(child),
  };
  // Generous: on a machine shared with other builds the start (migrations, seeding, the demo's PowerDNS) has
  // taken over 40 s; the bound only keeps a start that never ends from hanging the test.
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the API exited with ${child.exitCode} on start:\n${output}`);
    try {
      const response = await fetch(`${api.url}/api/health`);
      if (response.ok) return api;
    } catch {
      // not listening yet
    }
    await sleep(50);
  }
  api.kill();
  throw new Error(`the API did not answer /api/health within ${START_TIMEOUT_MS / 1000} s:\n${output}`);
}

export interface PgSchema {
  schema: string;
  /** DATABASE_URL and DATABASE_SCHEMA for the API. */
  env: { DATABASE_URL: string; DATABASE_SCHEMA: string };
  query: <R extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values?: unknown[]) => Promise<R[]>;
  drop: () => Promise<void>;
}

/** A schema of its own in the test database (as the API tests do), dropped by drop(). */
export async function createPgSchema(url = POSTGRES_URL): Promise<PgSchema> {
  const schema = `resilience_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`create schema ${schema}`);
  await client.query(`set search_path to ${schema}`);
  return {
    schema,
    env: { DATABASE_URL: url, DATABASE_SCHEMA: schema },
    query: async <R extends pg.QueryResultRow>(text: string, values?: unknown[]) =>
      (await client.query<R>(text, values)).rows,
    drop: async () => {
      try {
        await client.query(`drop schema if exists ${schema} cascade`);
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * A TCP proxy on a free loopback port in front of another address. cut() closes every open connection and
 * refuses new ones (the database has stopped); restore() accepts and forwards again.
 */
export class TcpProxy {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  private hanging = false;

  private constructor(
    readonly port: number,
    private readonly target: { host: string; port: number },
  ) {}

  static async start(target: { host: string; port: number }): Promise<TcpProxy> {
    const proxy = new TcpProxy(await freePort(), target);
    await proxy.restore();
    return proxy;
  }

  restore(): Promise<void> {
    if (this.server) return Promise.resolve();
    const server = net.createServer((client) => {
      if (this.hanging) {
        // Accepted, never answered: a server that is there but does not respond.
        this.sockets.add(client);
        client.on('close', () => this.sockets.delete(client));
        client.on('error', () => undefined);
        return;
      }
      const upstream = net.connect(this.target);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    this.server = server;
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
  }

  /**
   * The database stops answering without closing anything (a network partition): data on open connections is
   * held, new connections are accepted and left silent. restoreFromHang() ends it.
   */
  hang(): void {
    this.hanging = true;
    for (const socket of this.sockets) {
      socket.unpipe();
      socket.pause();
    }
  }

  /** Ends a hang: the held connections are reset (as the network coming back would), new ones forwarded. */
  async restoreFromHang(): Promise<void> {
    await this.cut();
    this.hanging = false;
    await this.restore();
  }

  /** Drops every connection at once and stops listening: clients see resets, then refused connections. */
  cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const socket of this.sockets) socket.resetAndDestroy();
    this.sockets.clear();
    return new Promise((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }

  get openConnections(): number {
    return this.sockets.size;
  }
}

/** The PostgreSQL server's address, from a postgres:// URL. */
export function hostPortOf(url: string): { host: string; port: number } {
  const parsed = new URL(url);
  return { host: parsed.hostname || '127.0.0.1', port: Number(parsed.port || 5432) };
}

/** The same URL, pointing at another port on loopback (through a proxy). */
export function viaPort(url: string, port: number): string {
  const parsed = new URL(url);
  parsed.hostname = '127.0.0.1';
  parsed.port = String(port);
  return parsed.toString();
}

export interface JsonAnswer {
  status: number;
  body: unknown;
  headers: Headers;
}

/** POSTs JSON and reads the answer; throws on network errors (the caller decides what they mean). */
export async function postJson(url: string, body: unknown, signal?: AbortSignal): Promise<JsonAnswer> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal,
  });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = text;
  }
  return { status: response.status, body: parsed, headers: response.headers };
}

export function newSecret(): string {
  return randomBytes(32).toString('hex');
}

/** A small seeded generator of numbers in [0, 1) (mulberry32): a failing run can be replayed with its seed. */
export function prng(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
