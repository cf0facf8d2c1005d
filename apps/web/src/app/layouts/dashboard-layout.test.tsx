import { cleanup, screen, within } from '@testing-library/react';
import { appQueryClient } from '@/lib/query-client';
import { afterEach, describe, expect, it } from 'vitest';
import { customerRoutes } from '@/test/api/customer';
import { serveApi } from '@/test/api/http';
import { renderWithRouter } from '@/test/render';
import { resetSession, signInAs, testUser } from '@/test/session';
import { DashboardLayout } from './dashboard-layout';

afterEach(async () => {
  await resetSession();
});

describe('DashboardLayout sidebar', () => {
  it('shows the user block, a link to every dashboard page, the language switcher and sign out', async () => {
    await signInAs(testUser(0, { firstName: 'anna', lastName: 'Ivanova', email: 'anna@example.com' }));
    await renderWithRouter(<DashboardLayout />, { path: '/dashboard/domains' });
    const block = screen.getByRole('region', { name: 'Signed in as' });
    expect(block).toHaveTextContent('anna Ivanova');
    expect(block).toHaveTextContent('anna@example.com');
    expect(within(block).getByText('A')).toHaveAttribute('aria-hidden', 'true');

    const nav = within(screen.getByRole('navigation', { name: 'Dashboard' }));
    const links = [
      ['Overview', '/dashboard'],
      ['Hosting', '/dashboard/hosting'],
      ['Servers', '/dashboard/servers'],
      ['Domains', '/dashboard/domains'],
      ['Services', '/dashboard/services'],
      ['Orders', '/dashboard/orders'],
      ['Billing', '/dashboard/finance'],
      ['Support', '/dashboard/support'],
      ['Notifications', '/dashboard/notifications'],
      ['Settings', '/dashboard/settings'],
    ];
    expect(nav.getAllByRole('link')).toHaveLength(links.length);
    for (const [name, href] of links) expect(nav.getByRole('link', { name })).toHaveAttribute('href', href);
    expect(nav.getByRole('link', { name: 'Domains' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: /^Language: English/ })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('says how many notifications are unread on the Notifications link and the phone’s bell, with Russian plurals', async () => {
    await signInAs(testUser(0));
    const api = serveApi(customerRoutes());
    await renderWithRouter(<DashboardLayout />, { path: '/dashboard' });
    const nav = within(screen.getByRole('navigation', { name: 'Dashboard' }));
    expect(await nav.findByRole('link', { name: 'Notifications, 2 unread' })).toHaveTextContent('Notifications2');
    expect(screen.getAllByRole('link', { name: 'Notifications, 2 unread' })).toHaveLength(2);
    expect(api.calls).toContain('/api/notifications/unread-count');

    api.on('/api/notifications/unread-count', () => ({ unread: 5 }));
    cleanup();
    appQueryClient().clear();
    await renderWithRouter(<DashboardLayout />, { path: '/dashboard', language: 'ru' });
    expect(await screen.findAllByRole('link', { name: 'Уведомления, 5 непрочитанных' })).toHaveLength(2);
  });

  it.each([
    [0, false],
    [1, true],
    [2, true],
    [-1, true],
    [-2, false],
  ])('role %i: Admin Panel link shown = %s (docs/product/roles.md)', async (role, shown) => {
    await signInAs(testUser(role));
    await renderWithRouter(<DashboardLayout />, { path: '/dashboard' });
    expect(screen.queryAllByRole('link', { name: 'Admin Panel' })).toHaveLength(shown ? 1 : 0);
  });
});
