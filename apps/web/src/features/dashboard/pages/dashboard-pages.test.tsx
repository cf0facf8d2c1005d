import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  customerRoutes,
  HOSTING,
  summary,
  INVOICES,
  notifications,
  PREFERENCES,
  TRANSACTIONS,
} from '@/test/api/customer';
import { session } from '@/lib/session';
import { keptAnswers } from '@/lib/storage';
import { paged, serveApi, serverError, type TestApi } from '@/test/api/http';
import { renderWithRouter } from '@/test/render';
import { resetSession, signInAs, testUser } from '@/test/session';
import { DashboardDomainsPage } from './dashboard-domains-page';
import { DashboardFinancePage } from './dashboard-finance-page';
import { DashboardHomePage } from './dashboard-home-page';
import { DashboardHostingPage } from './dashboard-hosting-page';
import { DashboardNotificationsPage } from './dashboard-notifications-page';
import { DashboardServicesPage } from './dashboard-services-page';
import { DashboardSettingsPage } from './dashboard-settings-page';
import { DashboardSupportPage } from './dashboard-support-page';

// jsdom has no canvas to draw on: the charts' drawing is tested in Chromium (e2e/brand.spec.ts); here their
// legends and tables, which are HTML, are read.
vi.mock('@/components/charts/trend-chart', () => ({ default: () => null }));

// Intl separates Russian groups and currency with no-break spaces; compare with plain spaces.
const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');
const ns = { namespaces: ['dashboard'] };
const nsRu = { namespaces: ['dashboard'], language: 'ru' as const };

let api: TestApi;

beforeEach(() => {
  api = serveApi(customerRoutes());
});

afterEach(async () => {
  await resetSession();
});

/** The table row whose row header contains `text`. */
function row(text: string | RegExp) {
  return screen.getByRole('rowheader', { name: text }).closest('tr')!;
}

