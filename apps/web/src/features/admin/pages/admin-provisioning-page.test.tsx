import type { AdminProvisioningTask } from '@hostpilot/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminRoutes } from '@/test/api/admin';
import { paged, serveApi, type TestApi } from '@/test/api/http';
import { renderWithRouter } from '@/test/render';
import { AdminProvisioningPage } from './admin-provisioning-page';

const TASKS: AdminProvisioningTask[] = [
  {
    id: 't2',
    resource: { type: 'domain', id: 'd1', name: 'mysite.com' },
    owner: { id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com' },
    driverType: 'powerdns',
    operation: 'update',
    status: 'failed',
    server: { id: 's1', name: 'dns-01' },
    attempts: 5,
    maxAttempts: 5,
    nextAttemptAt: null,
    waitReason: null,
    error: { code: 'unreachable', message: 'connection refused' },
    createdAt: '2026-11-26T10:00:00.000Z',
    updatedAt: '2026-11-26T11:00:00.000Z',
    finishedAt: null,
  },
  {
    id: 't1',
    resource: { type: 'service', id: 'h1', name: 'Starter Hosting' },
    owner: { id: 'u2', name: 'Grace Hopper', email: 'grace@example.com' },
    driverType: 'web-node',
    operation: 'create',
    status: 'done',
    server: { id: 's2', name: 'web-01' },
    attempts: 1,
    maxAttempts: 5,
    nextAttemptAt: null,
    waitReason: null,
    error: null,
    createdAt: '2026-11-26T09:00:00.000Z',
    updatedAt: '2026-11-26T09:00:01.000Z',
    finishedAt: '2026-11-26T09:00:01.000Z',
  },
];

let api: TestApi;
beforeEach(() => {
  api = serveApi({
    ...adminRoutes(),
    '/api/admin/provisioning': (url: URL) => {
      const status = url.searchParams.get('status');
      const rows = TASKS.filter((task) => !status || task.status === status);
      return {
        ...paged(rows, url),
        counts: { pending: 0, running: 0, failed: 1, done: 1, cancelled: 0 },
      };
    },
    '/api/admin/provisioning/t2/retry': { status: 204 },
  });
});

const renderPage = (path = '/admin/provisioning', language: 'en' | 'ru' = 'en') =>
  renderWithRouter(<AdminProvisioningPage />, { path, namespaces: ['admin'], language });

describe('provisioning page', () => {
  it("lists tasks with the driver's error, and Retry posts for a failed one", async () => {
    await renderPage();
    const table = await screen.findByRole('table', { name: 'Provisioning tasks' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('mysite.com');
    expect(rows[0]).toHaveTextContent('Publish changes');
    expect(rows[0]).toHaveTextContent('connection refused');
    expect(rows[0]).toHaveTextContent('5 of 5 tries');
    expect(within(rows[1]!).queryByRole('button', { name: /Retry/ })).toBeNull();
    await userEvent.click(within(rows[0]!).getByRole('button', { name: 'Retry mysite.com' }));
    expect(api.writes.map((w) => `${w.method} ${w.path}`)).toEqual(['POST /api/admin/provisioning/t2/retry']);
  });

  it('narrows to one resource from a link, in Russian', async () => {
    await renderPage('/admin/provisioning?resourceType=domain&resourceId=d1', 'ru');
    await screen.findByRole('table', { name: 'Задачи развёртывания' });
    expect(api.calls.some((call) => call.includes('resourceId=d1') && call.includes('resourceType=domain'))).toBe(true);
    expect(screen.getByText('Показаны задачи одного сервера, клиента, услуги или домена.')).toBeInTheDocument();
    expect(screen.getByText('5 попыток из 5')).toBeInTheDocument();
  });
});
