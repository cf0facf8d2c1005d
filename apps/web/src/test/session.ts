import type { User } from '@hostpilot/shared';
import { vi } from 'vitest';
import { session } from '@/lib/session';

export const testUser = (role = 0, overrides: Partial<User> = {}): User => ({
  id: `user-${role}`,
  firstName: 'Anna',
  lastName: 'Ivanova',
  email: 'anna@example.com',
  role,
  ...overrides,
});

/** Signs the app's real session store in, through its real login path, with a stubbed API answer. */
export async function signInAs(user: User) {
  const exp = Math.floor(Date.now() / 1000) + 900;
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const access = `${encode({ alg: 'HS256' })}.${encode({ sub: user.id, exp })}.sig`;
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ user, access_token: access, refresh_token: 'refresh' }), { status: 200 }),
    ),
  );
  await session.login({ email: user.email, password: 'password' });
  vi.unstubAllGlobals();
}

export async function signOut() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(null, { status: 204 })),
  );
  await session.logout();
  vi.unstubAllGlobals();
}

/** Signs out and forgets the sign-out, like a fresh page load between tests. */
export async function resetSession() {
  await signOut();
  session.reset();
}