describe('dashboard home', () => {
  it('greets the user by first name and shows the four tiles (2, 3, 1, 0) linking to their pages', async () => {
    await signInAs(testUser(0, { firstName: 'Anna' }));
    serveApi(customerRoutes());
    await renderWithRouter(<DashboardHomePage />, ns);
    await screen.findByRole('list', { name: 'Your account in numbers' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Good (morning|afternoon|evening), Anna$/);
    const tiles = within(screen.getByRole('list', { name: 'Your account in numbers' }));
    const expected = [
      ['Hosting', '2', '/dashboard/hosting'],
      ['Domains', '3', '/dashboard/domains'],
      ['Services', '1', '/dashboard/services'],
      ['Tickets', '0', '/dashboard/support'],
    ];
    for (const [label, value, href] of expected) {
      const link = tiles.getByRole('link', { name: new RegExp(`^${label} ${value}`) });
      expect(link).toHaveAttribute('href', href);
    }
  });

  it('shows what the last visit showed at once, says so politely, then the fresh figures (decision 047)', async () => {
    const user = testUser(0, { firstName: 'Anna' });
    await signInAs(user);
    api = serveApi(customerRoutes());
    // The last visit, five minutes ago, counted 9 domains; the API now says 3, once it answers.
    const last = summary();
    keptAnswers.write(
      'dashboard-summary',
      user.id,
      { ...last, counts: { ...last.counts, domains: 9 } },
      Date.now() - 5 * 60_000,
    );
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    api.on('/api/dashboard/summary', async () => {
      await answered;
      return summary();
    });
    await renderWithRouter(<DashboardHomePage />, nsRu);
    const tiles = screen.getByRole('list', { name: /.+/ });
    expect(within(tiles).getByRole('link', { name: /^Домены 9/ })).toBeVisible();
    // The kept figures' note is the page's first status line (the charts' loading comes after it).
    const note = () => screen.getAllByRole('status')[0];
    expect(note()).toHaveTextContent('Обновлено 5 минут назад · обновляем…');

    answer();
    expect(await within(tiles).findByRole('link', { name: /^Домены 3/ })).toBeVisible();
    expect(screen.queryByText(/Обновлено/)).toBeNull();
    // The line stays, empty, so that the figures do not move.
    expect(note()).toBeEmptyDOMElement();
    expect(keptAnswers.read<ReturnType<typeof summary>>('dashboard-summary', user.id)?.data.counts.domains).toBe(3);
  });

  it('highlights unread notifications and links to all of them', async () => {
    await renderWithRouter(<DashboardHomePage />, ns);
    const panel = await screen.findByRole('region', { name: 'Notifications' });
    expect(within(panel).getByRole('link', { name: 'View all' })).toHaveAttribute('href', '/dashboard/notifications');
    expect(within(panel).getByText('2 unread notifications')).toBeVisible();
    const items = within(panel).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items.filter((item) => item.dataset.unread === 'true')).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Unread: Domain expires soon');
    expect(items[2]).not.toHaveTextContent('Unread');
    // Texts come from the stored key and parameters; times are computed from the timestamps.
    expect(items[0]).toHaveTextContent('myblog.net expires on Dec 5, 2026.');
    expect(items[0]).toHaveTextContent('2 hours ago');
    expect(items[1]).toHaveTextContent('$25.00 was added to your balance.');
    expect(items[1]).toHaveTextContent('yesterday');
  });

  it('shows notification texts and times in Russian, with plural forms', async () => {
    await renderWithRouter(<DashboardHomePage />, nsRu);
    const items = within(await screen.findByRole('region', { name: 'Уведомления' })).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Срок регистрации myblog.net истекает 5 дек. 2026 г. — продлите домен');
    expect(items[0]).toHaveTextContent('2 часа назад');
    expect(items[2]).toHaveTextContent('3 дня назад');
  });

  it('shows skeletons while loading, then a translated error with Retry that loads again', async () => {
    const user = userEvent.setup();
    let answer: unknown = serverError;
    api.on('/api/dashboard/summary', () => answer);
    await renderWithRouter(<DashboardHomePage />, ns);
    expect(screen.getAllByRole('status')[0]).toHaveTextContent('Loading…');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("Your overview couldn't be loaded");
    expect(alert).toHaveTextContent('Something went wrong on our side. Please try again.');
    answer = await customerRoutes()['/api/dashboard/summary']!(new URL('http://localhost'));
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list', { name: 'Your account in numbers' })).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says so in Russian when the server cannot be reached', async () => {
    api.on('/api/dashboard/summary', () => {
      throw new TypeError('Failed to fetch');
    });
    await renderWithRouter(<DashboardHomePage />, nsRu);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Не удалось загрузить сводку');
    expect(within(alert).getByRole('button', { name: 'Повторить' })).toBeVisible();
  });

  it('shows the timeline, quick actions, expiring services and balance; Renew Now and Add funds open their dialogs', async () => {
    const user = userEvent.setup();
    await renderWithRouter(<DashboardHomePage />, ns);
    const activity = within(await screen.findByRole('region', { name: 'Recent activity' }));
    expect(activity.getAllByRole('listitem')).toHaveLength(5);
    expect(activity.getByText('Support answered your ticket')).toBeVisible();
    expect(activity.getByText('You topped up your balance with $25.00')).toBeVisible();
    expect(activity.getByText('Hosting for mysite.com was renewed')).toBeVisible();
    const actions = within(screen.getByRole('region', { name: 'Quick actions' }));
    expect(actions.getByRole('link', { name: 'Renew a domain' })).toHaveAttribute('href', '/dashboard/domains');
    expect(actions.getByRole('link', { name: 'Upgrade hosting' })).toHaveAttribute('href', '/dashboard/hosting');
    expect(actions.getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', '/dashboard/support');
    expect(actions.getByRole('button', { name: 'Add funds' })).toBeVisible();
    expect(within(screen.getByRole('region', { name: 'Account balance' })).getByText('$125.50')).toBeVisible();
    // The charts' tables: a year of spending by month, a month of usage by day, a day without a sample said so.
    const spending = within(await screen.findByRole('region', { name: 'Spending' }));
    expect(spending.getAllByRole('row')).toHaveLength(13);
    expect(spending.getAllByRole('row').at(-1)).toHaveTextContent('$19.99');
    const usage = within(screen.getByRole('region', { name: 'Hosting usage' }));
    expect(usage.getAllByRole('row').at(-1)).toHaveTextContent('2 GB10 GB');
    expect(usage.getAllByRole('row')[1]).toHaveTextContent('No dataNo data');

    const expiring = within(screen.getByRole('region', { name: 'Expiring soon' }));
    const day = (days: number) =>
      new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(Date.now() + days * 24 * 3_600_000);
    expect(expiring.getByText(`Domain · expired ${day(-10)}`)).toBeVisible();
    expect(expiring.getByText(`Domain · expires ${day(11)}`)).toBeVisible();
    expect(expiring.getByText(`Hosting · expires ${day(16)}`)).toBeVisible();
    await user.click(expiring.getByRole('button', { name: 'Renew Now: Domain myblog.net' }));
    const dialog = await screen.findByRole('dialog', { name: 'Renew' });
    // The domain is read from the domains list, its yearly price from the catalogue.
    expect(await within(dialog).findByText('myblog.net')).toBeVisible();
    expect(within(dialog).getByRole('combobox', { name: 'Renew for' })).toHaveDisplayValue(/^1 year — \$\d+\.\d\d$/);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add Funds' }));
    expect(await screen.findByRole('dialog', { name: 'Add funds' })).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Amount, USD' })).toBeVisible();
  });
});

describe('hosting', () => {
  it('shows each service with status, plan, usage meters announcing their percentage, expiry and actions', async () => {
    const user = userEvent.setup();
    await renderWithRouter(<DashboardHostingPage />, ns);
    const card = within(await screen.findByRole('article', { name: 'mysite.com' }));
    expect(card.getByText('Active')).toHaveAttribute('data-tone', 'success');
    expect(card.getByText('Main website · Pro plan')).toBeVisible();
    expect(card.getByRole('meter', { name: 'Storage' })).toHaveAttribute('aria-valuetext', '23.4 of 50 GB (47%)');
    expect(card.getByRole('meter', { name: 'Bandwidth' })).toHaveAttribute('aria-valuetext', '156 of 500 GB (31%)');
    expect(card.getByText('Expires Mar 15, 2027')).toBeVisible();

    // Auto-renew is saved on the account, and the page reads it back.
    let saved = true;
    api.on('/api/services/h1/auto-renew', (_url, request) => {
      saved = (request!.body as { enabled: boolean }).enabled;
      return { id: 'h1', status: 'active', autoRenew: saved, expiresAt: HOSTING[0]!.expiresAt };
    });
    api.on('/api/hosting', (url) =>
      paged(
        HOSTING.map((h) => (h.id === 'h1' ? { ...h, autoRenew: saved } : h)),
        url,
      ),
    );
    const autoRenew = card.getByRole('switch', { name: 'Auto-renew' });
    expect(autoRenew).toHaveAttribute('aria-checked', 'true');
    await user.click(autoRenew);
    expect(await card.findByText('Auto-renew is off for mysite.com.')).toBeVisible();
    expect(autoRenew).toHaveAttribute('aria-checked', 'false');
    expect(api.writes).toEqual([expect.objectContaining({ method: 'PUT', body: { enabled: false } })]);

    await user.click(card.getByRole('button', { name: 'Cancel mysite.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel mysite.com' });
    expect(within(dialog).getByRole('radio', { name: /At the end of the paid period/ })).toBeChecked();
  });

  it('shows the server status with its shortcuts into the first service’s panel, and says e-mail is not built', async () => {
    await renderWithRouter(<DashboardHostingPage />, ns);
    const panel = within(await screen.findByRole('region', { name: 'Server status' }));
    expect(panel.getByText('Online')).toHaveAttribute('data-tone', 'success');
    expect(panel.getByRole('meter', { name: 'CPU' })).toHaveAttribute('aria-valuenow', '23');
    expect(panel.getByRole('meter', { name: 'Memory' })).toHaveAttribute('aria-valuetext', '45%');
    expect(panel.getByText('99.9%')).toBeVisible();
    const links = panel.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Control panel', expect.stringMatching(/^\/dashboard\/services\/[^/]+\/panel$/)],
      ['File Manager', expect.stringMatching(/^\/dashboard\/services\/[^/]+\/files$/)],
      ['Databases', expect.stringMatching(/^\/dashboard\/services\/[^/]+\/databases$/)],
    ]);
    expect(panel.queryByRole('button')).toBeNull();
    expect(panel.getByText(/Business e-mail is not available yet/)).toBeVisible();
    expect(screen.queryByText(/cPanel/)).toBeNull();
  });

  it('formats sizes and dates in Russian', async () => {
    await renderWithRouter(<DashboardHostingPage />, nsRu);
    const card = within(await screen.findByRole('article', { name: 'mysite.com' }));
    expect(plain(card.getByRole('meter', { name: 'Диск' }).getAttribute('aria-valuetext'))).toBe(
      '23,4 из 50 ГБ (47 %)',
    );
    expect(plain(card.getByText(/^Действует до/).textContent)).toBe('Действует до 15 мар. 2027 г.');
  });
});

describe('hosting measured on a web node (docs/decisions/058-usage-and-limits.md)', () => {
  const measured = (minutesAgo: number, overQuota: boolean) => ({
    ...HOSTING[1]!,
    measurement: 'measured',
    measured: {
      measuredAt: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
      diskBytes: overQuota ? 11 * 1024 ** 3 : 20 * 1024,
      bandwidthBytes: 13_700,
      storageLimitBytes: 10 * 1024 ** 3,
      overQuota,
      databases: { used: 1, limit: 1 },
      domains: { used: 1, limit: 1 },
    },
  });

  it('shows the measured figures to the byte unit, when they were measured, and the limits in use', async () => {
    api.on('/api/hosting', (url) => paged([measured(5, false)], url));
    await renderWithRouter(<DashboardHostingPage />, ns);
    const card = within(await screen.findByRole('article', { name: 'myblog.net' }));
    expect(card.getByRole('meter', { name: 'Storage' })).toHaveAttribute('aria-valuetext', '20 KB of 10 GB (0%)');
    expect(card.getByRole('meter', { name: 'Bandwidth' })).toHaveAttribute('aria-valuetext', '13.4 KB of 100 GB (0%)');
    expect(card.getByText(/^Measured on the server 5 minutes ago/)).toBeVisible();
    expect(card.getByText('Databases: 1 of 1')).toBeVisible();
    expect(card.getByText('Domains: 1 of 1')).toBeVisible();
    expect(card.queryByRole('alert')).toBeNull();
  });

  it('says so in Russian, with its plural forms, and warns when the site is over its storage', async () => {
    api.on('/api/hosting', (url) => paged([measured(2, true)], url));
    await renderWithRouter(<DashboardHostingPage />, nsRu);
    const card = within(await screen.findByRole('article', { name: 'myblog.net' }));
    expect(plain(card.getByRole('meter', { name: 'Диск' }).getAttribute('aria-valuetext'))).toBe(
      '11 ГБ из 10 ГБ (100 %)',
    );
    expect(card.getByText(/^Замерено на сервере 2 минуты назад/)).toBeVisible();
    expect(card.getByRole('alert')).toHaveTextContent('Сайт занимает больше места, чем позволяет тариф');
  });

  it('shows no figures for a site on a web node not measured yet', async () => {
    api.on('/api/hosting', (url) =>
      paged(
        [
          {
            ...HOSTING[1]!,
            measurement: 'pending',
            storage: { usedMb: 0, totalMb: 10240 },
            bandwidth: { usedMb: 0, totalMb: 102400 },
          },
        ],
        url,
      ),
    );
    await renderWithRouter(<DashboardHostingPage />, ns);
    const card = within(await screen.findByRole('article', { name: 'myblog.net' }));
    expect(card.getByRole('meter', { name: 'Storage' })).toHaveAttribute('aria-valuetext', '0 of 10 GB (0%)');
    expect(card.getByText(/^Not measured yet/)).toBeVisible();
  });
});

describe('domains', () => {
  it('lists each domain with expiry, status colour, DNS record count and last change, and its actions', async () => {
    const user = userEvent.setup();
    await renderWithRouter(<DashboardDomainsPage />, ns);
    await screen.findByRole('table');
    expect(screen.getAllByRole('row')).toHaveLength(4);
    const active = within(row(/mysite\.com/));
    expect(active.getByText('Active')).toHaveAttribute('data-tone', 'success');
    expect(active.getByText('Mar 15, 2027')).toBeVisible();
    const expired = within(row(/old-project\.io/));
    expect(expired.getByText('Grace period')).toHaveAttribute('data-tone', 'danger');
    expect(active.getByRole('cell', { name: '4' })).toBeVisible();
    expect(expired.getByRole('cell', { name: 'Never' })).toBeVisible();
    expect(expired.getByRole('link', { name: 'Manage old-project.io' })).toHaveAttribute(
      'href',
      '/dashboard/domains/d3',
    );
    await user.click(expired.getByRole('button', { name: 'Renew old-project.io' }));
    expect(
      await within(await screen.findByRole('dialog', { name: 'Renew' })).findByText('old-project.io'),
    ).toBeVisible();
  });
});

describe('services', () => {
  it('shows the additional service with its status, expiry and yearly price', async () => {
    await renderWithRouter(<DashboardServicesPage />, ns);
    expect(await screen.findByRole('heading', { name: 'SSL certificate' })).toBeVisible();
    expect(screen.getByText('Active')).toHaveAttribute('data-tone', 'success');
    expect(screen.getByText('$29.99 a year')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Browse services' })).toHaveAttribute('href', '/services');
    const more = within(screen.getByRole('region', { name: 'Add more to your sites' }));
    expect(more.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/services#backup',
      '/services#email',
      '/services#security',
    ]);
  });
});

describe('finance', () => {
  it('shows balance, charges as negative dollars with two decimals, and invoice actions', async () => {
    const user = userEvent.setup();
    await renderWithRouter(<DashboardFinancePage />, ns);
    expect(await screen.findByText('$125.50')).toBeVisible();
    const transactions = within(await screen.findByRole('table', { name: 'Transactions' }));
    const charge = within(transactions.getByRole('rowheader', { name: /Hosting renewal/ }).closest('tr')!);
    expect(charge.getByText(/-\$9\.99/)).toHaveTextContent('-$9.99 (charge)');
    expect(charge.getByText('Nov 15, 2026')).toBeVisible();
    expect(charge.getByText('Completed')).toHaveAttribute('data-tone', 'success');
    // The payment history names how each payment was made.
    expect(charge.getByText('Balance')).toBeVisible();
    expect(transactions.getAllByText('Card').length).toBeGreaterThan(0);
    const pending = transactions.getByText('Pending');
    expect(pending).toHaveAttribute('data-tone', 'warning');
    expect(transactions.getAllByText(/\+\$50\.00/)).toHaveLength(1);

    const invoices = within(await screen.findByRole('table', { name: 'Invoices' }));
    const invoice = within(invoices.getByRole('rowheader', { name: 'INV-2026-0142' }).closest('tr')!);
    expect(invoice.getByText('$9.99')).toBeVisible();
    expect(invoice.getByText('Paid')).toHaveAttribute('data-tone', 'success');
    // Download fetches the PDF through the HTTP client (the API answers it in the page's language) and hands
    // it to the browser under the name the API gives.
    const pdfPath = `/api/finance/invoices/${INVOICES[0]!.id}/pdf`;
    api.on(pdfPath, () => ({}));
    const saved: string[] = [];
    // jsdom has no object URLs.
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:invoice'), revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    await user.click(invoice.getByRole('button', { name: 'Download INV-2026-0142' }));
    await vi.waitFor(() => expect(saved).toEqual(['download']));
    expect(api.calls).toContain(`${pdfPath}?lang=en`);
    click.mockRestore();
    expect(invoice.getByRole('link', { name: 'View INV-2026-0142' })).toHaveAttribute(
      'href',
      '/dashboard/finance/invoices/i3',
    );

    expect(screen.getByRole('link', { name: 'Payment history' })).toHaveAttribute('href', '#transactions');
    await vi.waitFor(() =>
      expect(screen.getByRole('button', { name: 'Update payment method' })).toHaveAccessibleDescription(
        'No card saved for renewals',
      ),
    );
    expect(screen.getByRole('button', { name: 'Download statement' })).toBeVisible();
  });

  it('filters the transactions by type, status and period on the server, and clears them', async () => {
    const user = userEvent.setup();
    await renderWithRouter(<DashboardFinancePage />, ns);
    await screen.findByRole('table', { name: 'Transactions' });
    const filters = within(screen.getByRole('group', { name: 'Filter transactions' }));
    const transactionCalls = () => api.calls.filter((call) => call.startsWith('/api/finance/transactions'));

    await user.selectOptions(filters.getByLabelText('Status'), 'Pending');
    await vi.waitFor(() => expect(transactionCalls().at(-1)).toContain('status=pending'));
    await user.selectOptions(filters.getByLabelText('Type'), 'Top-up');
    await vi.waitFor(() => expect(transactionCalls().at(-1)).toContain('type=topup'));

    // A period that ends before it starts is not asked for, and the To field says why.
    await user.type(filters.getByLabelText('From'), '2026-11-20');
    await vi.waitFor(() => expect(transactionCalls().at(-1)).toContain('from=2026-11-20'));
    const asked = transactionCalls().length;
    await user.type(filters.getByLabelText('To'), '2026-11-01');
    expect(filters.getByLabelText('To')).toHaveAccessibleDescription('The end date must not be before the start date');
    expect(transactionCalls()).toHaveLength(asked);

    await user.click(filters.getByRole('button', { name: 'Clear filters' }));
    expect(filters.getByLabelText('Status')).toHaveValue('');
    expect(filters.getByLabelText('To')).toHaveValue('');
    // Back to the whole list (answered from the cache of the first, unfiltered, page).
    const table = within(await screen.findByRole('table', { name: 'Transactions' }));
    expect(await table.findByRole('rowheader', { name: /Hosting renewal/ })).toBeVisible();
  });

  it('formats money and dates in Russian', async () => {
    await renderWithRouter(<DashboardFinancePage />, nsRu);
    await screen.findByRole('table', { name: 'Операции' });
    expect(screen.getAllByText((_, el) => el?.tagName === 'P' && plain(el.textContent) === '125,50 $')).toHaveLength(1);
    const charge = screen.getByRole('rowheader', { name: /Продление хостинга/ }).closest('tr')!;
    expect(plain(charge.textContent)).toContain('-9,99 $');
    expect(plain(charge.textContent)).toContain('15 нояб. 2026 г.');
  });

  it('pages transactions on the server and counts its total', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 23 }, (_, index) => ({ ...TRANSACTIONS[2]!, id: `tx${index}` }));
    api.on('/api/finance/transactions', (url) => paged(many, url));
    await renderWithRouter(<DashboardFinancePage />, ns);
    const pages = await screen.findByRole('navigation', { name: 'Transactions: pages' });
    expect(within(pages).getByText('Showing 1 to 10 of 23 results')).toBeVisible();
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await within(pages).findByText('Showing 21 to 23 of 23 results')).toBeVisible();
    expect(within(pages).getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(api.calls).toContain('/api/finance/transactions?page=3&pageSize=10');
  });
});

