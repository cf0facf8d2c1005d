import type { CustomerDnsRecord, DomainDetail, TicketDetail } from '@hostpilot/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { customerRoutes, DOMAINS, TICKETS } from '@/test/api/customer';
import { serveApi, type TestApi } from '@/test/api/http';
import { renderWithRouter } from '@/test/render';
import { resetSession } from '@/test/session';
import { DashboardArticlePage } from './dashboard-article-page';
import { DashboardDomainPage } from './dashboard-domain-page';
import { DashboardTicketPage } from './dashboard-ticket-page';

const ns = { namespaces: ['dashboard'] };
const RECORDS: CustomerDnsRecord[] = [
  { id: 'r1', type: 'A', name: '@', value: '198.51.100.13', ttl: 3600, priority: null, published: true },
  { id: 'r2', type: 'MX', name: '@', value: 'mail.mysite.com', ttl: 3600, priority: 10, published: false },
];
const DS = { keyTag: 41297, algorithm: 13, digestType: 2, digest: 'F3E9C2A1'.repeat(8) };
const domain = (): DomainDetail => ({ ...DOMAINS[0]!, dnsRecords: RECORDS, zoneInUse: true, dsRecords: [DS] });

let api: TestApi;
beforeEach(() => {
  api = serveApi({ ...customerRoutes(), '/api/domains/d1': () => domain() });
});
afterEach(async () => {
  await resetSession();
});

