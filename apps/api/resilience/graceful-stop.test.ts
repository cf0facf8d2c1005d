import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { killAll, newSecret, postJson, sleep, startApi, tempDir, until } from './support';

/**
 * SIGTERM with requests in flight: they finish and are stored; requests that arrive afterwards are refused
 * cleanly (connection refused, or 503 in the error shape); the process exits, within SHUTDOWN_TIMEOUT even
 * when a client never finishes its request.
 */

const dirs: string[] = [];
afterEach(() => killAll());
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function account(i: number) {
  return { firstName: 'Grace', lastName: 'Hopper', email: `stop${i}@example.com`, password: 'correct horse battery' };
}

describe('graceful stop', () => {
  it('lets requests in flight finish and be stored, refuses new ones, and exits 0 without waiting out the time-out', async () => {
    const dataDir = tempDir('stop');
    dirs.push(dataDir);
    const api = await startApi({
      DATA_DIR: dataDir,
      JWT_SECRET: newSecret(),
      RATE_LIMIT_REGISTER_MAX: '1000',
      SHUTDOWN_TIMEOUT: '20',
      LOG_LEVEL: 'info',
    });
    const count = (text: string) => api.output().split(text).length - 1;

    // 16 registrations at once (fetch keeps its connections alive): argon2id queues them on the thread pool,
    // so they are still running when SIGTERM arrives once the server has received every one of them.
    const inFlight = Array.from({ length: 16 }, (_, i) => postJson(`${api.url}/api/auth/register`, account(i)));
    await until(() => count('"path":"/api/auth/register"') >= 16);
    const finishedBefore = count('"msg":"request completed"');
    const stopAt = Date.now();
    api.kill('SIGTERM');
    await until(() => api.output().includes('shutting down'));

    // A new request after the stop began: no listener any more (or, racing it, 503); never served.
    const late = await postJson(`${api.url}/api/auth/register`, account(99)).then(
      (answer) => answer.status,
      () => 'refused' as const,
    );

    const answers = await Promise.all(inFlight);
    const exit = await api.exited();
    const stoppedIn = Date.now() - stopAt;

    expect(finishedBefore).toBeLessThan(16);
    expect(answers.map((a) => a.status)).toEqual(Array(16).fill(201));
    expect(['refused', 503]).toContain(late);
    expect(exit).toEqual({ code: 0, signal: null });
    // Kept-alive connections are closed after their last answer, so the stop does not wait SHUTDOWN_TIMEOUT.
    expect(stoppedIn).toBeLessThan(15_000);

    // Every acknowledged registration is stored, the refused one is not, and the file is sound.
    const db = new SQLite(path.join(dataDir, 'app.db'));
    try {
      const stored = db.prepare('select email from users order by email').all() as { email: string }[];
      expect(stored.map((row) => row.email).sort()).toEqual(
        Array.from({ length: 16 }, (_, i) => account(i).email).sort(),
      );
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      db.close();
    }
  });

  it('exits within SHUTDOWN_TIMEOUT even when a client never finishes its request', async () => {
    const dataDir = tempDir('stop');
    dirs.push(dataDir);
    const api = await startApi({ DATA_DIR: dataDir, JWT_SECRET: newSecret(), SHUTDOWN_TIMEOUT: '2' });
    const dangling = net.connect(api.port, '127.0.0.1');
    dangling.on('error', () => undefined);
    await new Promise((resolve) => dangling.once('connect', resolve));
    dangling.write(
      'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
    );
    await sleep(100);
    const stopAt = Date.now();
    api.kill('SIGTERM');
    const exit = await api.exited();
    const stoppedIn = Date.now() - stopAt;
    dangling.destroy();
    expect(exit.signal).toBeNull();
    expect(stoppedIn).toBeGreaterThanOrEqual(1500);
    expect(stoppedIn).toBeLessThan(6000);
  });
});
