import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
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
      ['Domains', '/dashboard/domains'],
      ['Services', '/dashboard/services'],
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
