import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { SMTPServer } from 'smtp-server';
import { apiSignIn, DEMO_ADMIN, storeTokens, type Tokens } from './support/auth';
import { allowConsoleErrors, expect, test } from './support/fixtures';

/**
 * System Settings (docs/decisions/034-system-settings-and-mail.md) as the demo administrator uses them. Each test
 * puts back what it changed, since other specs share the server.
 */

async function signIn(page: Page): Promise<Tokens> {
  const tokens = await apiSignIn(page.request, DEMO_ADMIN);
  await storeTokens(page, tokens.access_token, tokens.refresh_token);
  return tokens;
}

async function settingsOf(request: APIRequestContext, tokens: Tokens) {
  const response = await request.get('/api/admin/settings', {
    headers: { authorization: `Bearer ${tokens.access_token}` },
  });
  return (await response.json()) as {
    general: Record<string, unknown>;
    security: { sslEnforcement: boolean; passwordPolicy: Record<string, boolean> };
    email: Record<string, unknown> & { smtpPasswordSet: boolean };
  };
}

async function putSettings(
  request: APIRequestContext,
  tokens: Tokens,
  change: (settings: Awaited<ReturnType<typeof settingsOf>>) => void,
) {
  const settings = await settingsOf(request, tokens);
  change(settings);
  const { smtpPasswordSet: _set, ...email } = settings.email;
  const response = await request.put('/api/admin/settings', {
    headers: { authorization: `Bearer ${tokens.access_token}` },
    data: {
      general: settings.general,
      security: { sslEnforcement: settings.security.sslEnforcement, passwordPolicy: settings.security.passwordPolicy },
      email,
    },
  });
  expect(response.status()).toBe(200);
}

test('a setting is checked, saved on the server and still there after a reload', async ({ page }) => {
  const tokens = await signIn(page);
  await page.goto('/admin/settings');
  const sender = page.getByLabel('Sender address');
  await sender.fill('nowhere');
  await page.getByRole('button', { name: 'Save All Settings' }).click();
  await expect(sender).toHaveAccessibleDescription(/Enter an address such as no-reply@example.com/);

  const value = `E2E Mail <no-reply-${randomUUID().slice(0, 8)}@e2e.test>`;
  await sender.fill(value);
  await page.getByRole('button', { name: 'Save All Settings' }).click();
  await expect(page.getByText('The settings are saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Sender address')).toHaveValue(value);

  await putSettings(page.request, tokens, (settings) => {
    settings.email.smtpFrom = '';
  });
});

test('Test Email Settings sends through a real SMTP server and shows its answer', async ({ page }) => {
  const received: string[][] = [];
  const server = new SMTPServer({
    authOptional: false,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'mailer' && auth.password === 'e2e-Secret-42') callback(null, { user: 'mailer' });
      else callback(new Error('Authentication credentials invalid'));
    },
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        received.push(session.envelope.rcptTo.map((r) => r.address));
        callback();
      });
    },
  });
  // The port the API was started to allow (playwright.config.ts): only mail ports are allowed by default.
  const port = Number(process.env.E2E_SMTP_PORT);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  try {
    await signIn(page);
    await page.goto('/admin/settings');
    await page.getByLabel('SMTP Host').fill('127.0.0.1');
    await page.getByLabel('SMTP Port').fill(String(port));
    await page.getByLabel('Encryption').selectOption({ label: 'None' });
    await page.getByLabel('SMTP Username').fill('mailer');
    await page.getByLabel('SMTP Password').fill('wrong-password');
    await page.getByLabel('Send the test to').fill('ops@e2e.test');
    await page.getByRole('button', { name: 'Test Email Settings' }).click();
    const failure = page.getByRole('alert').filter({ hasText: 'The test message could not be sent' });
    await expect(failure).toContainText(/535/);
    await expect(failure).not.toContainText('wrong-password');

    await page.getByLabel('SMTP Password').fill('e2e-Secret-42');
    await page.getByRole('button', { name: 'Test Email Settings' }).click();
    await expect(page.getByText('The server accepted the test message for ops@e2e.test.')).toBeVisible();
    await expect(page.getByText(/The server's answer: 250/)).toBeVisible();
    expect(received).toEqual([['ops@e2e.test']]);
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

test('with no SMTP server the test mail lands in the outbox, which lists and shows it', async ({ page }) => {
  // The mail is shown in a frame sandboxed without scripts. When the test driver reaches into that frame to
  // look for text, Chromium refuses its helper script and logs the refusal: the sandbox at work, not a fault.
  allowConsoleErrors(/Blocked script execution in 'about:srcdoc' because the document's frame is sandboxed/);
  await signIn(page);
  const to = `outbox-${randomUUID().slice(0, 8)}@e2e.test`;
  await page.goto('/admin/settings');
  await page.getByLabel('SMTP Host').fill('');
  await page.getByLabel('Send the test to').fill(to);
  await page.getByRole('button', { name: 'Test Email Settings' }).click();
  await expect(page.getByText(`the test message to ${to} was filed in the outbox`)).toBeVisible();

  await page.goto('/admin/outbox');
  await page.getByRole('searchbox', { name: 'Search by recipient' }).fill(to);
  const row = page.getByRole('row', { name: new RegExp(to) });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: /^View/ }).click();
  const dialog = page.getByRole('dialog', { name: /mail settings test/ });
  await expect(dialog.getByText(to)).toBeVisible();
  await expect(dialog.locator('iframe[sandbox=""]')).toHaveCount(1);
  await expect(dialog.getByText(/This is a test message/).first()).toBeVisible();
});

test('the password policy is checked in the registration form with the translated message', async ({ page }) => {
  const tokens = await apiSignIn(page.request, DEMO_ADMIN);
  // Only "special characters": the other specs' passwords all hold a space or a hyphen, so they still pass.
  await putSettings(page.request, tokens, (settings) => {
    settings.security.passwordPolicy = { uppercase: false, numbers: false, specialCharacters: true };
  });
  try {
    await page.goto('/register');
    await page.getByLabel('First name').fill('Policy');
    await page.getByLabel('Last name').fill('Check');
    await page.getByLabel('Last name').press('Tab');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Email').fill(`policy-${randomUUID().slice(0, 8)}@e2e.test`);
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('correcthorsebattery');
    await password.blur();
    await expect(password).toHaveAccessibleDescription(
      /Include at least one character that is not a letter or a digit/,
    );
    await password.fill('correct horse battery');
    await password.blur();
    await expect(password).not.toHaveAccessibleDescription(/Include at least one/);
  } finally {
    await putSettings(page.request, tokens, (settings) => {
      settings.security.passwordPolicy = { uppercase: false, numbers: false, specialCharacters: false };
    });
  }
});
