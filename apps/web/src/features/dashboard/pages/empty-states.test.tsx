import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { emptyCustomerRoutes } from '@/test/api/customer';
import { serveApi } from '@/test/api/http';
import { renderWithRouter } from '@/test/render';
import { DashboardDomainsPage } from './dashboard-domains-page';
import { DashboardFinancePage } from './dashboard-finance-page';
import { DashboardHomePage } from './dashboard-home-page';
import { DashboardHostingPage } from './dashboard-hosting-page';
import { DashboardNotificationsPage } from './dashboard-notifications-page';
import { DashboardServicesPage } from './dashboard-services-page';
import { DashboardSupportPage } from './dashboard-support-page';

/* Every list's empty state, as a customer who has just registered sees it: the API answers empty lists. */
beforeEach(() => {
  serveApi(emptyCustomerRoutes());
});

const ns = { namespaces: ['dashboard'] };

describe('empty states', () => {
  it('hosting: says there is none yet, offers Add New, and hides the server panel', async () => {
    await renderWithRouter(<DashboardHostingPage />, ns);
    expect(await screen.findByRole('heading', { name: 'No hosting services yet' })).toBeVisible();
    // Both lead to the hosting plans, where ordering starts.
    const links = screen.getAllByRole('link', { name: 'Add New' });
    expect(links).toHaveLength(2);
    for (const link of links) expect(link).toHaveAttribute('href', '/hosting');
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Server status' })).not.toBeInTheDocument();
  });

  it('domains: says there is none yet and offers to register one', async () => {
    await renderWithRouter(<DashboardDomainsPage />, ns);
    expect(await screen.findByRole('heading', { name: 'No domains yet' })).toBeVisible();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const links = screen.getAllByRole('link', { name: 'Register Domain' });
    expect(links).toHaveLength(2);
    for (const link of links) expect(link).toHaveAttribute('href', '/domains');
  });

  it('services: says there is none yet and links to the services on offer', async () => {
    await renderWithRouter(<DashboardServicesPage />, ns);
    expect(await screen.findByRole('heading', { name: 'No additional services yet' })).toBeVisible();
    expect(screen.getAllByRole('link', { name: 'Browse services' })[0]).toHaveAttribute('href', '/services');
    const more = within(screen.getByRole('region', { name: 'Add more to your sites' }));
    expect(more.getAllByRole('link')).toHaveLength(4);
  });

  it('support: says there are no tickets and offers Create Ticket; the knowledge base stays', async () => {
    await renderWithRouter(<DashboardSupportPage />, ns);
    expect(await screen.findByRole('heading', { name: 'No tickets yet' })).toBeVisible();
    expect(screen.getAllByRole('button', { name: 'Create Ticket' })).toHaveLength(2);
    expect(screen.getByRole('region', { name: 'Knowledge base' })).toBeVisible();
  });

  it('notifications: says there are none', async () => {
    await renderWithRouter(<DashboardNotificationsPage />, ns);
    expect(await screen.findByRole('heading', { name: 'No notifications' })).toBeVisible();
    expect(screen.queryByRole('listitem')).not.toBeInTheDocument();
  });

  it('finance: a zero balance, and both tables say they have no rows, with no pager', async () => {
    await renderWithRouter(<DashboardFinancePage />, ns);
    expect(await screen.findByText('$0.00')).toBeVisible();
    const transactions = await screen.findByRole('table', { name: 'Transactions' });
    expect(within(transactions).getByText('No transactions yet.')).toBeVisible();
    expect(within(await screen.findByRole('table', { name: 'Invoices' })).getByText('No invoices yet.')).toBeVisible();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('home: tiles count zero, the balance is zero, and each panel says it has nothing', async () => {
    await renderWithRouter(<DashboardHomePage />, ns);
    const tiles = within(await screen.findByRole('list', { name: 'Your account in numbers' }));
    for (const label of ['Hosting', 'Domains', 'Services', 'Tickets']) {
      expect(tiles.getByRole('link', { name: new RegExp(`^${label} 0`) })).toBeVisible();
    }
    const notifications = within(screen.getByRole('region', { name: 'Notifications' }));
    expect(notifications.getByText('No notifications')).toBeVisible();
    expect(notifications.getByRole('link', { name: 'View all' })).toBeVisible();
    expect(screen.getByText('Nothing has happened on your account yet.')).toBeVisible();
    expect(screen.getByText('Nothing expires in the next 30 days.')).toBeVisible();
    expect(within(screen.getByRole('region', { name: 'Account balance' })).getByText('$0.00')).toBeVisible();
  });
});
