import { randomUUID } from 'node:crypto';
import { apiSignIn } from './support/auth';
import { allowConsoleErrors, expect, test } from './support/fixtures';
import { linkPath, waitForMail } from './support/outbox';

// Each test walks a whole flow (several pages, argon2 hashing, mails): give it room on a busy machine.
test.describe.configure({ timeout: 90_000 });

const PASSWORD = 'correct horse battery';
const NEW_PASSWORD = 'a brand new passphrase';

const TEXTS = {
  en: {
    verified: 'Your e-mail is confirmed',
    forgotLink: 'Forgot password?',
    email: 'Email',
    send: 'Send the link',
    sent: 'Check your inbox',
    newPassword: 'New password',
    confirm: 'Confirm password',
    save: 'Save the new password',
    changed: 'Your password is changed',
    used: 'This link has already been used',
    subject: 'Reset your HostPilot password',
  },
  ru: {
    verified: 'Почта подтверждена',
    forgotLink: 'Забыли пароль?',
    email: 'Электронная почта',
    send: 'Отправить ссылку',
    sent: 'Проверьте почту',
    newPassword: 'Новый пароль',
    confirm: 'Повторите пароль',
    save: 'Сохранить пароль',
    changed: 'Пароль изменён',
    used: 'Эта ссылка уже использована',
    subject: 'Сброс пароля HostPilot',
  },
} as const;

for (const language of ['en', 'ru'] as const) {
  const text = TEXTS[language];
  test(`verify the e-mail, then reset a forgotten password from the mail (${language})`, async ({ page, request }) => {
    const email = `reset.${randomUUID().slice(0, 8)}@example.com`;
    const registered = await request.post('/api/auth/register', {
      data: { firstName: 'Anna', lastName: 'Ivanova', email, password: PASSWORD },
      headers: { 'accept-language': language },
    });
    expect(registered.status()).toBe(201);

    const verification = await waitForMail(email, 'verify-email');
    expect(verification.language).toBe(language);
    await page.goto(`${linkPath(verification)}`.replace('#', `?lng=${language}#`));
    await expect(page.getByText(text.verified)).toBeVisible();

    await page.goto(`/login?lng=${language}`);
    await page.getByRole('link', { name: text.forgotLink }).click();
    // The sign-in form has an e-mail field too: fill only once the router has moved to the reset request.
    await expect(page).toHaveURL(/\/forgot-password/);
    await page.getByLabel(text.email).fill(email);
    await page.getByRole('button', { name: text.send }).click();
    await expect(page.getByRole('status').filter({ hasText: text.sent })).toBeVisible();

    const mail = await waitForMail(email, 'password-reset');
    expect(mail.subject).toBe(text.subject);
    const link = linkPath(mail);
    await page.goto(link);
    await page.getByLabel(text.newPassword, { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel(text.confirm).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: text.save }).click();
    await expect(page.getByText(text.changed)).toBeVisible();
    expect((await request.post('/api/auth/login', { data: { email, password: NEW_PASSWORD } })).status()).toBe(200);

    // The link works once.
    allowConsoleErrors(/400/);
    await page.goto('/'); // a fresh load: going to the same URL again would only move to its fragment
    await page.goto(link);
    await page.getByLabel(text.newPassword, { exact: true }).fill('yet another passphrase');
    await page.getByLabel(text.confirm).fill('yet another passphrase');
    await page.getByRole('button', { name: text.save }).click();
    await expect(page.getByRole('alert')).toContainText(text.used);
  });
}

test('change the password in settings, and sign another device out', async ({ page, request }) => {
  const email = `settings.${randomUUID().slice(0, 8)}@example.com`;
  await request.post('/api/auth/register', {
    data: { firstName: 'Ivan', lastName: 'Petrov', email, password: PASSWORD },
  });
  const other = await apiSignIn(request, { email, password: PASSWORD });

  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('region', { name: 'E-mail verification' })).toBeVisible();
  await page.goto('/dashboard/settings');

  const devices = page.getByRole('region', { name: 'Signed-in devices' });
  await expect(devices.getByText('This device')).toBeVisible();
  // Signing another device out needs the current password (docs/decisions/044-account-protection.md).
  await devices.getByRole('button', { name: 'Sign out all other devices' }).click();
  await expect(devices.getByText('Required')).toBeVisible();
  await devices.getByLabel('Current password').fill(PASSWORD);
  await devices.getByRole('button', { name: 'Sign out all other devices' }).click();
  await expect(devices.getByText('Every other device was signed out.')).toBeVisible();
  expect((await request.post('/api/auth/refresh', { data: { refreshToken: other.refresh_token } })).status()).toBe(401);

  await page.getByRole('button', { name: 'Change password' }).click();
  await page.getByLabel('Current password').fill(PASSWORD);
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm the new password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password is changed. Every other device was signed out.')).toBeVisible();
  await waitForMail(email, 'password-changed');
  expect((await request.post('/api/auth/login', { data: { email, password: NEW_PASSWORD } })).status()).toBe(200);
});

test('change the e-mail in settings: the new address waits for its link, the previous one can undo the change', async ({
  page,
  request,
}) => {
  const email = `moving.${randomUUID().slice(0, 8)}@example.com`;
  const newEmail = `new.${email}`;
  await request.post('/api/auth/register', {
    data: { firstName: 'Olga', lastName: 'Smirnova', email, password: PASSWORD },
  });

  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/dashboard/settings');
  await page.getByLabel('Email', { exact: true }).fill(newEmail);
  await page.getByLabel('Current password').first().fill(PASSWORD);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(/Confirm the new address with the link we sent to it/)).toBeVisible();
  await waitForMail(newEmail, 'verify-email');

  // The previous address's link restores it and signs this browser out (docs/decisions/044-account-protection.md).
  const notice = await waitForMail(email, 'email-changed');
  expect(notice.text).toContain(newEmail);
  await page.goto(linkPath(notice));
  await expect(page.getByText('Your previous e-mail is back')).toBeVisible();
  // This browser is signed out: the header offers to sign in again.
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
  await page.locator('#main-content').getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect((await request.post('/api/auth/login', { data: { email, password: PASSWORD } })).status()).toBe(200);
});
