import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminRoutes, adminUsers } from '@/test/api/admin';
import { serveApi, serverError, type TestApi } from '@/test/api/http';
import { renderWithRouter } from '@/test/render';
import { AdminUsersPage } from './admin-users-page';

let api: TestApi;
beforeEach(() => {
  api = serveApi(adminRoutes());
});

const renderPage = (path = '/admin/users', language: 'en' | 'ru' = 'en') =>
  renderWithRouter(<AdminUsersPage />, { path, namespaces: ['admin'], language });
const bodyRows = () =>
  within(screen.getByRole('table', { name: 'Users' }))
    .getAllByRole('row')
    .slice(1);
const lastUsersCall = () => api.calls.filter((call) => call.startsWith('/api/admin/users')).at(-1);

describe('users', () => {
  it('has the columns, Edit in sight and Suspend or Activate, Balance and (apart) Delete in each row’s menu', async () => {
    const user = userEvent.setup();
    await renderPage();
    await screen.findByRole('columnheader', { name: 'Actions' });
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      '',
      'User',
      'Role',
      'Status',
      'Services',
      'Last Login',
      'Actions',
    ]);
    for (const row of bodyRows().slice(0, 4)) {
      const active = within(row).queryByText('Active') !== null;
      expect(within(row).getByRole('button', { name: /^Edit / })).toBeInTheDocument();
      expect(within(row).queryAllByRole('button', { name: /^(Suspend|Activate|Balance|Delete) / })).toHaveLength(0);
      await user.click(within(row).getByRole('button', { name: /^Actions for / }));
      const menu = screen.getByRole('menu');
      expect(
        within(menu)
          .getAllByRole('menuitem')
          .map((item) => item.textContent),
      ).toEqual([active ? 'Suspend' : 'Activate', 'Balance', 'Delete']);
      expect(within(menu).getByRole('separator')).toBeInTheDocument();
      await user.keyboard('{Escape}');
    }
  });

  /** The account of the first row, and the path of its actions. */
  const firstRowUser = () => {
    const row = bodyRows()[0]!;
    const account = adminUsers().find((candidate) => within(row).queryByText(candidate.email) !== null)!;
    return { row, account, path: `/api/admin/users/${account.id}` };
  };

  it('suspends an account through the API and says so', async () => {
    const user = userEvent.setup();
    await renderPage('/admin/users?status=active');
    await screen.findByRole('columnheader', { name: 'Actions' });
    const { row, account, path } = firstRowUser();
    api.on(`${path}/suspend`, () => ({ id: account.id, status: 'suspended' }));
    await user.click(within(row).getByRole('button', { name: /^Actions for / }));
    await user.click(screen.getByRole('menuitem', { name: 'Suspend' }));
    // Confirmed first, with a reason the form asks for before anything is sent (decision 048).
    const name = `${account.firstName} ${account.lastName}`;
    const dialog = await screen.findByRole('dialog', { name: `Suspend ${name}?` });
    await user.click(within(dialog).getByRole('button', { name: 'Suspend account' }));
    expect(api.calls).not.toContain(`${path}/suspend`);
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Chargeback under review');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend account' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      `${name} is suspended: the account cannot sign in and its sessions have ended.`,
    );
    const write = api.writes.find((request) => request.path === `${path}/suspend`);
    expect(write?.body).toEqual({ reason: 'Chargeback under review' });
  });

  it('keeps what was typed in Edit and says why the server refused it', async () => {
    const user = userEvent.setup();
    await renderPage();
    await screen.findByRole('columnheader', { name: 'Actions' });
    const { row, account, path } = firstRowUser();
    api.on(path, () => ({ status: 409, body: { error: { code: 'EMAIL_TAKEN', message: 'taken' } } }));
    await user.click(within(row).getByRole('button', { name: /^Edit / }));
    const dialog = await screen.findByRole('dialog', { name: `Edit ${account.firstName} ${account.lastName}` });
    const email = within(dialog).getByRole('textbox', { name: 'E-mail' });
    await user.clear(email);
    await user.type(email, 'not-an-email');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('Invalid email address')).toBeInTheDocument();
    expect(api.calls).not.toContain(path);
    await user.clear(email);
    await user.type(email, 'taken@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('An account with this e-mail already exists');
    expect(email).toHaveValue('taken@example.com');
  });

  it('sends the amount as typed, in dollars: the API converts it to cents once', async () => {
    const user = userEvent.setup();
    await renderPage();
    await screen.findByRole('columnheader', { name: 'Actions' });
    const { row, account, path } = firstRowUser();
    api.on(`${path}/credit`, () => ({ entryId: 'entry-1', balance: { amountMinor: 2550, currency: 'USD' } }));
    await user.click(within(row).getByRole('button', { name: /^Actions for / }));
    await user.click(screen.getByRole('menuitem', { name: 'Balance' }));
    const dialog = await screen.findByRole('dialog', {
      name: `Adjust the balance of ${account.firstName} ${account.lastName}`,
    });
    await user.type(within(dialog).getByRole('textbox', { name: 'Amount, USD' }), '25.50');
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Goodwill for the outage');
    await user.click(within(dialog).getByRole('button', { name: 'Record the entry' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      `Credit was added to the balance of ${account.firstName} ${account.lastName}.`,
    );
    const write = api.writes.find((request) => request.path === `${path}/credit`);
    expect(write?.body).toEqual({ direction: 'add', amount: '25.50', reason: 'Goodwill for the outage' });
  });

  it('shows a support role no change actions', async () => {
    api.on('/api/admin/me/permissions', () => ({
      role: 2,
      permissions: ['overview.read', 'users.read', 'tickets.read'],
    }));
    await renderPage();
    await screen.findByRole('table', { name: 'Users' });
    await waitFor(() => expect(api.calls).toContain('/api/admin/me/permissions'));
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
    expect(screen.queryAllByRole('button', { name: /^(Edit|Suspend|Delete|Balance|Actions for) / })).toHaveLength(0);
  });

  it('asks the server for one page and counts the server’s total', async () => {
    const user = userEvent.setup();
    await renderPage();
    expect(await screen.findByText('Showing 1 to 10 of 312 results')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(10);
    expect(lastUsersCall()).toBe('/api/admin/users?sort=createdAt&order=desc&page=1&pageSize=10');
    await user.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByText('Showing 11 to 20 of 312 results')).toBeInTheDocument();
    expect(lastUsersCall()).toBe('/api/admin/users?sort=createdAt&order=desc&page=2&pageSize=10');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '50');
    expect(await screen.findByText('Showing 1 to 50 of 312 results')).toBeInTheDocument();
  });

  it('searches on the server once typing pauses, and says when nothing matches', async () => {
    const user = userEvent.setup();
    const { router } = await renderPage();
    await screen.findByText('Showing 1 to 10 of 312 results');
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'emma.johnson14@');
    expect(await screen.findByText('Showing 1 to 1 of 1 result')).toBeInTheDocument();
    expect(bodyRows()[0]).toHaveTextContent('Emma Johnson');
    expect(router.state.location.search).toBe('?q=emma.johnson14%40');
    // One call for the whole word, not one per key.
    expect(api.calls.filter((call) => call.includes('q='))).toEqual([
      '/api/admin/users?q=emma.johnson14%40&sort=createdAt&order=desc&page=1&pageSize=10',
    ]);
    await user.clear(screen.getByRole('searchbox', { name: 'Search users' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), '100%_');
    expect(
      await screen.findByText('Nothing matches “100%_”. Check the spelling or search for something shorter.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Showing 0 to 0 of 0 results')).toBeInTheDocument();
  });

  it('reads search, filters, sort, page and size from the URL, as a reload or a shared link does', async () => {
    await renderPage('/admin/users?q=emma&status=active&role=customer&sort=lastSignInAt&dir=asc&size=20&page=2');
    await screen.findByRole('table', { name: 'Users' });
    expect(lastUsersCall()).toBe(
      '/api/admin/users?q=emma&status=active&role=customer&sort=lastSignInAt&order=asc&page=2&pageSize=20',
    );
    expect(screen.getByRole('searchbox', { name: 'Search users' })).toHaveValue('emma');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('active');
    expect(screen.getByRole('combobox', { name: 'Role' })).toHaveValue('customer');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('lastSignInAt:asc');
    expect(screen.getByRole('combobox', { name: 'Rows per page' })).toHaveValue('20');
  });

  it('filters by status on the server and goes back to page 1', async () => {
    const user = userEvent.setup();
    const { router } = await renderPage('/admin/users?page=3');
    await screen.findByText('Showing 21 to 30 of 312 results');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'suspended');
    expect(await screen.findByText(/^Showing 1 to 10 of 4\d results$/)).toBeInTheDocument();
    expect(router.state.location.search).toBe('?status=suspended');
    expect(bodyRows().every((row) => within(row).queryByText('Suspended') !== null)).toBe(true);
  });

  it('shows a translated error with Retry when the list cannot be loaded', async () => {
    const user = userEvent.setup();
    const routes = adminRoutes();
    let fail = true;
    api.on('/api/admin/users', (url) => (fail ? serverError : routes['/api/admin/users']!(url)));
    await renderPage('/admin/users', 'ru');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Что-то пошло не так на нашей стороне. Попробуйте ещё раз.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByText('Показаны 1–10 из 312 результатов')).toBeInTheDocument();
  });

  it('speaks Russian, plural forms included', async () => {
    await renderPage('/admin/users?q=emma.johnson14%40', 'ru');
    expect(await screen.findByText('Показаны 1–1 из 1 результата')).toBeInTheDocument();
    expect(screen.getByText('Администратор')).toBeInTheDocument();
  });

  it('suspends the ticked accounts in bulk with one reason, then reports each refused row in words', async () => {
    const user = userEvent.setup();
    await renderPage('/admin/users?status=active');
    await screen.findByRole('columnheader', { name: 'Actions' });
    const rows = bodyRows().slice(0, 2);
    const accounts = rows.map((row) => adminUsers().find((a) => within(row).queryByText(a.email) !== null)!);
    for (const account of accounts) {
      await user.click(screen.getByRole('checkbox', { name: `Select ${account.firstName} ${account.lastName}` }));
    }
    const bar = screen.getByRole('region', { name: 'Selected rows' });
    expect(bar).toHaveTextContent('2 selected');
    api.on('/api/admin/users/bulk', () => ({
      results: [
        { id: accounts[0]!.id, ok: true },
        { id: accounts[1]!.id, ok: false, error: { code: 'LAST_ADMINISTRATOR', message: 'refused' } },
      ],
    }));
    await user.click(within(bar).getByRole('button', { name: 'Suspend' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend 2 accounts?' });
    await user.click(within(dialog).getByRole('button', { name: 'Suspend (2)' }));
    expect(api.writes.find((w) => w.path === '/api/admin/users/bulk')).toBeUndefined();
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Spam wave');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend (2)' }));
    const report = await screen.findByRole('dialog', { name: 'Bulk action done' });
    expect(report).toHaveTextContent('1 row was done. 1 row was not:');
    expect(report).toHaveTextContent(`${accounts[1]!.firstName} ${accounts[1]!.lastName}:`);
    expect(api.writes.find((w) => w.path === '/api/admin/users/bulk')?.body).toEqual({
      action: 'suspend',
      ids: accounts.map((a) => a.id),
      reason: 'Spam wave',
    });
  });
});
