import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminDomains, adminRoutes } from '@/test/api/admin';
import { serveApi, type TestApi } from '@/test/api/http';
import { renderWithRouter } from '@/test/render';
import { AdminDomainsPage } from './admin-domains-page';

let api: TestApi;
beforeEach(() => {
  api = serveApi(adminRoutes());
});

const renderPage = (path = '/admin/domains') =>
  renderWithRouter(<AdminDomainsPage />, { path, namespaces: ['admin', 'dashboard'] });
const bodyRows = () =>
  within(screen.getByRole('table', { name: 'Domains' }))
    .getAllByRole('row')
    .slice(1);
const rowOf = (name: string) => bodyRows().find((row) => within(row).queryByText(name) !== null)!;

describe('domains', () => {
  it('offers Edit DNS and Delete on every row and Transfer on active domains only', async () => {
    await renderPage();
    await screen.findByRole('button', { name: 'Add New Domain' });
    await screen.findAllByRole('button', { name: /^Edit DNS / });
    for (const row of bodyRows()) {
      const active = within(row).queryByText('Active') !== null;
      expect(within(row).getByRole('button', { name: /^Edit DNS / })).toBeInTheDocument();
      expect(within(row).getByRole('button', { name: /^Delete / })).toBeInTheDocument();
      expect(within(row).queryAllByRole('button', { name: /^Transfer / })).toHaveLength(active ? 1 : 0);
    }
  });

  it('shows a support role no change actions', async () => {
    api.on('/api/admin/me/permissions', () => ({ role: 2, permissions: ['overview.read', 'domains.read'] }));
    await renderPage();
    await screen.findByRole('table', { name: 'Domains' });
    await waitFor(() => expect(api.calls).toContain('/api/admin/me/permissions'));
    expect(screen.queryByRole('button', { name: 'Add New Domain' })).not.toBeInTheDocument();
    expect(screen.queryAllByRole('button', { name: /^(Edit DNS|Transfer|Delete) / })).toHaveLength(0);
  });

  it('deletes only after the name is typed again, then says so', async () => {
    const user = userEvent.setup();
    const domain = adminDomains()[0]!;
    const path = `/api/admin/domains/${domain.id}`;
    api.on(path, () => ({ status: 204 }));
    await renderPage();
    await screen.findAllByRole('button', { name: /^Delete / });
    await user.click(within(rowOf(domain.name)).getByRole('button', { name: `Delete ${domain.name}` }));
    const dialog = await screen.findByRole('dialog', { name: `Delete ${domain.name}` });
    const confirm = within(dialog).getByRole('textbox', { name: `Type ${domain.name} to confirm` });
    await user.type(confirm, 'other.com');
    await user.click(within(dialog).getByRole('button', { name: 'Delete domain' }));
    expect(await within(dialog).findByText('Type the domain name exactly to confirm')).toBeInTheDocument();
    expect(api.writes.filter((write) => write.path === path)).toEqual([]);
    await user.clear(confirm);
    await user.type(confirm, domain.name.toUpperCase());
    await user.click(within(dialog).getByRole('button', { name: 'Delete domain' }));
    expect(await screen.findByText(`${domain.name} was deleted.`)).toBeInTheDocument();
    expect(api.writes.find((write) => write.path === path)).toMatchObject({
      method: 'DELETE',
      body: { confirm: domain.name.toUpperCase() },
    });
  });

  it('shows the transfer lock refusal, then the authorisation code once', async () => {
    const user = userEvent.setup();
    const domain = adminDomains()[0]!;
    const path = `/api/admin/domains/${domain.id}/transfer`;
    const refusal = {
      status: 409,
      body: {
        error: {
          code: 'INVALID_STATE',
          message: 'locked',
          fields: { transferLock: { code: 'validation.domainTransferLocked', message: 'locked' } },
        },
      },
    };
    api.on(path, () => refusal);
    await renderPage();
    await screen.findAllByRole('button', { name: /^Transfer / });
    await user.click(within(rowOf(domain.name)).getByRole('button', { name: `Transfer ${domain.name}` }));
    const dialog = await screen.findByRole('dialog', { name: `Transfer ${domain.name} out` });
    await user.click(within(dialog).getByRole('button', { name: 'Start transfer' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/The transfer lock is on/);

    api.on(path, () => ({ domain: { ...domain, status: 'transferring' }, authCode: 'AbCdEfGh23456789' }));
    await user.click(within(dialog).getByRole('button', { name: 'Start transfer' }));
    const code = await screen.findByRole('dialog', { name: `Authorisation code for ${domain.name}` });
    expect(within(code).getByText('AbCdEfGh23456789')).toBeInTheDocument();
    expect(code).toHaveTextContent('This code will not be shown again');
    await user.click(within(code).getByRole('button', { name: 'I have saved the code' }));
    expect(await screen.findByText(`The transfer of ${domain.name} has started.`)).toBeInTheDocument();
    expect(screen.queryByText('AbCdEfGh23456789')).not.toBeInTheDocument();
  });

  it('shows the DNSSEC DS record the registry holds beside the records in the DNS dialog', async () => {
    const user = userEvent.setup();
    const domain = adminDomains()[0]!;
    api.on(`/api/admin/domains/${domain.id}/dns-records`, () => ({
      items: [{ id: 'r1', type: 'A', name: '@', value: '192.0.2.10', ttl: 3600, priority: null }],
      dsRecords: [{ keyTag: 2371, algorithm: 13, digestType: 2, digest: 'AB12'.repeat(16) }],
    }));
    await renderPage();
    await user.click(await screen.findByRole('button', { name: `Edit DNS ${domain.name}` }));
    const dialog = await screen.findByRole('dialog', { name: `DNS records of ${domain.name}` });
    const dnssec = (await within(dialog).findByRole('heading', { name: 'DNSSEC' })).closest('section')!;
    expect(within(dnssec).getByText(`${domain.name}. IN DS 2371 13 2 ${'AB12'.repeat(16)}`)).toBeInTheDocument();
    expect(within(dnssec).getByRole('button', { name: 'Copy the DS record with key tag 2371' })).toBeInTheDocument();
  });
});
