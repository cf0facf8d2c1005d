import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '@/test/render';
import { DEFAULT_ADMIN_SETTINGS } from '../lib/settings-schema';
import { SettingsForm } from './settings-form';

const renderForm = (language: 'en' | 'ru' = 'en') => {
  const onNotice = vi.fn();
  return renderWithRouter(<SettingsForm defaults={DEFAULT_ADMIN_SETTINGS} onNotice={onNotice} />, {
    namespaces: ['admin'],
    language,
  }).then((view) => ({ ...view, onNotice }));
};

describe('system settings form (docs/product/screens.md)', () => {
  it('has the General, Security and Email fields with their defaults', async () => {
    await renderForm();
    expect(screen.getByLabelText('Site Name')).toHaveValue('HostPilot');
    expect(screen.getByLabelText('Support Email')).toHaveAttribute('type', 'email');
    expect(screen.getByRole('combobox', { name: 'Default Language' })).toHaveValue('en');
    expect(screen.getByRole('switch', { name: 'SSL Enforcement' })).toHaveAttribute('aria-checked', 'true');
    for (const name of ['Require uppercase letters', 'Require numbers', 'Require special characters']) {
      expect(screen.getByRole('checkbox', { name })).toBeChecked();
    }
    expect(screen.getByRole('group', { name: 'Password Policy' })).toBeInTheDocument();
    const port = screen.getByLabelText('SMTP Port');
    expect(port).toHaveAttribute('type', 'number');
    expect(port).toHaveAttribute('placeholder', '587');
    const encryption = screen.getByRole('combobox', { name: 'Encryption' });
    expect([...(encryption as HTMLSelectElement).options].map((option) => option.value)).toEqual([
      'tls',
      'ssl',
      'none',
    ]);
    expect(screen.getByLabelText('SMTP Username')).toBeInTheDocument();
    expect(screen.getByLabelText('SMTP Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Test Email Settings' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save All Settings' })).toHaveAttribute('type', 'submit');
  });

  it('toggles a switch by keyboard', async () => {
    const user = userEvent.setup();
    await renderForm();
    const ssl = screen.getByRole('switch', { name: 'SSL Enforcement' });
    ssl.focus();
    await user.keyboard(' ');
    expect(ssl).toHaveAttribute('aria-checked', 'false');
  });

  it('validates on save, shows the messages and focuses the first error', async () => {
    const user = userEvent.setup();
    await renderForm();
    await user.clear(screen.getByLabelText('Site Name'));
    await user.clear(screen.getByLabelText('Support Email'));
    await user.type(screen.getByLabelText('Support Email'), 'not-an-email');
    await user.type(screen.getByLabelText('SMTP Port'), '70000');
    await user.click(screen.getByRole('button', { name: 'Save All Settings' }));

    expect(screen.getByLabelText('Site Name')).toHaveAccessibleDescription('Required');
    expect(screen.getByLabelText('Site Name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Site Name')).toHaveFocus();
    expect(screen.getByLabelText('Support Email')).toHaveAccessibleDescription('Invalid email address');
    expect(screen.getByLabelText('SMTP Port')).toHaveAccessibleDescription('Enter a port number from 1 to 65535');
    expect(screen.queryByText('The settings are valid')).not.toBeInTheDocument();
  });

  it('says honestly that valid settings are not stored yet', async () => {
    const user = userEvent.setup();
    await renderForm();
    await user.type(screen.getByLabelText('SMTP Port'), '465');
    await user.click(screen.getByRole('button', { name: 'Save All Settings' }));
    expect(await screen.findByRole('status')).toHaveTextContent('The settings are valid');
    expect(screen.getByRole('status')).toHaveTextContent('nothing was stored');
  });

  it('withdraws "valid" as soon as a value changes, typed or switched', async () => {
    const user = userEvent.setup();
    await renderForm();
    await user.type(screen.getByLabelText('SMTP Port'), '465');
    await user.click(screen.getByRole('button', { name: 'Save All Settings' }));
    expect(await screen.findByRole('status')).toHaveTextContent('The settings are valid');

    await user.click(screen.getByRole('switch', { name: 'SSL Enforcement' }));
    expect(screen.queryByText(/The settings are valid/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save All Settings' }));
    expect(await screen.findByRole('status')).toHaveTextContent('The settings are valid');
    await user.type(screen.getByLabelText('Site Name'), '!');
    expect(screen.queryByText(/The settings are valid/)).not.toBeInTheDocument();
  });

  it('checks the mail server before describing the test e-mail', async () => {
    const user = userEvent.setup();
    const { onNotice } = await renderForm();
    await user.clear(screen.getByLabelText('SMTP Host'));
    await user.type(screen.getByLabelText('SMTP Host'), 'bad host!');
    await user.click(screen.getByRole('button', { name: 'Test Email Settings' }));
    expect(screen.getByLabelText('SMTP Host')).toHaveAccessibleDescription(
      'Enter a host name such as smtp.example.com',
    );
    expect(onNotice).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('SMTP Host'));
    await user.type(screen.getByLabelText('SMTP Host'), 'smtp.example.com');
    await user.click(screen.getByRole('button', { name: 'Test Email Settings' }));
    expect(onNotice).toHaveBeenCalledWith({
      title: 'Test Email Settings',
      body: 'A test message would go to support@hostpilot.example through smtp.example.com:587. Sending test e-mail is not available yet, so nothing was sent.',
    });
  });

  it('gives its messages in Russian', async () => {
    const user = userEvent.setup();
    await renderForm('ru');
    await user.clear(screen.getByLabelText('Название сайта'));
    await user.type(screen.getByLabelText('SMTP-порт'), '0');
    await user.click(screen.getByRole('button', { name: 'Сохранить все настройки' }));
    expect(screen.getByLabelText('Название сайта')).toHaveAccessibleDescription('Обязательное поле');
    expect(screen.getByLabelText('SMTP-порт')).toHaveAccessibleDescription('Введите номер порта от 1 до 65535');
  });
});
