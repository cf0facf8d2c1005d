import type { Certificate } from '@hostpilot/shared';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { customerRoutes } from '@/test/api/customer';
import { serveApi, type TestApi } from '@/test/api/http';
import { renderWithRouter } from '@/test/render';
import { resetSession } from '@/test/session';
import { DashboardCertificatePage } from './dashboard-certificate-page';

// Where the certificate is installed (docs/decisions/049-certificates-through-acme.md, addendum).
const certificate = (extra: Partial<Certificate> = {}): Certificate => ({
  status: 'issued',
  domain: 'mysite.com',
  names: ['mysite.com', 'www.mysite.com'],
  keyType: 'ec-p256',
  serial: '2b0192e4f6a93cc3',
  issuer: 'Pebble Intermediate CA 2a262f',
  notBefore: '2026-11-26T12:00:00.000Z',
  notAfter: '2031-11-26T12:00:00.000Z',
  daysLeft: 1825,
  failureCode: null,
  previous: [],
  installed: { domain: 'mysite.com', serial: '2b0192e4f6a93cc3', since: '2026-11-26T12:05:00.000Z' },
  canReissue: true,
  canRevoke: false,
  ...extra,
});

let api: TestApi;
beforeEach(() => {
  api = serveApi({ ...customerRoutes(), '/api/services/s1/certificate': () => certificate() });
});
afterEach(async () => {
  await resetSession();
});

const open = (language: 'en' | 'ru' = 'en') =>
  renderWithRouter(<DashboardCertificatePage />, {
    namespaces: ['dashboard'],
    language,
    route: '/dashboard/services/:id/certificate',
    path: '/dashboard/services/s1/certificate',
  });

describe('a certificate’s page', () => {
  it('says it is installed on the site and since when', async () => {
    await open();
    expect(await screen.findByText('Installed on your site')).toBeVisible();
    expect(screen.getByText(/mysite\.com answers HTTPS with it since/)).toBeVisible();
  });

  it('says so in Russian', async () => {
    await open('ru');
    expect(await screen.findByText('Установлен на сайте')).toBeVisible();
  });

  it('says when the site still serves the previous certificate, and when it is installed nowhere', async () => {
    api.on('/api/services/s1/certificate', () =>
      certificate({ installed: { domain: 'mysite.com', serial: '01', since: '2026-11-26T12:05:00.000Z' } }),
    );
    const first = await open();
    expect(await screen.findByText(/still serves the previous certificate/)).toBeVisible();
    first.unmount();
    api.on('/api/services/s1/certificate', () => certificate({ installed: null }));
    await open();
    expect(await screen.findByText('Not installed on a site of ours')).toBeVisible();
  });
});
