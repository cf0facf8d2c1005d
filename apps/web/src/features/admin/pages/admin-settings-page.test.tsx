import type { SystemSettingsView } from '@hostpilot/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { serveApi, type TestRequest } from '@/test/api/http';
import { renderWithRouter } from '@/test/render';
import { AdminSettingsPage } from './admin-settings-page';

const SAVED: SystemSettingsView = {
  general: { siteName: 'HostPilot', supportEmail: 'support@hostpilot.com', defaultLanguage: 'en' },
  security: {
    requireStaffTwoFactor: false,
    sslEnforcement: true,
    passwordPolicy: { uppercase: true, numbers: true, specialCharacters: true },
  },
  email: {
    smtpHost: 'smtp.example.com',
    smtpPort: null,
    encryption: 'tls',
    smtpUsername: 'mailer',
    smtpFrom: '',
    smtpPasswordSet: true,
  },
  smtpUrlOverride: false,
};

const ROUTES = {
  '/api/admin/settings/security': { requireStaffTwoFactor: false },
  '/api/admin/orders/settings': { requireApproval: true },
  '/api/admin/me/permissions': { role: 1, permissions: ['settings.read', 'settings.write'] },
  '/api/settings/public': {
    siteName: 'HostPilot',
    supportEmail: 'support@hostpilot.com',
    defaultLanguage: 'en',
    passwordPolicy: SAVED.security.passwordPolicy,
  },
};

const renderPage = (language: 'en' | 'ru' = 'en') =>
  renderWithRouter(<AdminSettingsPage />, { path: '/admin/settings', namespaces: ['admin'], language });

describe('System Settings page (docs/decisions/034-system-settings-and-mail.md)', () => {
  it('shows the saved settings, never a password, and says one is saved', async () => {
    serveApi({ ...ROUTES, '/api/admin/settings': SAVED });
    await renderPage();
    expect(await screen.findByLabelText('Site Name')).toHaveValue('HostPilot');
    expect(screen.getByRole('combobox', { name: 'Default Language' })).toHaveValue('en');
    expect(screen.getByRole('checkbox', { name: 'Require numbers' })).toBeChecked();
    expect(screen.getByLabelText('SMTP Host')).toHaveValue('smtp.example.com');
    const password = screen.getByLabelText('SMTP Password');
    expect(password).toHaveValue('');
    expect(password).toHaveAccessibleDescription('A password is saved. Leave the field empty to keep it.');
    expect(screen.getByRole('checkbox', { name: 'Remove the saved password' })).not.toBeChecked();
  });

  it('saves, keeping the password unless replaced, and shows the API refusal on its field', async () => {
    let refuse = true;
    const api = serveApi({
      ...ROUTES,
      '/api/admin/settings': (_url: URL, request?: TestRequest) => {
        if (request?.method !== 'PUT') return SAVED;
        if (refuse) {
          refuse = false;
          return {
            status: 400,
            body: {
              error: {
                code: 'VALIDATION_FAILED',
                message: 'Some fields are not valid',
                fields: { 'email.smtpFrom': { code: 'validation.smtpFrom', message: 'x' } },
              },
            },
          };
        }
        return { ...SAVED, general: { ...SAVED.general, siteName: 'Acme' } };
      },
    });
    const user = userEvent.setup();
    await renderPage();
    const name = await screen.findByLabelText('Site Name');
    await user.clear(name);
    await user.type(name, 'Acme');
    await user.click(screen.getByRole('button', { name: 'Save All Settings' }));
    expect(await screen.findByLabelText('Sender address')).toHaveAccessibleDescription(
      /Enter an address such as no-reply@example.com/,
    );
    expect(screen.getByLabelText('Site Name')).toHaveValue('Acme');
    const body = api.writes[0]!.body as { email: Record<string, unknown>; security: Record<string, unknown> };
    expect(body.email.smtpPassword).toBe('');
    expect(body.email.smtpPort).toBeNull();
    expect(body.security).not.toHaveProperty('requireStaffTwoFactor');

    await user.click(screen.getByRole('button', { name: 'Save All Settings' }));
    expect(await screen.findByText('The settings are saved.')).toBeInTheDocument();
    expect(screen.getByLabelText('Site Name')).toHaveValue('Acme');
  });

  it('checks the fields before a test, then shows the server answer', async () => {
    const api = serveApi({
      ...ROUTES,
      '/api/admin/settings': SAVED,
      '/api/admin/settings/email/test': {
        sent: false,
        via: 'smtp',
        to: 'me@example.com',
        server: 'smtp.example.com:587',
        detail: 'Invalid login: 535 Authentication credentials invalid',
      },
    });
    const user = userEvent.setup();
    await renderPage();
    const port = await screen.findByLabelText('SMTP Port');
    await user.type(port, '70000');
    await user.type(screen.getByLabelText('Send the test to'), 'me@example.com');
    await user.click(screen.getByRole('button', { name: 'Test Email Settings' }));
    expect(port).toHaveAccessibleDescription(/Enter a port from 1 to 65535/);
    expect(api.writes).toEqual([]);

    await user.clear(port);
    await user.click(screen.getByRole('button', { name: 'Test Email Settings' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The test message could not be sent');
    expect(screen.getByRole('alert')).toHaveTextContent('535 Authentication credentials invalid');
    expect(api.writes[0]!.body).toMatchObject({ to: 'me@example.com', email: { smtpHost: 'smtp.example.com' } });
  });

  it('gives its messages in Russian', async () => {
    serveApi({ ...ROUTES, '/api/admin/settings': SAVED });
    const user = userEvent.setup();
    await renderPage('ru');
    const name = await screen.findByLabelText('Название сайта');
    await user.clear(name);
    await user.type(screen.getByLabelText('SMTP-порт'), '0');
    await user.click(screen.getByRole('button', { name: 'Сохранить все настройки' }));
    expect(screen.getByLabelText('Название сайта')).toHaveAccessibleDescription('Обязательное поле');
    expect(screen.getByLabelText('SMTP-порт')).toHaveAccessibleDescription('Укажите порт от 1 до 65535');
  });
});
