import { render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router';
import { setupI18n } from '@/test/render';
import { resetSession, signInAs, signOut, testUser } from '@/test/session';
import { GuestOnly } from './guest-only';
import { RequireAdmin } from './require-admin';
import { RequireAuth } from './require-auth';

function Where({ name }: { name: string }) {
  const location = useLocation();
  return (
    <p>
      {name} at {location.pathname}
      {location.state ? ` from ${JSON.stringify(location.state)}` : ''}
    </p>
  );
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <Where name="home" /> },
      {
        element: <GuestOnly />,
        children: [{ path: '/login', element: <Where name="login" /> }],
      },
      {
        path: '/dashboard',
        element: <RequireAuth />,
        children: [
          { index: true, element: <Where name="dashboard" /> },
          { path: 'settings', element: <Where name="settings" /> },
        ],
      },
      {
        path: '/admin',
        element: <RequireAdmin />,
        children: [{ element: <Outlet />, children: [{ path: 'users', element: <Where name="admin" /> }] }],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('route guards (docs/product/states.md and docs/product/roles.md)', () => {
  beforeAll(async () => {
    await setupI18n('en');
  });
  afterEach(async () => {
    await resetSession();
  });

  it('sends a signed-out visitor from /dashboard to /login, replacing history and remembering the page', async () => {
    const router = renderAt('/dashboard?tab=1');
    expect(await screen.findByText(/^login at \/login/)).toHaveTextContent(
      'login at /login from {"from":{"pathname":"/dashboard","search":"?tab=1","hash":""}}',
    );
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('lets a signed-in customer into /dashboard', async () => {
    await signInAs(testUser(0));
    renderAt('/dashboard');
    expect(await screen.findByText('dashboard at /dashboard')).toBeInTheDocument();
  });

  it('keeps a customer (role 0) out of /admin: to /login, then on to /dashboard', async () => {
    await signInAs(testUser(0));
    renderAt('/admin/users');
    expect(await screen.findByText('dashboard at /dashboard')).toBeInTheDocument();
    expect(screen.queryByText(/admin at/)).not.toBeInTheDocument();
  });

  it.each([1, 2, -1, -2])('admits role %i to /admin (the guard admits any role but 0)', async (role) => {
    await signInAs(testUser(role));
    renderAt('/admin/users');
    expect(await screen.findByText('admin at /admin/users')).toBeInTheDocument();
  });

  it('sends staff whom the back office requires to use two-factor sign-in to set it up first', async () => {
    await signInAs(testUser(1));
    const fetch = vi.fn(
      async () =>
        new Response(JSON.stringify({ error: { code: 'TWO_FACTOR_REQUIRED', message: 'Set it up' } }), {
          status: 403,
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    try {
      const router = renderAt('/admin/users');
      expect(await screen.findByText('settings at /dashboard/settings')).toBeInTheDocument();
      expect(router.state.location.hash).toBe('#two-factor');
      expect(screen.queryByText(/admin at/)).not.toBeInTheDocument();
      expect(String((fetch.mock.calls[0] as unknown[])[0])).toMatch(/\/admin\/me\/permissions$/);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('sends a signed-out visitor from /admin to /login', async () => {
    renderAt('/admin/users');
    expect(await screen.findByText(/^login at \/login from .*\/admin\/users/)).toBeInTheDocument();
  });

  it('sends a signed-in user away from /login to /dashboard', async () => {
    await signInAs(testUser(0));
    renderAt('/login');
    expect(await screen.findByText('dashboard at /dashboard')).toBeInTheDocument();
  });

  it('a deliberate sign-out on a guarded page goes home, not to /login', async () => {
    await signInAs(testUser(0));
    renderAt('/dashboard');
    expect(await screen.findByText('dashboard at /dashboard')).toBeInTheDocument();
    await signOut();
    expect(await screen.findByText('home at /')).toBeInTheDocument();
  });

  it('after sign-in, returns to the page first asked for', async () => {
    renderAt('/dashboard');
    expect(await screen.findByText(/^login at \/login/)).toBeInTheDocument();
    await signInAs(testUser(0));
    expect(await screen.findByText('dashboard at /dashboard')).toBeInTheDocument();
  });
});
