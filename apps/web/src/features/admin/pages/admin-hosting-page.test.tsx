import { permissionsOf, SUPPORT_ROLE } from '@hostpilot/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminHosting, adminRoutes } from '@/test/api/admin';
import { serveApi, type TestApi } from '@/test/api/http';
import { renderWithRouter } from '@/test/render';
import { AdminHostingPage } from './admin-hosting-page';

const renderPage = (language: 'en' | 'ru' = 'en') =>
  renderWithRouter(<AdminHostingPage />, { path: '/admin/hosting', namespaces: ['admin'], language });

const bodyRows = () =>
  within(screen.getByRole('table', { name: 'Hosting services' }))
    .getAllByRole('row')
    .slice(1);

let api: TestApi;
const PLACEMENT = {
  servers: [
    { id: 's1', name: 'web-01.fra', location: 'frankfurt', capacity: 10, services: 4, free: 6 },
    { id: 's2', name: 'web-02.fra', location: 'frankfurt', capacity: 5, services: 5, free: 0 },
  ],
};
const refusal = (status: number, field: string, code: string) => ({
  status,
  body: { error: { code: 'VALIDATION_FAILED', message: code, fields: { [field]: { code, message: code } } } },
});

beforeEach(() => {
  api = serveApi({ ...adminRoutes(), '/api/admin/services/placement': () => PLACEMENT });
});

