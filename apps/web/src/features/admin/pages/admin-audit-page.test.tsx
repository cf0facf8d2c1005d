import type { AdminAuditEntry } from '@hostpilot/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminRoutes } from '@/test/api/admin';
import { paged, serveApi, type TestApi } from '@/test/api/http';
import { renderWithRouter } from '@/test/render';
import { AdminAuditPage, auditTargetHref } from './admin-audit-page';

const ENTRIES: AdminAuditEntry[] = [
  {
    id: 'a2',
    actor: { id: 'u1', name: 'Jordan Lee', email: 'admin@example.com' },
    action: 'user.suspend',
    entityType: 'user',
    entityId: 'u9',
    target: { name: 'Ada Lovelace', detail: 'ada@example.com' },
    before: { status: 'active' },
    after: { status: 'suspended', reason: 'Chargeback under review' },
    clientIp: '203.0.113.7',
    createdAt: '2026-11-24T10:00:00.000Z',
  },
  {
    id: 'a1',
    actor: { id: 'u9', name: 'Ada Lovelace', email: 'ada@example.com' },
    action: 'auth.signIn',
    entityType: 'user',
    entityId: 'u9',
    target: { name: 'Ada Lovelace', detail: 'ada@example.com' },
    before: null,
    after: { method: 'password' },
    clientIp: '198.51.100.9',
    createdAt: '2026-11-24T09:00:00.000Z',
  },
];

let api: TestApi;
beforeEach(() => {
  api = serveApi({
    ...adminRoutes(),
    '/api/admin/audit': (url: URL) => {
      const action = url.searchParams.get('action');
      return paged(
        ENTRIES.filter((entry) => !action || entry.action === action),
        url,
      );
    },
  });
});

const renderPage = (path = '/admin/audit', language: 'en' | 'ru' = 'en') =>
  renderWithRouter(<AdminAuditPage />, { path, namespaces: ['admin'], language });

describe('audit log', () => {
  it('lists who did what, before and after, from where', async () => {
    await renderPage();
    const table = await screen.findByRole('table', { name: 'Audit log' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Account suspended');
    expect(rows[0]).toHaveTextContent('admin@example.com');
    expect(rows[0]).toHaveTextContent('Before: status: Active');
    expect(rows[0]).not.toHaveTextContent('u9');
    expect(within(rows[0]!).getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute(
      'href',
      '/admin/users?q=ada%40example.com',
    );
    expect(rows[0]).toHaveTextContent('After: status: Suspended, reason: Chargeback under review');
    expect(rows[0]).toHaveTextContent('203.0.113.7');
    expect(rows[1]).toHaveTextContent('Signed in');
  });

  it('filters by action and days on the server, keeping them in the URL', async () => {
    const user = userEvent.setup();
    const { router } = await renderPage();
    await screen.findByRole('table', { name: 'Audit log' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'Account suspended');
    expect(await screen.findByText('Showing 1 to 1 of 1 result')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?action=user.suspend');
    await renderPage('/admin/audit?from=2026-11-01&to=2026-11-24&action=auth.signIn');
    expect(api.calls.at(-1)).toBe(
      '/api/admin/audit?action=auth.signIn&from=2026-11-01&to=2026-11-24&sort=createdAt&order=desc&page=1&pageSize=10',
    );
  });

  it('speaks Russian', async () => {
    await renderPage('/admin/audit', 'ru');
    expect(await screen.findByRole('heading', { name: 'Журнал аудита' })).toBeInTheDocument();
    expect(screen.getByText('Учётная запись заблокирована')).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Журнал аудита' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('Учётная запись: Ada Lovelace');
    expect(row).toHaveTextContent('статус: Приостановлен');
  });

  it('links each kind of record to where it is seen', () => {
    const entry = (entityType: string, name: string, detail: string | null = null): AdminAuditEntry => ({
      ...ENTRIES[0]!,
      entityType,
      entityId: 'x1',
      target: { name, detail },
    });
    expect(auditTargetHref(entry('service', 'shop.example'))).toBe('/admin/hosting?q=shop.example');
    expect(auditTargetHref(entry('payment', 'INV-2026-0001'))).toBe('/admin/billing?q=INV-2026-0001');
    expect(auditTargetHref(entry('order', 'ORD-2026-0002'))).toBe('/admin/orders?q=ORD-2026-0002');
    expect(auditTargetHref(entry('ticket', 'TCK-1001', 'Help'))).toBe('/admin/support/x1');
    expect(auditTargetHref({ ...entry('settings', 'x'), target: null })).toBeUndefined();
  });
});
