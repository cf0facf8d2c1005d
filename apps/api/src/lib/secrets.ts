import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { secureDirectory, secureFile } from './data-dir';

const SECRET_FILE = 'jwt-secret';

/**
 * Returns the config with a JWT secret: JWT_SECRET when set, else the one kept in DATA_DIR,
 * created once (mode 0600) so that sessions survive restarts. DATA_DIR is made 0700 and the secret 0600
 * whatever they were before (lib/data-dir.ts).
 */
export function resolveSecrets(config: Config): Config & { jwt: { secret: string } } {
  if (config.database.kind === 'sqlite' || !config.jwt.secret) secureDirectory(config.dataDir);
  if (config.jwt.secret) return { ...config, jwt: { ...config.jwt, secret: config.jwt.secret } };
  const file = path.join(config.dataDir, SECRET_FILE);
  try {
    fs.writeFileSync(file, randomBytes(48).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  secureFile(file);
  const secret = fs.readFileSync(file, 'utf8').trim();
  if (secret.length < 32)
    throw new Error(`${file} holds a secret shorter than 32 characters; delete it or set JWT_SECRET`);
  return { ...config, jwt: { ...config.jwt, secret } };
}
