import type { HostingDatabases } from '@hostpilot/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { customerRoutes, HOSTING } from '@/test/api/customer';
import { serveApi, type TestApi, type TestRequest } from '@/test/api/http';
import { renderWithRouter } from '@/test/render';
import { resetSession } from '@/test/session';
import { DashboardDatabasesPage } from './dashboard-databases-page';
import { DashboardHostingPanelPage } from './dashboard-hosting-panel-page';

const ns = { namespaces: ['dashboard'] };
const PASSWORD = 'Abc123_xyzXYZ-987654321q';

let api: TestApi;
let listing: HostingDatabases;
beforeEach(() => {
  listing = { databases: [], limit: 1, prefix: 'hp0123456789_', host: '127.0.0.1', port: 3306 };
  api = serveApi({
    ...customerRoutes(),
    '/api/hosting/h1': () => HOSTING[0],
    '/api/hosting/h1/databases': (_url: URL, request?: TestRequest) => {
      if (request?.method === 'POST') {
        const name = `${listing.prefix}${(request.body as { name: string }).name}`;
        listing = { ...listing, databases: [{ name, user: name }] };
        return { status: 201, body: { name, user: name, password: PASSWORD, host: '127.0.0.1', port: 3306 } };
      }
      return listing;
    },
  });
});
afterEach(async () => {
  await resetSession();
});

const open = (Page: () => React.JSX.Element, path: string, language: 'en' | 'ru' = 'en') =>
  renderWithRouter(<Page />, {
    ...ns,
    language,
    route: `/dashboard/services/:id/${path}`,
    path: `/dashboard/services/h1/${path}`,
  });

describe('a hosting service’s control panel', () => {
  it('shows the site, its usage, databases, files, certificate, and says e-mail is not built', async () => {
    await open(DashboardHostingPanelPage, 'panel');
    expect(await screen.findByRole('heading', { level: 1, name: 'mysite.com' })).toBeVisible();
    const site = within(screen.getByRole('region', { name: 'Website' }));
    expect(site.getByRole('link', { name: /http:\/\/mysite\.com\// })).toHaveAttribute('target', '_blank');
    expect(site.getByText('www.mysite.com')).toBeVisible();
    expect(screen.getByRole('meter', { name: 'Storage' })).toBeVisible();
    const databases = within(screen.getByRole('region', { name: 'Databases' }));
    expect(await databases.findByText('0 of 1 databases used')).toBeVisible();
    expect(databases.getByRole('link', { name: 'Manage databases' })).toHaveAttribute(
      'href',
      '/dashboard/services/h1/databases',
    );
    expect(within(screen.getByRole('region', { name: 'Files' })).getByRole('link')).toHaveAttribute(
      'href',
      '/dashboard/services/h1/files',
    );
    expect(within(screen.getByRole('region', { name: 'SSL certificate' })).getByRole('link')).toHaveAttribute(
      'href',
      '/dashboard/services/h1/certificate',
    );
    const email = within(screen.getByRole('region', { name: 'E-mail' }));
    expect(email.getByText(/Business e-mail is not available yet/)).toBeVisible();
    expect(email.queryByRole('button')).toBeNull();
  });

  it('says a site being set up opens its databases later, without an error', async () => {
    api.on('/api/hosting/h1', () => ({ ...HOSTING[0], status: 'pending' }));
    await open(DashboardHostingPanelPage, 'panel', 'ru');
    expect(await screen.findByText('Сайт настраивается на наших серверах', { exact: false })).toBeVisible();
    expect(screen.getByText('Базы данных можно создать, когда сайт заработает.')).toBeVisible();
    expect(api.calls.some((call) => call.startsWith('/api/hosting/h1/databases'))).toBe(false);
  });

  it('shows another account’s service as not found', async () => {
    api.on('/api/hosting/h1', () => ({ status: 404, body: { error: { code: 'NOT_FOUND', message: 'Not found' } } }));
    await open(DashboardHostingPanelPage, 'panel');
    expect(await screen.findByText('No such hosting service')).toBeVisible();
  });
});

describe('a hosting site’s databases', () => {
  it('checks the name as typed, creates the database, shows the password once, then the plan’s limit', async () => {
    const user = userEvent.setup();
    await open(DashboardDatabasesPage, 'databases');
    expect(await screen.findByText('No databases yet')).toBeVisible();
    expect(screen.getByText('hp0123456789_')).toBeVisible();

    const name = screen.getByLabelText('Database name');
    await user.type(name, 'My-Shop');
    await user.click(screen.getByRole('button', { name: 'Create database' }));
    expect(name).toHaveAccessibleDescription('Use 1 to 16 lower-case letters, digits or underscores (_)');
    expect(api.writes).toEqual([]);

    await user.clear(name);
    await user.type(name, 'shop');
    await user.click(screen.getByRole('button', { name: 'Create database' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Database created' }));
    expect(dialog.getByText(PASSWORD)).toBeVisible();
    expect(dialog.getByText(/It will not be shown again/)).toBeVisible();
    expect(dialog.getAllByText('hp0123456789_shop')).toHaveLength(2);
    expect(api.writes).toEqual([expect.objectContaining({ method: 'POST', body: { name: 'shop' } })]);

    await user.click(dialog.getByRole('button', { name: "I've saved it" }));
    await waitFor(() => expect(screen.queryByText(PASSWORD)).toBeNull());
    const list = within(screen.getByRole('list', { name: 'Your databases' }));
    expect(list.getByRole('button', { name: 'Reset password hp0123456789_shop' })).toBeVisible();
    expect(list.getByRole('button', { name: 'Delete hp0123456789_shop' })).toBeVisible();
    // One of one used: the form gives way to the plan's limit.
    expect(await screen.findByText(/Your plan allows 1 database and it is in use/)).toBeVisible();
    expect(screen.queryByLabelText('Database name')).toBeNull();
  });

  it('shows the API’s refusal on the name, and asks before deleting', async () => {
    const user = userEvent.setup();
    listing = { ...listing, limit: 10, databases: [{ name: 'hp0123456789_old', user: 'hp0123456789_old' }] };
    api.on('/api/hosting/h1/databases', (_url, request) =>
      request?.method === 'POST'
        ? {
            status: 400,
            body: {
              error: {
                code: 'VALIDATION_FAILED',
                message: 'x',
                fields: { name: { code: 'validation.databaseExists', message: 'taken' } },
              },
            },
          }
        : listing,
    );
    api.on('/api/hosting/h1/databases/hp0123456789_old', () => ({ name: 'hp0123456789_old', deleted: true }));
    await open(DashboardDatabasesPage, 'databases', 'ru');
    const name = await screen.findByLabelText('Имя базы данных');
    await user.type(name, 'old');
    await user.click(screen.getByRole('button', { name: 'Создать базу данных' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription('У сайта уже есть база данных с таким именем'));

    await user.click(screen.getByRole('button', { name: 'Удалить hp0123456789_old' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Удалить базу данных?' }));
    expect(api.writes.filter((w) => w.method === 'DELETE')).toEqual([]);
    await user.click(confirm.getByRole('button', { name: 'Удалить базу данных' }));
    await waitFor(() =>
      expect(api.writes.filter((w) => w.method === 'DELETE').map((w) => w.path)).toEqual([
        '/api/hosting/h1/databases/hp0123456789_old',
      ]),
    );
  });
});