describe('support', () => {
  it('lists tickets (answered is blue) linking to their pages, checks a new ticket, and filters the knowledge base', async () => {
    const user = userEvent.setup();
    await renderWithRouter(<DashboardSupportPage />, ns);
    await screen.findByRole('table');
    const ticket = within(row(/SSL certificate does not show on www/));
    expect(ticket.getByText('TCK-1042')).toBeVisible();
    expect(ticket.getByText('Answered')).toHaveAttribute('data-tone', 'info');
    expect(ticket.getByText('Medium')).toBeVisible();

    expect(ticket.getByRole('link', { name: 'SSL certificate does not show on www' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/dashboard\/support\/tickets\/.+/),
    );

    await user.click(screen.getByRole('button', { name: 'Create Ticket' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create a ticket' }));
    expect(dialog.getByRole('combobox', { name: 'Department' })).toHaveValue('technical');
    await user.type(dialog.getByRole('textbox', { name: 'Subject' }), 'Hi');
    expect(dialog.getByRole('textbox', { name: 'Subject' })).toHaveAccessibleDescription('2 of 150 characters');
    await user.click(dialog.getByRole('button', { name: 'Create ticket' }));
    expect(dialog.getByRole('textbox', { name: 'Subject' })).toHaveAccessibleDescription(
      'Must be at least 3 characters',
    );
    expect(dialog.getByRole('textbox', { name: 'Message' })).toHaveAccessibleDescription(
      'Must be at least 10 characters',
    );
    expect(dialog.getByRole('textbox', { name: 'Subject' })).toHaveValue('Hi');
    expect(api.calls.some((call) => call === '/api/tickets')).toBe(false);
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));

    const kb = within(screen.getByRole('region', { name: 'Knowledge base' }));
    expect(kb.getByRole('heading', { name: 'Popular articles' })).toBeVisible();
    expect(await kb.findAllByRole('listitem')).toHaveLength(5);
    expect(kb.getByText('Domains · 12,840 views')).toBeVisible();
    expect(kb.getAllByRole('link')[0]).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/dashboard\/support\/articles\//),
    );
    await user.type(kb.getByRole('searchbox', { name: 'Search the knowledge base' }), 'wordpress');
    expect(await kb.findByText('1 article found')).toBeInTheDocument();
    expect(kb.getAllByRole('listitem')).toHaveLength(1);
    await user.clear(kb.getByRole('searchbox'));
    await user.type(kb.getByRole('searchbox'), 'zzz');
    expect(await kb.findByText(/No articles match/)).toBeVisible();
    // The server searched, once typing paused, in the reader's language.
    expect(api.calls).toContain('/api/knowledge/articles?lang=en&q=wordpress&pageSize=10');
    expect(api.calls.filter((call) => call.startsWith('/api/knowledge/articles?lang=en&q=w'))).toHaveLength(1);
  });
});

describe('notifications', () => {
  it('shows every notification, the unread ones highlighted', async () => {
    await renderWithRouter(<DashboardNotificationsPage />, ns);
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(5);
    expect(items.filter((item) => item.dataset.unread === 'true')).toHaveLength(2);
    expect(screen.getByText('2 unread notifications')).toBeVisible();
  });

  it('marks one read and then all read, asking the API each time and refreshing the list', async () => {
    const user = userEvent.setup();
    const unread = notifications().filter((n) => !n.read);
    api.on(`/api/notifications/${unread[0]!.id}/read`, () => ({ unread: 1 }));
    api.on('/api/notifications/read-all', () => ({ unread: 0 }));
    await renderWithRouter(<DashboardNotificationsPage />, ns);
    const marks = await screen.findAllByRole('button', { name: /^Mark as read/ });
    expect(marks).toHaveLength(2);
    await user.click(marks[0]!);
    expect(await screen.findByRole('status')).toHaveTextContent('Marked as read.');
    expect(api.calls).toContain(`/api/notifications/${unread[0]!.id}/read`);
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByText('All notifications are marked as read.')).toBeVisible();
    expect(api.calls).toContain('/api/notifications/read-all');
    expect(api.calls.filter((call) => call.startsWith('/api/notifications?'))).toHaveLength(3);
  });

  it('counts unread ones with Russian plurals', async () => {
    await renderWithRouter(<DashboardNotificationsPage />, nsRu);
    expect(await screen.findByText('2 непрочитанных уведомления')).toBeVisible();
  });
});

