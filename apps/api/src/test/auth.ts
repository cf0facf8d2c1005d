import { createHash, randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import { vi } from 'vitest';
import type { App } from '../app';
import type { Clock } from '../lib/clock';
import { argon2Hasher, type PasswordHasher } from '../lib/password';

/** Helpers for the sign-in API tests: accounts, requests, a fake clock, forged tokens, a recording hasher. */

export const PASSWORD = 'correct horse battery';

export interface Account {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

/** A fresh account with a unique e-mail. */
export function newAccount(overrides: Partial<Account> = {}): Account {
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: `ada.${randomBytes(4).toString('hex')}@example.com`,
    password: PASSWORD,
    ...overrides,
  };
}

export interface InjectOptions {
  remoteAddress?: string;
  headers?: Record<string, string>;
}

export function postJson(app: App, url: string, payload: unknown, options: InjectOptions = {}) {
  return app.inject({
    method: 'POST',
    url,
    payload: payload as Record<string, unknown>,
    headers: options.headers,
    remoteAddress: options.remoteAddress,
  });
}

/** Posts a body exactly as given (malformed JSON, another content type...). */
export function postRaw(app: App, url: string, payload: string, contentType = 'application/json') {
  return app.inject({ method: 'POST', url, headers: { 'content-type': contentType }, payload });
}

export interface Session {
  user: { id: string; firstName: string; lastName: string; email: string; role: number };
  access_token: string;
  refresh_token: string;
}

/** Registers an account; fails the test unless it answers 201. */
export async function register(app: App, account: Account = newAccount(), options: InjectOptions = {}) {
  const response = await postJson(app, '/api/auth/register', account, options);
  if (response.statusCode !== 201) throw new Error(`register answered ${response.statusCode}: ${response.body}`);
  return { account, session: response.json() as Session };
}

/**
 * Marks an account's e-mail address verified, as its verification link would (docs/decisions/019-unverified-accounts.md):
 * ordering, paying, adding funds and tickets need it.
 */
export async function markEmailVerified(app: App, userId: string): Promise<void> {
  await app.database.db.updateTable('users').set({ emailVerifiedAt: Date.now() }).where('id', '=', userId).execute();
}

/** Registers an account and verifies its e-mail address: a customer who may order and pay. */
export async function registerVerified(app: App, account: Account = newAccount()) {
  const registered = await register(app, account);
  await markEmailVerified(app, registered.session.user.id);
  return registered;
}

export function login(app: App, body: Record<string, unknown>, options: InjectOptions = {}) {
  return postJson(app, '/api/auth/login', body, options);
}

export function refresh(app: App, refreshToken: unknown) {
  return postJson(app, '/api/auth/refresh', { refreshToken });
}

export function logout(app: App, refreshToken: unknown) {
  return postJson(app, '/api/auth/logout', { refreshToken });
}

export function me(app: App, authorization?: string) {
  return app.inject({
    method: 'GET',
    url: '/api/users/me',
    headers: authorization === undefined ? {} : { authorization },
  });
}

/** A request with the session's access token and an optional JSON body. */
export function callAs(
  app: App,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  session: Session,
  payload?: unknown,
) {
  return app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${session.access_token}` },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/** A clock the test moves by hand. */
export function fakeClock(start = Date.UTC(2030, 0, 1)): Clock & { advance(ms: number): void } {
  let now = start;
  return {
    now: () => now,
    advance(ms: number) {
      now += ms;
    },
  };
}

/** The argon2id hasher, with every call recorded. */
export function recordingHasher() {
  return {
    hash: vi.fn<PasswordHasher['hash']>((password) => argon2Hasher.hash(password)),
    verify: vi.fn<PasswordHasher['verify']>((hash, password) => argon2Hasher.verify(hash, password)),
  };
}

export interface ForgeOptions {
  secret: string;
  claims?: Record<string, unknown>;
  /** Claims to leave out of the defaults (e.g. 'exp'). */
  omit?: string[];
  alg?: 'HS256' | 'HS384' | 'HS512';
  nowSeconds?: number;
}

/** Signs a token with the given secret and claims: the tests' way to make every kind of bad token. */
export async function forgeToken(options: ForgeOptions): Promise<string> {
  const now = options.nowSeconds ?? Math.floor(Date.now() / 1000);
  const claims: Record<string, unknown> = {
    sub: 'someone',
    role: 0,
    typ: 'access',
    iss: 'hostpilot',
    aud: 'hostpilot-web',
    iat: now,
    exp: now + 600,
    ...options.claims,
  };
  for (const name of options.omit ?? []) delete claims[name];
  const alg = options.alg ?? 'HS256';
  return new SignJWT(claims).setProtectedHeader({ alg, typ: 'JWT' }).sign(new TextEncoder().encode(options.secret));
}

/** base64url of a JSON value, to build tokens by hand. */
export function b64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** The claims of a JWT, unverified. */
export function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));
}

/** The stored row of a refresh token (found by its hash, as the API does). */
export function refreshRowOf(app: App, refreshToken: string) {
  return app.database.db
    .selectFrom('refreshTokens')
    .selectAll()
    .where('tokenHash', '=', createHash('sha256').update(refreshToken).digest('hex'))
    .executeTakeFirstOrThrow();
}
