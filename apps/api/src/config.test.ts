import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config.host).toBe('127.0.0.1');
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.database).toEqual({ kind: 'sqlite', file: path.resolve('./data/app.db') });
    expect(config.jwt.accessTtl).toBe(900);
    expect(config.seedDemo).toBe(true);
    expect(config.corsOrigins).toEqual([]);
  });

  it('uses PostgreSQL for a postgres:// DATABASE_URL', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://app@db:5432/app', DATABASE_SCHEMA: 'tenant_1' });
    expect(config.database).toEqual({
      kind: 'postgres',
      url: 'postgres://app@db:5432/app',
      schema: 'tenant_1',
      poolMax: 10,
    });
  });

  it('does not seed demo accounts in production unless asked', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });

  it('serves /api/docs to staff only in production, unless a demo or API_DOCS says otherwise', () => {
    expect(loadConfig({}).apiDocs).toBe('public');
    expect(loadConfig({ NODE_ENV: 'production' }).apiDocs).toBe('staff');
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: '1' }).apiDocs).toBe('public');
    expect(loadConfig({ NODE_ENV: 'production', API_DOCS: 'off' }).apiDocs).toBe('off');
    expect(() => loadConfig({ API_DOCS: 'everyone' })).toThrow(/API_DOCS/);
  });

  it('reads SMTP_EXTRA_PORTS as a list of ports', () => {
    expect(loadConfig({}).mail.extraPorts).toEqual([]);
    expect(loadConfig({ SMTP_EXTRA_PORTS: '1025, 2526' }).mail.extraPorts).toEqual([1025, 2526]);
    expect(() => loadConfig({ SMTP_EXTRA_PORTS: '1025,http' })).toThrow(/SMTP_EXTRA_PORTS/);
    expect(() => loadConfig({ SMTP_EXTRA_PORTS: '70000' })).toThrow(/SMTP_EXTRA_PORTS/);
  });

  it('does not seed demo accounts when listening beyond loopback unless asked', () => {
    expect(loadConfig({ HOST: '0.0.0.0' }).seedDemo).toBe(false);
    expect(loadConfig({ HOST: '203.0.113.5' }).seedDemo).toBe(false);
    expect(loadConfig({ HOST: '::' }).seedDemo).toBe(false);
    expect(loadConfig({ HOST: '0.0.0.0', SEED_DEMO: '1' }).seedDemo).toBe(true);
    expect(loadConfig({ HOST: '::1' }).seedDemo).toBe(true);
    expect(loadConfig({ HOST: 'localhost' }).seedDemo).toBe(true);
    expect(loadConfig({ HOST: '127.0.0.2' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: '0' }).seedDemo).toBe(false);
  });

  it('refuses TRUST_PROXY=true with a message, and takes a hop count or addresses', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: .*hop|number of proxies/);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5,10.0.0.6' }).trustProxy).toBe('10.0.0.5,10.0.0.6');
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
  });

  it('keeps a core free for the event loop when capping password hashing', () => {
    expect(loadConfig({ PASSWORD_HASH_CONCURRENCY: '3' }).passwordHashConcurrency).toBe(3);
    expect(loadConfig({}).passwordHashConcurrency).toBeGreaterThanOrEqual(1);
  });

  it('treats empty values as unset and splits lists', () => {
    const config = loadConfig({ PORT: '', CORS_ORIGINS: 'https://a.example, https://b.example' });
    expect(config.port).toBe(3000);
    expect(config.corsOrigins).toEqual(['https://a.example', 'https://b.example']);
  });

  it('names every bad variable at once', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', JWT_SECRET: 'short', SEED_DEMO: 'maybe' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toMatch(/^PORT: /m);
    expect(problems).toMatch(/^DATABASE_URL: must start with postgres:\/\//m);
    expect(problems).toMatch(/^JWT_SECRET: must be at least 32 characters/m);
    expect(problems).toMatch(/^SEED_DEMO: /m);
    expect((error as ConfigError).message).toContain('Invalid configuration');
  });
});