describe('a domain’s page', () => {
  const open = () =>
    renderWithRouter(<DashboardDomainPage />, {
      ...ns,
      route: '/dashboard/domains/:id',
      path: '/dashboard/domains/d1',
    });

  it('asks for a priority only for MX and SRV, checks the value by type, and shows the server’s CNAME refusal', async () => {
    const user = userEvent.setup();
    api.on('/api/domains/d1/dns-records', () => ({
      status: 409,
      body: {
        error: {
          code: 'DNS_CONFLICT',
          message: 'conflict',
          fields: { name: { code: 'validation.cnameConflict', message: 'A CNAME cannot share its name' } },
        },
      },
    }));
    await open();
    expect(await screen.findByRole('heading', { level: 1, name: 'mysite.com' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Add record' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add a DNS record' }));
    expect(dialog.queryByLabelText('Priority')).not.toBeInTheDocument();
    await user.type(dialog.getByLabelText('Value'), '300.1.1.1');
    await user.click(dialog.getByRole('button', { name: 'Add record' }));
    expect(dialog.getByLabelText('Value')).toHaveAccessibleDescription('Enter an IPv4 address such as 192.0.2.10');

    await user.selectOptions(dialog.getByLabelText('Type'), 'SRV');
    expect(dialog.getByLabelText('Priority')).toBeVisible();
    await user.clear(dialog.getByLabelText('TTL (seconds)'));
    await user.type(dialog.getByLabelText('TTL (seconds)'), '30');
    await user.click(dialog.getByRole('button', { name: 'Add record' }));
    expect(dialog.getByLabelText('TTL (seconds)')).toHaveAccessibleDescription(
      'TTL must be a whole number from 60 to 86400 seconds',
    );
    expect(dialog.getByLabelText('Priority')).toHaveAccessibleDescription(
      'Priority must be a whole number from 0 to 65535',
    );
    expect(dialog.getByLabelText('TTL (seconds)')).toHaveValue('30');
    expect(api.calls).not.toContain('/api/domains/d1/dns-records');

    await user.selectOptions(dialog.getByLabelText('Type'), 'CNAME');
    await user.clear(dialog.getByLabelText('Name'));
    await user.type(dialog.getByLabelText('Name'), 'www');
    await user.clear(dialog.getByLabelText('Value'));
    await user.type(dialog.getByLabelText('Value'), 'mysite.com');
    await user.clear(dialog.getByLabelText('TTL (seconds)'));
    await user.type(dialog.getByLabelText('TTL (seconds)'), '3600');
    await user.click(dialog.getByRole('button', { name: 'Add record' }));
    await waitFor(() =>
      expect(dialog.getByLabelText('Name')).toHaveAccessibleDescription(
        'A CNAME cannot share its name with other records',
      ),
    );
    expect(api.calls).toContain('/api/domains/d1/dns-records');
  });

  it('deletes a record only after the confirmation, and puts name server errors on their fields', async () => {
    const user = userEvent.setup();
    api.on('/api/domains/d1/dns-records/r2', () => ({ status: 204 }));
    await open();
    await user.click(await screen.findByRole('button', { name: 'Delete MX @' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Delete this DNS record?' }));
    expect(confirm.getByText(/mail\.mysite\.com/)).toBeVisible();
    expect(api.calls).not.toContain('/api/domains/d1/dns-records/r2');
    await user.click(confirm.getByRole('button', { name: 'Delete record' }));
    expect(await screen.findByText('The MX @ record is deleted.')).toBeVisible();
    expect(api.calls).toContain('/api/domains/d1/dns-records/r2');

    const third = screen.getByLabelText('Name server 3');
    await user.type(third, 'not a host');
    await user.click(screen.getByRole('button', { name: 'Save name servers' }));
    expect(third).toHaveAccessibleDescription('Enter a host name such as ns1.example.com');
    await user.clear(third);
    await user.clear(screen.getByLabelText('Name server 2'));
    await user.click(screen.getByRole('button', { name: 'Save name servers' }));
    expect(await screen.findByText('Enter 2 to 4 name servers')).toBeVisible();
    expect(api.calls).not.toContain('/api/domains/d1/nameservers');
  });

  it('shows each record as published or publishing, and says when our zone is not the one in use', async () => {
    await open();
    const table = within(await screen.findByRole('table', { name: 'DNS records of mysite.com' }));
    const [, published, publishing] = table.getAllByRole('row');
    expect(within(published!).getByText('Published')).toBeVisible();
    expect(within(publishing!).getByText('Publishing…')).toBeVisible();
    expect(screen.queryByText('Our DNS zone is not in use')).not.toBeInTheDocument();
  });

  it('warns that the records are not answered while the name servers point elsewhere', async () => {
    api.on('/api/domains/d1', () => ({ ...domain(), zoneInUse: false }));
    await open();
    const alert = (await screen.findByText('Our DNS zone is not in use')).closest('[role="status"]');
    expect(alert).toHaveTextContent('name servers point elsewhere');
  });

  it('shows the DNSSEC DS record with a copy button', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await open();
    const panel = (await screen.findByRole('heading', { name: 'DNSSEC' })).closest('section')!;
    expect(within(panel).getByText('41297')).toBeInTheDocument();
    expect(within(panel).getByText('13 (ECDSA P-256/SHA-256)')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Copy the DS record with key tag 41297' }));
    expect(writeText).toHaveBeenCalledWith(`${DOMAINS[0]!.name}. IN DS 41297 13 2 ${DS.digest}`);
    expect(await within(panel).findByText('The DS record is copied.')).toBeInTheDocument();
  });

  it('says the DS record comes once the zone is signed', async () => {
    api.on('/api/domains/d1', () => ({ ...domain(), dsRecords: [] }));
    await open();
    expect(await screen.findByText(/The DS record appears here once/)).toBeInTheDocument();
  });
});

describe('a domain’s zone-file import', () => {
  it('lists each refused line before sending, then imports a valid file and says how many records came in', async () => {
    const user = userEvent.setup();
    api.on('/api/domains/d1/dns/import', () => ({
      status: 201,
      body: { added: [RECORDS[0]], unchanged: 0, skipped: [] },
    }));
    renderWithRouter(<DashboardDomainPage />, {
      ...ns,
      route: '/dashboard/domains/:id',
      path: '/dashboard/domains/d1',
    });
    await user.click(await screen.findByRole('button', { name: 'Import zone file' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Import a zone file' }));
    const box = dialog.getByLabelText('Zone file');
    await user.click(box);
    await user.paste(
      '$ORIGIN mysite.com.\nwww 300 IN A 192.0.2.300\n@ 300 IN CNAME other.example.net.\nok 300 IN A 192.0.2.1',
    );
    await user.click(dialog.getByRole('button', { name: 'Import records' }));
    const report = within(dialog.getByRole('alert'));
    expect(report.getByText('2 lines cannot be imported; nothing was imported')).toBeVisible();
    expect(report.getByText('Line 2')).toBeVisible();
    expect(report.getByText('Enter an IPv4 address such as 192.0.2.10')).toBeVisible();
    expect(report.getByText('Line 3')).toBeVisible();
    expect(report.getByText('The domain itself (@) cannot be a CNAME; use A or AAAA records')).toBeVisible();
    expect(api.calls).not.toContain('/api/domains/d1/dns/import');

    await user.clear(box);
    await user.click(box);
    await user.paste('shop 300 IN A 192.0.2.7');
    await user.click(dialog.getByRole('button', { name: 'Import records' }));
    expect(await screen.findByText('1 record is imported.')).toBeVisible();
    expect(api.writes.find((w) => w.path === '/api/domains/d1/dns/import')?.body).toEqual({
      zone: 'shop 300 IN A 192.0.2.7',
    });
  });

  it('shows the server’s per-line refusal', async () => {
    const user = userEvent.setup();
    api.on('/api/domains/d1/dns/import', () => ({
      status: 400,
      body: {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'Some fields are not valid',
          fields: { 'lines.1.name': { code: 'validation.cnameConflict', message: 'A CNAME cannot share its name' } },
        },
      },
    }));
    renderWithRouter(<DashboardDomainPage />, {
      ...ns,
      route: '/dashboard/domains/:id',
      path: '/dashboard/domains/d1',
    });
    await user.click(await screen.findByRole('button', { name: 'Import zone file' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Import a zone file' }));
    await user.click(dialog.getByLabelText('Zone file'));
    await user.paste('shop 300 IN CNAME shops.example.net.');
    await user.click(dialog.getByRole('button', { name: 'Import records' }));
    const report = within(await dialog.findByRole('alert'));
    expect(report.getByText('Line 1')).toBeVisible();
    expect(report.getByText('shop 300 IN CNAME shops.example.net.')).toBeVisible();
    expect(report.getByText('A CNAME cannot share its name with other records')).toBeVisible();
  });
});

describe('a ticket’s page', () => {
  const ticket = (status: TicketDetail['status'], replies = 0): TicketDetail => ({
    ...TICKETS[0]!,
    status,
    messages: [
      {
        id: 'm1',
        authorKind: 'customer',
        authorName: 'Anna',
        body: 'The certificate fails on www.',
        createdAt: TICKETS[0]!.createdAt,
      },
      {
        id: 'm2',
        authorKind: 'staff',
        authorName: 'Jordan',
        body: 'Fixed, please check.',
        createdAt: TICKETS[0]!.updatedAt,
      },
      ...Array.from({ length: replies }, (_, i) => ({
        id: `m${i + 3}`,
        authorKind: 'customer' as const,
        authorName: 'Anna',
        body: 'Works now, thank you!',
        createdAt: TICKETS[0]!.updatedAt,
      })),
    ],
  });

  it('shows the conversation, sends a reply, closes and reopens', async () => {
    const user = userEvent.setup();
    api.on('/api/tickets/tk2', () => ticket('answered'));
    api.on('/api/tickets/tk2/messages', () => ticket('open', 1));
    api.on('/api/tickets/tk2/close', () => ticket('closed', 1));
    api.on('/api/tickets/tk2/reopen', () => ticket('open', 1));
    await renderWithRouter(<DashboardTicketPage />, {
      ...ns,
      route: '/dashboard/support/tickets/:id',
      path: '/dashboard/support/tickets/tk2',
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'SSL certificate does not show on www' }),
    ).toBeVisible();
    expect(screen.getByText('TCK-1042 · Technical · Medium priority')).toBeVisible();
    const conversation = within(screen.getByRole('region', { name: 'Conversation' }));
    expect(conversation.getAllByRole('listitem')).toHaveLength(2);
    expect(conversation.getByText('Jordan, HostPilot support')).toBeVisible();

    const reply = screen.getByLabelText('Your reply');
    await user.type(reply, 'Thanks');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(reply).toHaveAccessibleDescription('Must be at least 10 characters');
    await user.type(reply, ', works now!');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('Your reply is sent.')).toBeVisible();
    expect(conversation.getAllByRole('listitem')).toHaveLength(3);
    expect(reply).toHaveValue('');
    expect(screen.getByText('Open')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Close ticket' }));
    expect(await screen.findByText('The ticket is closed.')).toBeVisible();
    expect(screen.queryByLabelText('Your reply')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reopen ticket' }));
    expect(await screen.findByText('The ticket is open again.')).toBeVisible();
    expect(screen.getByLabelText('Your reply')).toBeVisible();
  });
});

describe('a knowledge-base article', () => {
  it('reads the article in the reader’s language, its text in paragraphs', async () => {
    api.on('/api/knowledge/articles/kb-1', (url) => ({
      id: 'kb-1',
      slug: 'point-domain',
      category: 'domains',
      language: url.searchParams.get('lang'),
      title: url.searchParams.get('lang') === 'ru' ? 'Как направить домен' : 'Point your domain',
      views: 1201,
      publishedAt: '2025-10-10T10:00:00.000Z',
      body: 'First paragraph.\n\nSecond paragraph.',
    }));
    await renderWithRouter(<DashboardArticlePage />, {
      namespaces: ['dashboard'],
      language: 'ru',
      route: '/dashboard/support/articles/:id',
      path: '/dashboard/support/articles/kb-1',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Как направить домен' })).toBeVisible();
    expect(screen.getByText(/^Домены · опубликовано .* · 1\s201 просмотр$/)).toBeVisible();
    expect(screen.getByText('Second paragraph.').tagName).toBe('P');
    expect(api.calls).toEqual(['/api/knowledge/articles/kb-1?lang=ru']);
  });
});