describe('hosting management', () => {
  it('has the columns, the search box with its placeholder, the filter, the sort, Export and Add New Hosting', async () => {
    await renderPage();
    await screen.findByRole('table', { name: 'Hosting services' });
    expect(screen.getByRole('heading', { level: 1, name: 'Hosting Management' })).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(['Service Details', 'Server', 'Status', 'Usage', 'Actions']);
    expect(screen.getByRole('searchbox', { name: 'Search hosting services' })).toHaveAttribute(
      'placeholder',
      'Search hosting services...',
    );
    for (const name of ['Export', 'Add New Hosting']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('combobox', { name: 'Status' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toBeInTheDocument();
    expect(screen.getAllByText('Business Plan').length).toBeGreaterThan(0);
  });

  it('offers Suspend on active rows and Activate on the others', async () => {
    await renderPage();
    await screen.findByRole('table', { name: 'Hosting services' });
    const rows = bodyRows();
    expect(rows).toHaveLength(10);
    let active = 0;
    for (const row of rows) {
      const isActive = within(row).queryByText('Active', { selector: 'span' }) !== null;
      if (isActive) active += 1;
      expect(within(row).queryAllByRole('button', { name: /^Suspend / })).toHaveLength(isActive ? 1 : 0);
      expect(within(row).queryAllByRole('button', { name: /^Activate / })).toHaveLength(isActive ? 0 : 1);
      expect(within(row).getByRole('button', { name: /^Edit / })).toBeInTheDocument();
      expect(within(row).getByRole('button', { name: /^Delete / })).toBeInTheDocument();
      expect(within(row).getAllByRole('meter')).toHaveLength(2);
    }
    expect(active).toBeGreaterThan(0);
    expect(active).toBeLessThan(rows.length);
  });

  it('pages with Next and Previous and changes the page size, on the server', async () => {
    const user = userEvent.setup();
    await renderPage();
    expect(await screen.findByText('Showing 1 to 10 of 24 results')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Previous/ })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByText('Showing 11 to 20 of 24 results')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(10);
    await user.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByText('Showing 21 to 24 of 24 results')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Next/ })).toBeDisabled();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '50');
    expect(await screen.findByText('Showing 1 to 24 of 24 results')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(24);
  });

  it('searches on the server, and says when nothing matches', async () => {
    const user = userEvent.setup();
    await renderPage();
    await screen.findByText('Showing 1 to 10 of 24 results');

    await user.type(screen.getByRole('searchbox', { name: 'Search hosting services' }), 'techstartup');
    expect(await screen.findByText('Showing 1 to 1 of 1 result')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(1);
    expect(screen.getByRole('rowheader', { name: /techstartup\.io/ })).toBeInTheDocument();

    await user.clear(screen.getByRole('searchbox', { name: 'Search hosting services' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search hosting services' }), 'zzz');
    expect(
      await screen.findByText('Nothing matches “zzz”. Check the spelling or search for something shorter.'),
    ).toBeInTheDocument();
  });

  it('asks for the domain before deleting a service, with a translated message for a wrong one', async () => {
    const user = userEvent.setup();
    await renderPage();
    await screen.findByRole('table', { name: 'Hosting services' });
    const first = bodyRows()[0]!;
    const domain = within(first).getByRole('rowheader').querySelector('p')!.textContent!;
    await user.click(within(first).getByRole('button', { name: /^Delete / }));
    const dialog = screen.getByRole('dialog', { name: `Delete ${domain}` });
    await user.type(within(dialog).getByLabelText(`Type ${domain} to confirm`), 'wrong.example');
    await user.click(within(dialog).getByRole('button', { name: 'Delete service' }));
    expect(await within(dialog).findByText("Type the service's domain exactly to confirm")).toBeInTheDocument();
    expect(within(dialog).getByLabelText(`Type ${domain} to confirm`)).toHaveValue('wrong.example');
  });

  it('adds hosting for a customer on a server with free slots; refusals appear beside their field', async () => {
    const user = userEvent.setup();
    await renderPage();
    await screen.findByRole('table', { name: 'Hosting services' });
    await user.click(screen.getByRole('button', { name: 'Add New Hosting' }));
    const dialog = screen.getByRole('dialog', { name: 'Add New Hosting' });
    const server = await within(dialog).findByLabelText('Server');
    expect(within(server).getByRole('option', { name: /web-02\.fra, Frankfurt: 0 of 5/ })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Add hosting' }));
    expect(await within(dialog).findByText('Choose a server')).toBeInTheDocument();
    expect(api.writes).toEqual([]);

    await user.type(within(dialog).getByLabelText('Customer e-mail'), 'ana@example.com');
    await user.selectOptions(within(dialog).getByLabelText('Plan'), 'business');
    await user.selectOptions(within(dialog).getByLabelText('Billing period'), '6');
    await user.type(within(dialog).getByLabelText('Domain'), 'ana-shop.com');
    await user.selectOptions(server, 's1');
    api.on('/api/admin/services', (_url, request) =>
      request?.method === 'POST' ? refusal(400, 'ownerEmail', 'validation.hostingOwner') : { items: [], total: 0 },
    );
    await user.click(within(dialog).getByRole('button', { name: 'Add hosting' }));
    expect(await within(dialog).findByText('No active customer account has this e-mail address')).toBeInTheDocument();
    expect(api.writes.at(-1)).toMatchObject({
      method: 'POST',
      path: '/api/admin/services',
      body: { ownerEmail: 'ana@example.com', planId: 'business', months: 6, domain: 'ana-shop.com', serverId: 's1' },
    });

    api.on('/api/admin/services', (_url, request) =>
      request?.method === 'POST'
        ? { status: 201, body: { ...adminHosting(1)[0]!, domain: 'ana-shop.com' } }
        : { items: [], total: 0 },
    );
    await user.click(within(dialog).getByRole('button', { name: 'Add hosting' }));
    expect(await screen.findByText('Hosting for ana-shop.com was added.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('edits plan, server and expiry from the state it shows, and shows a full server or a changed service', async () => {
    const user = userEvent.setup();
    await renderPage();
    await screen.findByRole('table', { name: 'Hosting services' });
    const first = bodyRows()[0]!;
    const domain = within(first).getByRole('rowheader').querySelector('p')!.textContent!;
    await user.click(within(first).getByRole('button', { name: /^Edit / }));
    const dialog = screen.getByRole('dialog', { name: `Edit ${domain}` });
    expect(within(dialog).getByLabelText('Plan')).toHaveValue('starter');
    expect(await within(dialog).findByLabelText('Server')).toHaveValue('s1');
    expect(within(dialog).getByLabelText('Expiry date')).toHaveValue('2027-01-01');
    await user.selectOptions(within(dialog).getByLabelText('Plan'), 'enterprise');
    await user.clear(within(dialog).getByLabelText('Expiry date'));
    await user.type(within(dialog).getByLabelText('Expiry date'), '2030-05-17');
    api.on('/api/admin/services/h1', () => refusal(409, 'serverId', 'validation.serverFull'));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('This server has no free slot left; choose another')).toBeInTheDocument();
    expect(api.writes.at(-1)).toMatchObject({
      method: 'PATCH',
      path: '/api/admin/services/h1',
      body: {
        planId: 'enterprise',
        serverId: 's1',
        expiresOn: '2030-05-17',
        unchangedSince: adminHosting(1)[0]!.updatedAt,
      },
    });

    // Someone else saved this service since the list was read: said above the form, nothing typed is lost.
    api.on('/api/admin/services/h1', () => refusal(409, 'service', 'validation.serviceChanged'));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(
      await within(dialog).findByText('The service was changed by someone else meanwhile; check it and try again'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Expiry date')).toHaveValue('2030-05-17');
  });

  it('hides Add New Hosting, Edit, Suspend and Delete from a role without hosting.write', async () => {
    api.on('/api/admin/me/permissions', () => ({ role: SUPPORT_ROLE, permissions: permissionsOf(SUPPORT_ROLE) }));
    await renderPage();
    await screen.findByRole('table', { name: 'Hosting services' });
    const first = bodyRows()[0]!;
    expect(within(first).getByRole('button', { name: /^History / })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add New Hosting' })).not.toBeInTheDocument();
    expect(screen.queryAllByRole('button', { name: /^(Edit|Suspend|Activate|Delete) / })).toEqual([]);
  });

  it('speaks Russian', async () => {
    await renderPage('ru');
    expect(screen.getByRole('heading', { level: 1, name: 'Управление хостингом' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Поиск услуг хостинга' })).toHaveAttribute(
      'placeholder',
      'Поиск услуг хостинга...',
    );
    expect(await screen.findByText('Показаны 1–10 из 24 результатов')).toBeInTheDocument();
  });
});