describe('settings', () => {
  it('prefills the profile, validates it, asks for the password for a new e-mail, and saves into the session', async () => {
    const user = userEvent.setup();
    await signInAs(testUser(0, { firstName: 'Anna', lastName: 'Ivanova', email: 'anna@example.com' }));
    const api = serveApi(customerRoutes());
    let answer: unknown = { status: 409, body: { error: { code: 'EMAIL_TAKEN', message: 'Email taken' } } };
    api.on('/api/users/me', () => answer);
    await renderWithRouter(<DashboardSettingsPage />, ns);
    expect(screen.getByRole('textbox', { name: 'First name' })).toHaveValue('Anna');
    expect(screen.getByRole('textbox', { name: 'Last name' })).toHaveValue('Ivanova');
    const email = screen.getByRole('textbox', { name: 'Email' });
    expect(email).toHaveValue('anna@example.com');
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();

    await user.clear(email);
    await user.type(email, 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(email).toHaveAccessibleDescription('Invalid email address');

    await user.clear(email);
    await user.type(email, 'taken@example.com');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const password = screen.getByLabelText('Current password');
    expect(password).toHaveAccessibleDescription('Required');
    expect(api.calls).not.toContain('/api/users/me');
    await user.type(password, 'secret-password');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('An account with this e-mail already exists')).toBeVisible();
    expect(email).toHaveValue('taken@example.com');

    answer = { id: testUser(0).id, firstName: 'Anya', lastName: 'Ivanova', email: 'anna@example.com', role: 0 };
    await user.clear(email);
    await user.type(email, 'anna@example.com');
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: 'First name' }));
    await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Anya');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Your profile is saved.')).toBeVisible();
    expect(session.getState().user?.firstName).toBe('Anya');
  });

  it('offers change password and two-factor, and three preference switches', async () => {
    const user = userEvent.setup();
    await renderWithRouter(<DashboardSettingsPage />, ns);
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByLabelText('Current password')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Two-factor sign-in' })).toBeVisible();

    expect(await screen.findByRole('switch', { name: 'Email notifications' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('switch', { name: 'Service updates' })).toHaveAttribute('aria-checked', 'true');
    const marketing = screen.getByRole('switch', { name: 'Marketing communications' });
    expect(marketing).toHaveAttribute('aria-checked', 'false');
    api.on('/api/users/me/preferences', () => ({ ...PREFERENCES, marketing: true }));
    await user.click(marketing);
    expect(marketing).toHaveAttribute('aria-checked', 'true');
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(api.calls.filter((call) => call === '/api/users/me/preferences')).toHaveLength(2);
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveValue('en');
  });
});
