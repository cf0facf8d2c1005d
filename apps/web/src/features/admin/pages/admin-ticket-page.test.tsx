import { ADMIN_ROLE, type AdminTicketDetail, BILLING_ROLE, permissionsOf, SUPPORT_ROLE } from '@hostpilot/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { serveApi, type TestRequest } from '@/test/api/http';
import { renderWithRouter } from '@/test/render';
import { AdminTicketPage } from './admin-ticket-page';

const TICKET: AdminTicketDetail = {
  id: 't-1',
  number: 'TCK-1042',
  subject: 'Site is down',
  department: 'technical',
  priority: 'high',
  status: 'open',
  createdAt: '2026-11-24T10:00:00.000Z',
  updatedAt: '2026-11-24T10:00:00.000Z',
  customer: { id: 'c-1', name: 'Ada Lovelace', email: 'ada@example.com' },
  guest: null,
  assignee: null,
  messages: [
    {
      id: 'm-1',
      authorKind: 'customer',
      authorName: 'Ada Lovelace',
      authorFullName: 'Ada Lovelace',
      body: 'My site answers 502.',
      createdAt: '2026-11-24T10:00:00.000Z',
    },
  ],
};
const STAFF = [{ id: 's-1', name: 'Sam Support', email: 'sam@example.com' }];

const renderPage = (language: 'en' | 'ru' = 'en') =>
  renderWithRouter(<AdminTicketPage />, {
    path: '/admin/support/t-1',
    route: '/admin/support/:id',
    namespaces: ['admin'],
    language,
  });

describe('the admin ticket page', () => {
  it('answers: a too-short answer is refused in place and kept; a good one is sent and shown', async () => {
    const api = serveApi({
      '/api/admin/me/permissions': { role: SUPPORT_ROLE, permissions: permissionsOf(SUPPORT_ROLE) },
      '/api/admin/tickets/t-1': TICKET,
      '/api/admin/tickets/assignees': { items: STAFF },
      '/api/admin/tickets/t-1/messages': (_url: URL, request?: TestRequest) => ({
        ...TICKET,
        status: 'answered',
        messages: [
          ...TICKET.messages,
          {
            id: 'm-2',
            authorKind: 'staff',
            authorName: 'Sam',
            authorFullName: 'Sam Support',
            body: (request!.body as { message: string }).message,
            createdAt: '2026-11-24T11:00:00.000Z',
          },
        ],
      }),
    });
    const user = userEvent.setup();
    await renderPage();
    const box = await screen.findByRole('textbox', { name: 'Your answer' });
    await user.type(box, 'Hi');
    await user.click(screen.getByRole('button', { name: 'Send answer' }));
    expect(await screen.findByText('Must be at least 10 characters')).toBeInTheDocument();
    expect(box).toHaveValue('Hi');
    expect(api.writes).toHaveLength(0);

    await user.type(box, ', we restarted the workers.');
    await user.click(screen.getByRole('button', { name: 'Send answer' }));
    expect(await screen.findByText('The answer was sent.')).toBeInTheDocument();
    expect(screen.getByText('Hi, we restarted the workers.')).toBeInTheDocument();
    expect(api.writes[0]).toMatchObject({ method: 'POST', body: { message: 'Hi, we restarted the workers.' } });
  });

  it('assigns and re-prioritises, and says why the server refused, in Russian', async () => {
    const api = serveApi({
      '/api/admin/me/permissions': { role: ADMIN_ROLE, permissions: permissionsOf(ADMIN_ROLE) },
      '/api/admin/tickets/t-1': (_url: URL, request?: TestRequest) =>
        request?.method === 'PATCH'
          ? {
              status: 400,
              body: {
                error: {
                  code: 'VALIDATION_FAILED',
                  message: 'x',
                  fields: { assigneeId: { code: 'validation.assignee', message: 'x' } },
                },
              },
            }
          : TICKET,
      '/api/admin/tickets/assignees': { items: STAFF },
    });
    const user = userEvent.setup();
    await renderPage('ru');
    await screen.findByRole('option', { name: 'Sam Support (sam@example.com)' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Ответственный' }), 's-1');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Приоритет' }), 'urgent');
    await user.click(screen.getByRole('button', { name: 'Сохранить изменения' }));
    expect(
      await screen.findByText('Обращение не изменено. Выберите администратора или сотрудника поддержки'),
    ).toBeInTheDocument();
    expect(api.writes[0]).toMatchObject({ method: 'PATCH', body: { assigneeId: 's-1', priority: 'urgent' } });
  });

  it('a role without tickets.write reads the conversation but gets no answer form', async () => {
    serveApi({
      '/api/admin/me/permissions': { role: BILLING_ROLE, permissions: ['tickets.read'] },
      '/api/admin/tickets/t-1': TICKET,
    });
    await renderPage();
    expect(await screen.findByText('My site answers 502.')).toBeInTheDocument();
    expect(await screen.findByText('Your role can read tickets but not answer or change them.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Your answer' })).not.toBeInTheDocument();
  });
});
