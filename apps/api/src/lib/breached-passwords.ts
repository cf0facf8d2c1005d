import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BloomFilter, readBloomFilter } from './bloom-filter';

/** The filter file, committed: apps/api/assets, built by apps/api/scripts/breached-passwords.ts. */
export const BREACHED_PASSWORDS_FILE = 'breached-passwords.bloom';
/** The false-positive rate the build script asks for: one good password in a million is refused. */
export const BREACHED_FALSE_POSITIVE_RATE = 1e-6;

/**
 * apps/api/assets, found from this module: apps/api/src/lib under tsx and the tests, apps/api/dist when bundled.
 * The nearest folder above that holds assets/ is the one.
 */
export function breachedPasswordsPath(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 4; i += 1) {
    const candidate = path.join(dir, 'assets', BREACHED_PASSWORDS_FILE);
    if (fs.existsSync(candidate)) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error(`${BREACHED_PASSWORDS_FILE} is missing: run npm run breached-passwords -w apps/api`);
}

let filter: BloomFilter | undefined;

/** The filter, read once (about 2 MB) on first use. */
export function breachedPasswords(): BloomFilter {
  filter ??= readBloomFilter(fs.readFileSync(breachedPasswordsPath()));
  return filter;
}

/**
 * Whether a password is on the breached-password list (docs/decisions/045-production-hardening.md): the list's
 * entries of at least 8 characters, lower-cased, so the check ignores case as the common-password one does. A
 * Bloom filter answers "maybe" for about one password in a million that is not on the list.
 */
export function isBreachedPassword(password: string): boolean {
  return breachedPasswords().has(password.toLowerCase());
}
