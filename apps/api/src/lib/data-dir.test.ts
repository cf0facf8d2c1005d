import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createDatabase } from '../db/index';
import { resolveSecrets } from './secrets';

const mode = (file: string) => fs.statSync(file).mode & 0o777;
const made: string[] = [];
const tempRoot = () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'hostpilot-data-'));
  made.push(root);
  return root;
};

afterEach(() => {
  for (const root of made.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

describe('DATA_DIR permissions', () => {
  it('creates DATA_DIR 0700, the generated secret and the SQLite files 0600', async () => {
    const dataDir = path.join(tempRoot(), 'data');
    const config = resolveSecrets(loadConfig({ DATA_DIR: dataDir }));
    const database = createDatabase(config.database);
    await database.migrate();
    await database.close();
    expect(mode(dataDir)).toBe(0o700);
    expect(mode(path.join(dataDir, 'jwt-secret'))).toBe(0o600);
    expect(mode(path.join(dataDir, 'app.db'))).toBe(0o600);
    for (const name of fs.readdirSync(dataDir)) expect(mode(path.join(dataDir, name)) & 0o077).toBe(0);
  });

  it('tightens a directory and files left readable by others', async () => {
    const dataDir = path.join(tempRoot(), 'data');
    fs.mkdirSync(dataDir, { mode: 0o755 });
    fs.chmodSync(dataDir, 0o755);
    fs.writeFileSync(path.join(dataDir, 'jwt-secret'), 'x'.repeat(48), { mode: 0o644 });
    fs.chmodSync(path.join(dataDir, 'jwt-secret'), 0o644);
    const config = resolveSecrets(loadConfig({ DATA_DIR: dataDir }));
    const first = createDatabase(config.database);
    await first.migrate();
    await first.close();
    fs.chmodSync(path.join(dataDir, 'app.db'), 0o644);
    const second = createDatabase(config.database);
    await second.close();
    expect(mode(dataDir)).toBe(0o700);
    expect(mode(path.join(dataDir, 'jwt-secret'))).toBe(0o600);
    expect(mode(path.join(dataDir, 'app.db'))).toBe(0o600);
  });
});
