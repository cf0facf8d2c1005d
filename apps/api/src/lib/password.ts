import { type Algorithm, hash, verify } from '@node-rs/argon2';

// Algorithm is a const enum, which isolated modules cannot read: 2 is Algorithm.Argon2id.
const ARGON2ID = 2 as Algorithm.Argon2id;

/**
 * argon2id with OWASP's first recommended parameters (19 MiB, 2 passes, 1 lane).
 * The library's defaults are below that minimum, so they are set here.
 * Hashing runs on libuv's thread pool, off the event loop.
 */
export const ARGON2_OPTIONS = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** False for a wrong password and for a malformed hash; never throws for either. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** How the sign-in code hashes and checks passwords; tests pass a wrapper that records the calls. */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(passwordHash: string, password: string): Promise<boolean>;
}

export const argon2Hasher: PasswordHasher = { hash: hashPassword, verify: verifyPassword };
