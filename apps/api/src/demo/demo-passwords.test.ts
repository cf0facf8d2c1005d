import { spawn } from 'node:child_process';
import path from 'node:path';
import { DEMO_ADMIN, DEMO_CUSTOMER } from '@hostpilot/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app';
import { login } from '../test/auth';
import { createTestApp, DATABASE_UNDER_TEST, type TestContext } from '../test/helpers';
import { seedDemoAccounts } from './seed';

const API_ROOT = path.resolve(import.meta.dirname, '../..');

/** Runs the API's command line (src/cli.ts) against the test app's database, `input` on its standard input. */
function runCli(ctx: TestContext, args: string[], input: string) {
  const { database } = ctx.config;
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'production',
    DATA_DIR: ctx.config.dataDir,
    JWT_SECRET: ctx.config.jwt.secret,
    LOG_LEVEL: 'silent',
    ...(database.kind === 'postgres' ? { DATABASE_URL: database.url, DATABASE_SCHEMA: database.schema ?? '' } : {}),
  };
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], { cwd: API_ROOT, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

// docs/decisions/045-production-hardening.md: a database that ran the demo keeps its published passwords.
describe(`production start with demo passwords (${DATABASE_UNDER_TEST})`, () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp();
    await seedDemoAccounts(ctx.app.database.db);
  });

  afterAll(async () => {
    await ctx.close();
  });

  /** Starts the API as production on the test app's database (which it does not close). */
  const startProduction = (overrides: Partial<TestContext['config']> = {}): Promise<App> =>
    buildApp(
      {
        ...ctx.config,
        env: 'production',
        seedDemo: false,
        demoMode: false,
        log: { level: 'silent', pretty: false },
        ...overrides,
      },
      { database: ctx.app.database, serveWebApp: false },
    );

  it('refuses to start while an account signs in with a published demo password, and says what to do', async () => {
    const refused = startProduction();
    await expect(refused).rejects.toThrow(/demo password/);
    const message = await refused.catch((error: Error) => error.message);
    expect(message).toContain(DEMO_ADMIN.email);
    expect(message).toContain(DEMO_CUSTOMER.email);
    expect(message).toContain('set-password');
    expect(message).not.toContain(DEMO_ADMIN.password);
    // An explicit demo installation (SEED_DEMO=1) starts in production as before.
    const demo = await startProduction({ seedDemo: true, seedScale: 0 });
    await demo.close();
  });

  // Four runs of the command line, each a Node process that compiles the CLI's TypeScript (tsx) first: 72 s in all
  // once at load 30 on two cores, more than the suite's budget for one test.
  it(
    'starts once the command line gave every demo account a new password read from standard input',
    { timeout: 180_000 },
    async () => {
      const weak = await runCli(ctx, ['set-password', DEMO_ADMIN.email], 'password1\n');
      expect(weak.code).toBe(1);
      expect(weak.stderr).toMatch(/common/i);
      const unknown = await runCli(ctx, ['set-password', 'nobody@example.com'], 'Unkn0wn-account-pass\n');
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toContain('nobody@example.com');

      const admin = await runCli(ctx, ['set-password', DEMO_ADMIN.email], 'Blue-Kettle-Orbit-42\n');
      expect(admin.code, admin.stderr).toBe(0);
      expect(admin.stdout).toContain(DEMO_ADMIN.email);
      // Still refused: the demo customer keeps its published password.
      await expect(startProduction()).rejects.toThrow(DEMO_CUSTOMER.email);

      const customer = await runCli(ctx, ['set-password', DEMO_CUSTOMER.email], 'Quiet-Harbor-Lamp-77\n');
      expect(customer.code, customer.stderr).toBe(0);
      const app = await startProduction();
      try {
        expect((await login(app, { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password })).statusCode).toBe(401);
        expect((await login(app, { email: DEMO_ADMIN.email, password: 'Blue-Kettle-Orbit-42' })).statusCode).toBe(200);
      } finally {
        await app.close();
      }
    },
  );
});
