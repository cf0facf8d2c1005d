import type { HostingDomains } from '@hostpilot/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { customerRoutes } from '@/test/api/customer';
import { serveApi, type TestApi } from '@/test/api/http';
import { renderWithRouter } from '@/test/render';
import { resetSession } from '@/test/session';
import { HostingDomainsPanel } from './hosting-domains-panel';

// The "Domains" section of a hosting panel (docs/decisions/069-addon-domains.md).
const domains = (extra: Partial<HostingDomains> = {}): HostingDomains => ({
  mainDomain: 'mysite.com',
  domains: [
    { name: 'shop.example', displayName: 'shop.example', status: 'active', createdAt: '2026-11-26T12:00:00.000Z' },
    { name: 'new.example', displayName: 'new.example', status: 'adding', createdAt: '2026-11-26T12:01:00.000Z' },
  ],
  used: 3,
  limit: 5,
  ...extra,
});

let api: TestApi;
beforeEach(() => {
  api = serveApi({ ...customerRoutes(), '/api/hosting/s1/domains': () => domains() });
});
afterEach(async () => {
  await resetSession();
});

const open = (language: 'en' | 'ru' = 'en', status: 'active' | 'suspended' = 'active') =>
  renderWithRouter(<HostingDomainsPanel service={{ id: 's1', status }} />, { namespaces: ['dashboard'], language });

describe('the domains of a hosting panel', () => {
  it('lists the main domain and the addon domains with their state and the count', async () => {
    await open();
    expect(await screen.findByText('3 of 5 domains used')).toBeVisible();
    expect(screen.getByText('mysite.com')).toBeVisible();
    expect(screen.getByText('Main domain')).toBeVisible();
    expect(screen.getByText('shop.example')).toBeVisible();
    expect(screen.getByText('Being added')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Add a domain' })).toBeVisible();
  });

  it('says so in Russian, with the plural form of the count', async () => {
    api.on('/api/hosting/s1/domains', () => domains({ used: 3, limit: 5 }));
    await open('ru');
    expect(await screen.findByText('Используется 3 домена из 5')).toBeVisible();
    expect(screen.getByText('Подключается')).toBeVisible();
  });

  it('has an empty state, and no form once the plan is full', async () => {
    api.on('/api/hosting/s1/domains', () => domains({ domains: [], used: 1, limit: 1 }));
    await open();
    expect(await screen.findByText(/No addon domains yet/)).toBeVisible();
    expect(screen.queryByRole('textbox', { name: 'Add a domain' })).toBeNull();
    expect(screen.getByText(/Your plan has 1 domain and it is in use/)).toBeVisible();
  });

  it("adds a domain and shows the server's refusal under the field", async () => {
    const user = userEvent.setup();
    api.on('/api/hosting/s1/domains', (_url, request) =>
      request?.method === 'POST'
        ? {
            status: 400,
            body: {
              error: {
                code: 'VALIDATION_FAILED',
                message: 'taken',
                fields: { name: { code: 'validation.addonDomainTaken', message: 'taken' } },
              },
            },
          }
        : domains(),
    );
    await open();
    await user.type(await screen.findByRole('textbox', { name: 'Add a domain' }), 'taken.example');
    await user.click(screen.getByRole('button', { name: 'Add domain' }));
    expect(await screen.findByText(/This domain is in use on another account/)).toBeVisible();
    expect(api.writes).toEqual([expect.objectContaining({ method: 'POST', body: { name: 'taken.example' } })]);
  });

  it('removes a domain after a confirm', async () => {
    const user = userEvent.setup();
    api.on('/api/hosting/s1/domains/shop.example', () => ({
      name: 'shop.example',
      displayName: 'shop.example',
      status: 'removing',
      createdAt: '2026-11-26T12:00:00.000Z',
    }));
    await open();
    await user.click(await screen.findByRole('button', { name: 'Remove shop.example' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/stops answering on shop\.example/)).toBeVisible();
    expect(api.writes).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Remove domain' }));
    await waitFor(() => expect(api.writes).toEqual([expect.objectContaining({ method: 'DELETE' })]));
  });

  it('offers no change while the service is suspended', async () => {
    await open('en', 'suspended');
    expect(await screen.findByText('Domains can be changed only while the hosting service is active')).toBeVisible();
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
  });
});
