import { permissionsOf, SUPPORT_ROLE } from '@hostpilot/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminRoutes, SERVERS } from '@/test/api/admin';
import { serveApi, type TestApi } from '@/test/api/http';
import { renderWithRouter } from '@/test/render';
import { AdminServersPage } from './admin-servers-page';

let api: TestApi;
beforeEach(() => {
  api = serveApi(adminRoutes());
});

const renderPage = (language: 'en' | 'ru' = 'en') =>
  renderWithRouter(<AdminServersPage />, { path: '/admin/servers', namespaces: ['admin'], language });
const card = (name: string) => screen.getByRole('article', { name });
const conflict = (field: string, code: string) => ({
  status: 409,
  body: { error: { code: 'INVALID_STATE', message: 'refused', fields: { [field]: { code, message: 'refused' } } } },
});

describe('servers', () => {
  it('adds a server: checks the form like the API, shows the API’s refusal beside its field, keeps what was typed', async () => {
    const user = userEvent.setup();
    await renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add New Server' }));
    const dialog = screen.getByRole('dialog', { name: 'Add New Server' });
    await user.click(within(dialog).getByRole('button', { name: 'Add server' }));
    expect(within(dialog).getByLabelText('Name')).toHaveAccessibleDescription(
      'Use 1 to 64 letters, digits, dots, hyphens or underscores',
    );
    expect(within(dialog).getByLabelText('Data centre')).toHaveAccessibleDescription('Choose a data centre');
    expect(within(dialog).getByLabelText('Capacity')).toHaveAccessibleDescription('Enter a whole number of 1 or more');
    expect(api.writes).toEqual([]);

    await user.type(within(dialog).getByLabelText('Name'), 'web-01.nyc');
    await user.type(within(dialog).getByLabelText('Address'), '203.0.113.5');
    await user.selectOptions(within(dialog).getByLabelText('Data centre'), 'London');
    await user.selectOptions(within(dialog).getByLabelText('Type'), 'VDS');
    await user.type(within(dialog).getByLabelText('Capacity'), '40');
    await user.type(within(dialog).getByLabelText('CPU model'), 'AMD EPYC 7443P');
    await user.type(within(dialog).getByLabelText('CPU cores'), '24');
    await user.type(within(dialog).getByLabelText('RAM, GB'), '128');
    await user.type(within(dialog).getByLabelText('Storage, GB'), '3840');
    await user.type(within(dialog).getByLabelText('Bandwidth, Gbit/s'), '10');
    api.on('/api/admin/servers', (_url, request) =>
      request?.method === 'POST' ? conflict('name', 'validation.serverNameTaken') : { items: [], total: 0 },
    );
    await user.click(within(dialog).getByRole('button', { name: 'Add server' }));
    expect(await within(dialog).findByText('Another server already has this name')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Name')).toHaveValue('web-01.nyc');
    expect(api.writes.at(-1)).toMatchObject({
      method: 'POST',
      path: '/api/admin/servers',
      body: {
        name: 'web-01.nyc',
        location: 'london',
        type: 'vds',
        ip: '203.0.113.5',
        capacity: 40,
        specs: { cpuModel: 'AMD EPYC 7443P', cpuCores: 24, ramGb: 128, storageGb: 3840, bandwidthGbps: 10 },
      },
    });

    api.on('/api/admin/servers', (_url, request) =>
      request?.method === 'POST' ? { status: 201, body: { ...SERVERS[0], name: 'web-09.lon' } } : [],
    );
    await user.clear(within(dialog).getByLabelText('Name'));
    await user.type(within(dialog).getByLabelText('Name'), 'web-09.lon');
    await user.click(within(dialog).getByRole('button', { name: 'Add server' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Server web-09.lon added.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('edits a server from its values and refuses a capacity below the services placed', async () => {
    const user = userEvent.setup();
    await renderPage();
    await user.click(
      await within(await screen.findByRole('article', { name: 'web-01.nyc' })).findByRole('button', {
        name: 'Edit web-01.nyc',
      }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Edit web-01.nyc' });
    expect(within(dialog).getByLabelText('Address')).toHaveValue('192.0.2.10');
    expect(within(dialog).getByLabelText('Data centre')).toHaveValue('new-york');
    api.on('/api/admin/servers/s1', () => conflict('capacity', 'validation.capacityBelowServices'));
    await user.clear(within(dialog).getByLabelText('Capacity'));
    await user.type(within(dialog).getByLabelText('Capacity'), '100');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(
      await within(dialog).findByText('Capacity cannot be below the services placed on this server'),
    ).toBeInTheDocument();
    expect(api.writes.at(-1)).toMatchObject({
      method: 'PATCH',
      path: '/api/admin/servers/s1',
      body: { capacity: 100 },
    });
  });

  it('deletes after a confirmation, and says why a server with services is refused', async () => {
    const user = userEvent.setup();
    await renderPage();
    await user.click(
      await within(await screen.findByRole('article', { name: 'web-03.fra' })).findByRole('button', {
        name: 'Delete web-03.fra',
      }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Delete web-03.fra?' });
    api.on('/api/admin/servers/s2', () => conflict('services', 'validation.serverHasServices'));
    await user.click(within(dialog).getByRole('button', { name: 'Delete server' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Services still run on this server; move or cancel them first',
    );
    api.on('/api/admin/servers/s2', () => ({ status: 204 }));
    await user.click(within(dialog).getByRole('button', { name: 'Delete server' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Server web-03.fra deleted.');
    expect(api.writes.map((write) => `${write.method} ${write.path}`)).toEqual([
      'DELETE /api/admin/servers/s2',
      'DELETE /api/admin/servers/s2',
    ]);
  });

  it('switches maintenance mode', async () => {
    const user = userEvent.setup();
    await renderPage();
    api.on('/api/admin/servers/s1/maintenance', () => ({ ...SERVERS[0], status: 'maintenance' }));
    const toggle = await within(await screen.findByRole('article', { name: 'web-01.nyc' })).findByRole('switch', {
      name: 'Maintenance mode of web-01.nyc',
    });
    expect(toggle).not.toBeChecked();
    expect(within(card('web-03.fra')).getByRole('switch')).toBeChecked();
    await user.click(toggle);
    expect(await screen.findByRole('status')).toHaveTextContent('web-01.nyc is in maintenance');
    expect(api.writes).toEqual([
      expect.objectContaining({
        method: 'PUT',
        path: '/api/admin/servers/s1/maintenance',
        body: { maintenance: true },
      }),
    ]);
  });

  it('hides Add, Edit, Delete and maintenance from a role without servers.write, in Russian too', async () => {
    api.on('/api/admin/me/permissions', () => ({ role: SUPPORT_ROLE, permissions: permissionsOf(SUPPORT_ROLE) }));
    await renderPage('ru');
    const server = await screen.findByRole('article', { name: 'web-01.nyc' });
    expect(within(server).getByRole('button', { name: /Мониторинг|Monitor/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Добавить сервер' })).not.toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(within(server).getAllByRole('button')).toHaveLength(1);
  });

  it('alerts, in words and a badge, on a server over its limits, in both languages', async () => {
    const over = {
      ...SERVERS[0]!,
      id: 's9',
      name: 'ded-01.lon',
      capacity: 1,
      services: 37,
      load: { ...SERVERS[0]!.load!, cpuPercent: 100, memoryPercent: 60 },
    };
    api.on('/api/admin/servers', () => ({
      items: [over, SERVERS[1]],
      total: 2,
      page: 1,
      pageSize: 10,
      summary: { totalServers: 2, activeServices: 126, totalStorageGb: 10240, totalRamGb: 320 },
    }));
    await renderPage();
    const alerted = await screen.findByRole('article', { name: 'ded-01.lon' });
    expect(within(alerted).getByText('Over limits')).toBeInTheDocument();
    expect(alerted).toHaveAccessibleDescription(
      'This server is over its limits 37 services placed on a server for 1 CPU at 100% (limit 90%)',
    );
    expect(within(card('web-03.fra')).queryByText('Over limits')).not.toBeInTheDocument();

    await renderPage('ru');
    const ru = (await screen.findAllByRole('article', { name: 'ded-01.lon' })).at(-1)!;
    expect(within(ru).getByText('Превышены лимиты')).toBeInTheDocument();
    expect(ru).toHaveTextContent('Размещено услуг: 37, вместимость сервера: 1');
    expect(ru).toHaveTextContent(/Процессор: 100\s%\s\(лимит 90\s%\)/);
  });
});
